// `npm run observatory`: the MDN HTTP Observatory's scanner grades the built site behind nginx, as the README's
// proxy setup runs it (TLS from a throwaway CA, http redirected to https), and prints the grade and each test of
// `/` for a visitor, and of the dashboard, /data-management and the sign-out confirmation as the signed-in owner.
// Not part of CI: it binds ports 80 and 443 (the scanner asks no others) and takes most of a minute.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeThrowawayCa, startTlsProxy } from '../tests/support/tls-proxy.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { ownerCookie } from './owner-session.ts';
import { startServer } from './spawn-server.ts';

const TOOL = resolve('tools/observatory');
const PACKAGE = join(TOOL, 'node_modules/@mdn/mdn-http-observatory');

/**
 * The scanner comes from its own lock file (tools/observatory), never the site's: its postinstall downloads the
 * HSTS preload list and the TLD list from the internet, so it is installed with --ignore-scripts (from npm's cache
 * when offline) and given empty lists: then no site counts as preloaded, which only this grade's extra credit
 * for preloading could change.
 */
function installScanner(): void {
  if (!existsSync(PACKAGE)) {
    execFileSync('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: TOOL,
      stdio: 'inherit',
    });
  }
  for (const [file, empty] of [
    ['hsts-preload.json', '{}'],
    ['tld-list.json', '[]'],
  ] as const) {
    const path = join(PACKAGE, 'conf', file);
    if (!existsSync(path)) writeFileSync(path, `${empty}\n`);
  }
}

interface TestResult {
  pass: boolean;
  result: string;
  scoreModifier: number;
}

interface Scan {
  grade: string;
  score: number;
  /** The answer graded, after any redirects: what proves which page it was. */
  statusCode: number;
  responseHeaders: Record<string, string>;
  tests: Record<string, TestResult>;
}

/** One scan of https://127.0.0.1, in a process that trusts the throwaway CA (Node reads NODE_EXTRA_CA_CERTS at start). */
function scan(caCertificate: string): Scan {
  const code = `import { scan } from '@mdn/mdn-http-observatory';
const result = await scan('127.0.0.1');
const tests = Object.fromEntries(Object.entries(result.tests).map(([name, t]) => [name, { pass: t.pass, result: t.result, scoreModifier: t.scoreModifier }]));
const { grade, score, statusCode, responseHeaders } = result.scan;
console.log(JSON.stringify({ grade, score, statusCode, responseHeaders, tests }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: TOOL,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caCertificate },
  });
  return JSON.parse(output.toString());
}

/** A page the scanner grades (as `/`, through the proxy's `root` option when it is another page or signed in). */
interface Target {
  label: string;
  path: string;
  /** The owner's session cookie, sent by the proxy. */
  cookie?: string;
  /** A page only the owner gets: what a visitor gets there must differ, or the check below proves nothing. */
  ownerOnly?: boolean;
}

installScanner();
await buildIfNeeded('http://localhost');
const folder = mkdtempSync(join(tmpdir(), 'observatory-'));
const ca = makeThrowawayCa(join(folder, 'ca'));
// A fresh embedded database, migrated and seeded at start: the grade is the site's, not one install's.
const server = await startServer({
  database: { dataDir: join(folder, 'data') },
  logFile: join(folder, 'server.log'),
  env: { SITE_URL: 'https://127.0.0.1', TRUSTED_PROXIES: '127.0.0.1' },
});

/**
 * A page's Content-Security-Policy, asked of the server directly: its hashes name the page's own inline scripts and
 * styles, so it tells which page the scanner graded (a sign-in's 404 or a redirect to `/` has another).
 */
async function policyOf(path: string, cookie?: string): Promise<string | null> {
  const response = await fetch(new URL(path, server.baseUrl), { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  await response.body?.cancel();
  return response.headers.get('content-security-policy');
}

let exitCode = 1;
try {
  const link = /^Owner sign-in: (\S+)$/m.exec(server.output())?.[1];
  if (!link) throw new Error(`The server printed no owner link:\n${server.logTail()}`);
  // The owner's session as the owner gets it (the link's button), posted to the server on this machine.
  const cookie = await ownerCookie(link, server.baseUrl);
  const targets: Target[] = [
    { label: '/, as a visitor', path: '/' },
    { label: '/, as the owner (the dashboard)', path: '/', cookie, ownerOnly: true },
    { label: '/data-management, as the owner', path: '/data-management', cookie, ownerOnly: true },
    // The scanner sends no fetch-metadata headers, so it gets the confirmation page, not the sign-out itself.
    { label: '/api/logout, as the owner (the sign-out confirmation)', path: '/api/logout', cookie },
  ];
  let allAPlus = true;
  for (const target of targets) {
    const policy = await policyOf(target.path, target.cookie);
    if (target.ownerOnly && policy === (await policyOf(target.path))) {
      throw new Error(`${target.path}: the same policy signed in or not, which cannot prove the scanner was signed in`);
    }
    const proxy = await startTlsProxy({
      folder,
      ca,
      upstreamPort: Number(new URL(server.baseUrl).port),
      httpsPort: 443,
      redirectHttp: true,
      httpPort: 80,
      root: target.cookie ? { path: target.path, cookie: target.cookie } : undefined,
    }).catch((error: Error) => {
      throw new Error(
        `${error.message}\nThe scanner asks ports 80 and 443 only: run this as root (or lower net.ipv4.ip_unprivileged_port_start).`,
      );
    });
    try {
      const result = scan(ca.caCertificate);
      if (result.statusCode !== 200 || result.responseHeaders['content-security-policy'] !== policy) {
        throw new Error(`${target.label}: the scanner got another page (status ${result.statusCode}, another policy)`);
      }
      console.log(`\n${target.label}`);
      for (const [name, test] of Object.entries(result.tests)) {
        console.log(
          `${test.pass ? 'pass' : 'FAIL'}  ${name.padEnd(32)} ${test.result} (${test.scoreModifier >= 0 ? '+' : ''}${test.scoreModifier})`,
        );
      }
      console.log(`MDN HTTP Observatory: ${result.grade} (score ${result.score})`);
      allAPlus &&= result.grade === 'A+';
    } finally {
      await proxy.stop();
    }
  }
  exitCode = allAPlus ? 0 : 1;
} catch (error) {
  console.error((error as Error).message);
} finally {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}
process.exit(exitCode);

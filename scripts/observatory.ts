// `npm run observatory`: the MDN HTTP Observatory's scanner grades the built site behind nginx, as the README's
// proxy setup runs it (TLS from a throwaway CA, http redirected to https), and prints the grade and each test.
// Not part of CI: it binds ports 80 and 443 (the scanner asks no others) and takes most of a minute.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeThrowawayCa, startTlsProxy } from '../tests/support/tls-proxy.ts';
import { buildIfNeeded } from './build-if-needed.ts';
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

/** One scan of https://127.0.0.1, in a process that trusts the throwaway CA (Node reads NODE_EXTRA_CA_CERTS at start). */
function scan(caCertificate: string): { grade: string; score: number; tests: Record<string, TestResult> } {
  const code = `import { scan } from '@mdn/mdn-http-observatory';
const result = await scan('127.0.0.1');
const tests = Object.fromEntries(Object.entries(result.tests).map(([name, t]) => [name, { pass: t.pass, result: t.result, scoreModifier: t.scoreModifier }]));
console.log(JSON.stringify({ grade: result.scan.grade, score: result.scan.score, tests }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: TOOL,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: caCertificate },
  });
  return JSON.parse(output.toString());
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
let exitCode = 1;
try {
  const proxy = await startTlsProxy({
    folder,
    ca,
    upstreamPort: Number(new URL(server.baseUrl).port),
    httpsPort: 443,
    redirectHttp: true,
    httpPort: 80,
  }).catch((error: Error) => {
    throw new Error(
      `${error.message}\nThe scanner asks ports 80 and 443 only: run this as root (or lower net.ipv4.ip_unprivileged_port_start).`,
    );
  });
  try {
    const result = scan(ca.caCertificate);
    for (const [name, test] of Object.entries(result.tests)) {
      console.log(
        `${test.pass ? 'pass' : 'FAIL'}  ${name.padEnd(32)} ${test.result} (${test.scoreModifier >= 0 ? '+' : ''}${test.scoreModifier})`,
      );
    }
    console.log(`\nMDN HTTP Observatory: ${result.grade} (score ${result.score})`);
    exitCode = result.grade === 'A+' ? 0 : 1;
  } finally {
    await proxy.stop();
  }
} catch (error) {
  console.error((error as Error).message);
} finally {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}
process.exit(exitCode);

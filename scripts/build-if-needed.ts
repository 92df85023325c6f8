import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { log } from '#api/log.ts';

export const serverEntry = resolve('dist/server/entry.mjs');
/**
 * What of the environment a build bakes in: the protocol and host of SITE_URL (Astro's `site`).
 * A start with another one rebuilds.
 */
const buildStamp = resolve('dist/.build-env.json');
function buildEnv(): string {
  const site = process.env.SITE_URL ? new URL(process.env.SITE_URL) : null;
  return JSON.stringify({ trustedHost: site ? `${site.protocol}//${site.hostname}` : '' });
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** True when there is no Node build, it was made for another SITE_URL, or a source is newer than it. */
export function needsBuild(): boolean {
  if (!existsSync(serverEntry) || !existsSync(buildStamp)) return true;
  if (readFileSync(buildStamp, 'utf8') !== buildEnv()) return true;
  const built = statSync(serverEntry).mtimeMs;
  const sources = ['src', 'api', 'public', 'drizzle', 'build', 'astro.config.mjs', 'package-lock.json'];
  return sources.some((path) => newestChange(path) > built);
}

/** Builds the Node server when needed; stops the process if the build fails. */
export function buildIfNeeded(): void {
  if (!needsBuild()) return;
  log.info('Building the site (first start, or sources changed)');
  // The build blocks this process: the line comes out before the build's own output.
  log.flush();
  const build = spawnSync('astro', ['build'], {
    stdio: 'inherit',
    // Always a production build: under vitest NODE_ENV is 'test', which would ship development React.
    env: { ...process.env, NODE_ENV: 'production', DEPLOY_TARGET: 'node', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.error) log.fatal({ reason: build.error.message }, 'Could not run astro build; run this through npm, e.g. npm start');
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(buildStamp, buildEnv());
}

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { log } from '#api/log.ts';
import { BUILD_INPUTS } from '../build/source-hash.mjs';
import { takeBuildLock } from './build-lock.ts';

export const serverEntry = resolve('dist/server/entry.mjs');
/**
 * What of the environment a build bakes in: the protocol and host of SITE_URL (Astro's `site`).
 * A start with another one rebuilds.
 */
const buildStamp = resolve('dist/.build-env.json');
function buildEnv(siteUrl: string | undefined): string {
  const site = siteUrl ? new URL(siteUrl) : null;
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
export function needsBuild(siteUrl = process.env.SITE_URL): boolean {
  if (!existsSync(serverEntry) || !existsSync(buildStamp)) return true;
  if (readFileSync(buildStamp, 'utf8') !== buildEnv(siteUrl)) return true;
  const built = statSync(serverEntry).mtimeMs;
  return BUILD_INPUTS.some((path) => newestChange(path) > built);
}

/** Held while a process builds: beside dist/ (which a build replaces) and .astro/ (which Astro may reset). */
const buildLock = resolve('.build-lock');

/**
 * Builds the Node server for `siteUrl` (the SITE_URL the server will run with) when needed; stops the process
 * if the build fails. Another process building the same checkout at the same moment is waited for, and its
 * build used.
 */
export function buildIfNeeded(siteUrl = process.env.SITE_URL): void {
  if (!needsBuild(siteUrl)) return;
  const release = takeBuildLock(buildLock, () => {
    log.info('Waiting for the build another process is making');
    log.flush();
  });
  let status: number | null = null;
  try {
    if (!needsBuild(siteUrl)) return;
    log.info('Building the site (first start, or sources changed)');
    // The build blocks this process: the line comes out before the build's own output.
    log.flush();
    // Always a production build: under vitest NODE_ENV is 'test', which would ship development React.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DEPLOY_TARGET: 'node', ASTRO_TELEMETRY_DISABLED: '1' };
    if (siteUrl) env.SITE_URL = siteUrl;
    else delete env.SITE_URL;
    const build = spawnSync('astro', ['build'], { stdio: 'inherit', env });
    if (build.error) log.fatal({ reason: build.error.message }, 'Could not run astro build; run this through npm, e.g. npm start');
    status = build.status;
    if (status === 0) writeFileSync(buildStamp, buildEnv(siteUrl));
  } finally {
    release();
  }
  if (status !== 0) process.exit(status ?? 1);
}

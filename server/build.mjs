// @ts-check
// Whether the build is older than the sources, and one build at a time per checkout. Plain JavaScript: `npm start`
// (server/start.mjs) runs it before the built server exists, without TypeScript.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUILD_INPUTS } from '../build/source-hash.mjs';

/** The built server `node` runs. */
export const serverEntry = resolve('dist/server/entry.mjs');

/** What of the environment a build bakes in: the protocol and host of SITE_URL (Astro's `site`). A start with another one rebuilds. */
const buildStamp = resolve('dist/.build-env.json');
/** @param {string | undefined} siteUrl */
function buildEnv(siteUrl) {
  const site = siteUrl ? new URL(siteUrl) : null;
  return JSON.stringify({ trustedHost: site ? `${site.protocol}//${site.hostname}` : '' });
}

/** @param {string} path @returns {number} */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** True when there is no build, it was made for another SITE_URL, or a source is newer than it. */
export function needsBuild(siteUrl = process.env.SITE_URL) {
  if (!existsSync(serverEntry) || !existsSync(buildStamp)) return true;
  if (readFileSync(buildStamp, 'utf8') !== buildEnv(siteUrl)) return true;
  const built = statSync(serverEntry).mtimeMs;
  return [...BUILD_INPUTS, 'server'].some((path) => newestChange(path) > built);
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** A process that has only just made the lock may not have written its pid yet. */
const PID_GRACE_MS = 10_000;
const POLL_MS = 200;

/** @param {number} ms */
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** True when the lock's holder is gone (or the lock vanished meanwhile). @param {string} lock */
function abandoned(lock) {
  try {
    return !isAlive(Number(readFileSync(join(lock, 'pid'), 'utf8')));
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs > PID_GRACE_MS;
    } catch {
      return true;
    }
  }
}

/**
 * Takes the lock at `lock` (a folder: making one is atomic; it holds the builder's pid, so a lock whose process has
 * died is taken over), waiting while a live process holds it; `onWait` is called once if it has to wait. Returns
 * the function that releases it. Two servers started at once on a stale build would otherwise both build into
 * the same dist/ and break each other's.
 * @param {string} lock
 * @param {() => void} [onWait]
 */
export function takeBuildLock(lock, onWait = () => {}) {
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    if (abandoned(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!waited) onWait();
    waited = true;
    sleep(POLL_MS);
  }
}

/**
 * Builds for `siteUrl` with `build` when needed, one process at a time (another process building the same checkout
 * is waited for, and its build used). `say` tells what happens. Returns whether the build (if any) succeeded.
 * @param {string | undefined} siteUrl
 * @param {(siteUrl: string | undefined) => Promise<boolean> | boolean} build
 * @param {(message: string) => void} say
 */
export async function buildIfNeeded(siteUrl, build, say) {
  if (!needsBuild(siteUrl)) return true;
  // Beside dist/ (which a build replaces) and .astro/ (which Astro may reset).
  const release = takeBuildLock(resolve('.build-lock'), () => say('Waiting for the build another process is making'));
  try {
    if (!needsBuild(siteUrl)) return true;
    say('Building the site (first start, or sources changed)');
    const ok = await build(siteUrl);
    if (ok) writeFileSync(buildStamp, buildEnv(siteUrl));
    return ok;
  } finally {
    release();
  }
}

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const serverEntry = resolve('dist/server/entry.mjs');

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** True when there is no Node build, or a source is newer than it. */
export function needsBuild(): boolean {
  if (!existsSync(serverEntry)) return true;
  const built = statSync(serverEntry).mtimeMs;
  const sources = ['src', 'api', 'public', 'drizzle', 'astro.config.mjs', 'package-lock.json'];
  return sources.some((path) => newestChange(path) > built);
}

/** Builds the Node server when needed; stops the process if the build fails. */
export function buildIfNeeded(): void {
  if (!needsBuild()) return;
  console.log('Building the site (first start, or sources changed)...');
  const build = spawnSync('astro', ['build'], {
    stdio: 'inherit',
    env: { ...process.env, DEPLOY_TARGET: 'node', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The tests' and the bench's build: `astro build` in a child process (they run under vitest or the bench, whose
// NODE_ENV and loaded modules must not leak into the build), when the sources are newer than dist/.
import { spawnSync } from 'node:child_process';
import { buildIfNeeded as buildWhenNeeded } from '../server/build.mjs';

export { needsBuild, serverEntry } from '../server/build.mjs';

/** Builds the Node server for `siteUrl` (the SITE_URL the servers will run with) when needed; throws if the build fails. */
export async function buildIfNeeded(siteUrl = process.env.SITE_URL): Promise<void> {
  const built = await buildWhenNeeded(
    siteUrl,
    (site) => {
      // Always a production build: under vitest NODE_ENV is 'test', which would ship development React.
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DEPLOY_TARGET: 'node', ASTRO_TELEMETRY_DISABLED: '1' };
      if (site) env.SITE_URL = site;
      else delete env.SITE_URL;
      return spawnSync('astro', ['build'], { stdio: 'inherit', env }).status === 0;
    },
    (message) => console.log(message),
  );
  if (!built) throw new Error('astro build failed (its output is above); run this through npm so astro is on PATH');
}

// npm start: build when the sources are newer than the build, then run the built server (dist/server/entry.mjs)
// in this same process. `npm run preview` (--no-build) serves the last build as it is. Plain JavaScript, so
// nothing here needs TypeScript; the flags and environment of the command are server/flags.mjs's.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, serverEntry } from './build.mjs';

// Libraries (React above all) pick their production or development build from NODE_ENV when first loaded.
process.env.NODE_ENV = 'production';

/** A log line in the server's JSON form (the server's own logger lives in the build). @param {string} msg */
const say = (msg) => process.stdout.write(`${JSON.stringify({ level: 30, time: new Date().toISOString(), msg })}\n`);

// `npm start -- --help` too: the help is printed by the built server, from the same config schema it runs with.
if (!process.argv.includes('--no-build')) {
  const built = await buildIfNeeded(
    process.env.SITE_URL || undefined,
    async () => {
      process.env.DEPLOY_TARGET = 'node';
      process.env.ASTRO_TELEMETRY_DISABLED = '1';
      const { build } = await import('astro');
      try {
        await build({ root: process.cwd() });
        return true;
      } catch (error) {
        say(`The build failed: ${/** @type {Error} */ (error).message}`);
        return false;
      }
    },
    say,
  );
  if (!built) process.exit(1);
} else if (!existsSync(serverEntry)) {
  say('There is no build to preview: run `npm run build` (or `npm start`) first.');
  process.exit(1);
}

await import(pathToFileURL(serverEntry).href);

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/**
 * The server runs every library in its production build, as `npm start` does: the test server is started
 * with NODE_ENV=production (plus ALLOW_TEST_SWITCHES=1) and a preload that lists every module it loads
 * (tests/support/loaded-modules.ts). After pages that render React on the server, none of those modules
 * may be a development build.
 */
const DEVELOPMENT_BUILD = /[./-]development(\.min)?\.[cm]?js$|\/development\//;

describe('production builds on the server', () => {
  it('loads React and every other library in its production build while serving visitor and owner pages', async () => {
    const admin = await sessionCookie('admin');
    for (const [path, cookie] of [
      ['/', null],
      ['/public-projects', null],
      ['/', admin],
      ['/data-management', admin],
      ['/projects', admin],
    ] as const) {
      const response = await call(path, { cookie });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
    const loaded = readFileSync(workerServer().loadedModulesLog, 'utf8').split('\n').filter(Boolean);
    // The log is real: React's server renderer was loaded, in its production build.
    expect(loaded.some((url) => /react-dom-server\.node\.production\.js$/.test(url))).toBe(true);
    expect(loaded.filter((url) => DEVELOPMENT_BUILD.test(url))).toEqual([]);
  });

  it('runs one copy of drizzle-orm, the bundled one, and one build of PGlite', async () => {
    // Something is served first, so the log holds the server's modules.
    expect((await call('/public-projects')).status).toBe(200);
    const loaded = readFileSync(workerServer().loadedModulesLog, 'utf8').split('\n').filter(Boolean);
    // Both drivers are bundled with drizzle-orm's core (ADR 016). The one copy loaded from node_modules is the
    // core rate-limiter-flexible imports itself, by a name hidden from bundlers (docs/performance.md).
    const drizzleFiles = loaded.filter((url) => url.includes('/node_modules/drizzle-orm/'));
    expect(drizzleFiles.filter((url) => /\/drizzle-orm\/(pglite|node-postgres)\//.test(url))).toEqual([]);
    // PGlite's ES build, the one the bundled driver imports, and not its CommonJS build beside it.
    const pglite = loaded.filter((url) => url.includes('/node_modules/@electric-sql/pglite/'));
    expect(pglite.some((url) => url.endsWith('/dist/index.js'))).toBe(true);
    expect(pglite.filter((url) => url.endsWith('.cjs'))).toEqual([]);
  });
});

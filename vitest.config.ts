import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/longest-first.ts';

/*
 * One runner, three layers:
 * - unit: *.test.ts beside the code (domain/, api/, src/, scripts/);
 * - server: tests/api (HTTP against the real built server) and tests/e2e (Chromium via playwright-core). The
 *   global setup (tests/support/global-setup.ts) starts one server per worker, each on its own copy of a seeded
 *   template database; a worker runs its files one after another, each from the seed (tests/support/worker-server.ts).
 */
/**
 * Browser matrices that do not depend on the database (axe, reflow, per-switch accessibility checks) and journeys
 * about the page itself run once, on the embedded database: the PostgreSQL pass (TEST_DATABASE_URL set) runs the
 * API, auth, cache and data-writing journeys, where the database server makes a difference. Add a file here only
 * if nothing it checks could differ on a PostgreSQL server.
 */
export const embeddedOnly = [
  'tests/e2e/accessibility-axe-matrix-*.test.ts',
  'tests/e2e/accessibility-drawer-by-keyboard-and-presets.test.ts',
  'tests/e2e/accessibility-every-setting-changes-the-page.test.ts',
  'tests/e2e/accessibility-reflow-and-text-spacing.test.ts',
  'tests/e2e/accessibility-settings-start-from-the-system-and-persist.test.ts',
  'tests/e2e/accessibility-status-panel.test.ts',
  'tests/e2e/accessibility-switches-reach-every-section.test.ts',
  'tests/e2e/top-bars-fit-and-the-status-chip-covers-nothing.test.ts',
  'tests/e2e/public-pages-are-accessible.test.ts',
  'tests/e2e/reader-chooses-letters-and-lines.test.ts',
  'tests/e2e/reader-follows-lines-with-the-ruler.test.ts',
  'tests/e2e/reading-settings-pass-two-checkers.test.ts',
  'tests/e2e/settings-button-leaves-room-at-the-end.test.ts',
  'tests/e2e/owner-pages-are-accessible.test.ts',
  'tests/e2e/pages-reflow-at-every-text-size.test.ts',
  'tests/api/documents-are-valid-html.test.ts',
  'tests/e2e/pages-pass-the-nu-html-checker.test.ts',
  'tests/api/one-address-per-page.test.ts',
  // Journeys about the page itself (typing before the script runs, answers held back or mocked, a keyboard on the
  // year grid): PGlite is PostgreSQL's own engine, so their queries behave alike; what differs on a PostgreSQL
  // server (connections, several processes, notifications) the other files check there.
  'tests/e2e/owner-types-before-the-page-is-ready.test.ts',
  'tests/e2e/member-waits-on-a-slow-dashboard.test.ts',
  'tests/e2e/owner-reads-a-year-by-keyboard.test.ts',
  // Starts a server of its own on a copy of the seeded embedded database.
  'tests/api/server-start-tries-another-port.test.ts',
  // Starts `npm run dev` on an embedded database of its own, whichever database the pass uses.
  'tests/api/dev-server.test.ts',
  // nginx terminating TLS in front of a server of its own on a copy of the seeded embedded database.
  'tests/e2e/owner-signs-in-over-https-behind-nginx.test.ts',
  // Start servers of their own on embedded databases, whichever database the pass uses (on PostgreSQL each would
  // migrate and seed a fresh one: 90-100 s a file for nothing the PostgreSQL pass checks).
  'tests/api/proxies-client-scheme-and-host.test.ts',
  'tests/api/owner-links-stop-once-another-way-in-exists.test.ts',
  // Clones the checkout, runs `npm ci` and `npm start` on an embedded database of its own: once per CI run.
  'tests/e2e/newcomer-clones-starts-and-adds-a-project.test.ts',
];

const UNIT_TESTS = ['domain/**/*.test.ts', 'api/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts', 'build/**/*.test.ts'];

/**
 * Unit tests that use the pass's database (api/export/test-databases.ts, TEST_DATABASE_URL, a throwaway
 * PostgreSQL): the only unit tests the PostgreSQL pass runs. The others (in-memory PGlite, or none) would run
 * exactly as they did on the embedded pass.
 */
const passDatabaseUnitTests = () =>
  globSync(UNIT_TESTS).filter((file) => /test-databases|TEST_DATABASE_URL|throwaway-postgres|createScratchDatabase/.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    // The matrices start first on a clean clone, not last (tests/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: process.env.TEST_DATABASE_URL ? passDatabaseUnitTests() : UNIT_TESTS,
          environment: 'node',
          // The files of a worker share one module graph instead of loading it afresh each (107 files: 72 → 43 s
          // here). A unit test must therefore undo what it changes globally (timers, stubbed globals), as they do.
          isolate: false,
          // Beside the server files, two at a time like them (projects run side by side only with equal maxWorkers).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? embeddedOnly : [],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/worker-server.ts'],
          // A worker's files share one process and module graph (playwright-core, the support modules), loaded once
          // instead of per file; the setup file still runs before each file. A file that changes the process
          // (tests/api/vercel-function.test.ts sets environment variables) gives it back in its afterAll.
          isolate: false,
          testTimeout: 90_000,
          // Browser journeys wait for what a person would wait for; a busy CI machine needs more than the 1 s default.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          hookTimeout: 120_000,
          // Two cores: one browser-driven file at a time per core is all the machine can take.
          maxWorkers: 2,
        },
      },
    ],
  },
});

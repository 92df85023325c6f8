import { defineConfig } from 'vitest/config';

/*
 * One runner, three layers:
 * - unit: *.test.ts beside the code (api/, src/, scripts/);
 * - server: tests/api (HTTP against the real built server) and tests/e2e (Chromium via playwright-core),
 *   both against one server process started by tests/support/global-setup.ts on a fresh database.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['api/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
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

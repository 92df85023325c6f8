import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Server tests talk to their worker's own database (tests/support/global-setup.ts makes one per worker from a
 * seeded template). A PostgreSQL URL written into a test would reach past that, into a database other runs share:
 * only tests/support/ (which creates and drops the run's databases) may name one.
 */
function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === join('tests', 'support') ? [] : files(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('test files', () => {
  it('name no PostgreSQL database of their own (only tests/support/ makes and drops them)', () => {
    const offenders = files('tests').filter((path) => /postgres(?:ql)?:\/\//i.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

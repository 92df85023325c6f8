import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Imports one of our modules in a fresh Node, and tells whether Node's TypeScript stripper (amaro) was loaded. */
function importInFreshNode(flags: string[]): { amaro: boolean; result: string } {
  const source = `
    const { nextDayBoundary } = await import('#api/cache/day-boundary.ts');
    const amaro = process.moduleLoadList.some((name) => name.includes('amaro'));
    console.log(JSON.stringify({ amaro, result: typeof nextDayBoundary('Europe/Paris') }));`;
  const child = spawnSync(process.execPath, [...flags, '--no-warnings', '--input-type=module', '-e', source], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout.trim()) as { amaro: boolean; result: string };
}

describe('our TypeScript stripped ahead of time (scripts/typescript-ahead.mjs)', () => {
  it("runs the server's modules without loading Node's own stripper into the process", () => {
    expect(importInFreshNode(['--import=./scripts/typescript-ahead.mjs'])).toEqual({ amaro: false, result: 'number' });
    // Without it, Node loads amaro (what the check above would see).
    expect(importInFreshNode([])).toEqual({ amaro: true, result: 'number' });
  });
});

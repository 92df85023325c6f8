import { describe, expect, it } from 'vitest';
import { chooseSources } from './source-days.ts';

const day = (sources: Array<[string, number]>) => ({
  day: '2026-11-10',
  sources: sources.map(([source, points]) => ({ source, points, total: points * 10, counted: false })),
});
const counted = (result: ReturnType<typeof chooseSources>) => result[0]!.sources.map((s) => [s.source, s.counted]);

describe('one source per day on the metric page', () => {
  it('counts the device with the most points and always what a person entered', () => {
    expect(counted(chooseSources([day([['iPhone', 30], ['manual', 1], ['Apple Watch', 40]])], []))).toEqual([
      ['manual', true],
      ['Apple Watch', true],
      ['iPhone', false],
    ]);
  });

  it("breaks a tie by the owner's order, then by name", () => {
    expect(counted(chooseSources([day([['iPhone', 5], ['Apple Watch', 5]])], []))).toEqual([
      ['Apple Watch', true],
      ['iPhone', false],
    ]);
    expect(counted(chooseSources([day([['iPhone', 5], ['Apple Watch', 5]])], ['iPhone']))).toEqual([
      ['iPhone', true],
      ['Apple Watch', false],
    ]);
  });
});

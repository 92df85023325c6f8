import { describe, expect, it } from 'vitest';
import { nextDayBoundary } from './day-boundary.ts';

describe('the next day boundary in the owner time zone', () => {
  it('is the coming midnight in UTC', () => {
    expect(nextDayBoundary('UTC', Date.parse('2026-11-22T23:18:07.250Z'))).toBe(Date.parse('2026-11-23T00:00:00Z'));
  });

  it('is the coming local midnight elsewhere, not UTC midnight', () => {
    // 23:18 UTC is already 00:18 on the 23rd in Berlin (UTC+1): the next boundary is the 24th, 00:00 local.
    expect(nextDayBoundary('Europe/Berlin', Date.parse('2026-11-22T23:18:07Z'))).toBe(
      Date.parse('2026-11-23T23:00:00Z'),
    );
    expect(nextDayBoundary('America/New_York', Date.parse('2026-11-22T12:00:00Z'))).toBe(
      Date.parse('2026-11-23T05:00:00Z'),
    );
  });

  it('lands on local midnight across a daylight-saving change', () => {
    // Berlin leaves summer time on 2026-10-25: that day has 25 hours.
    expect(nextDayBoundary('Europe/Berlin', Date.parse('2026-10-25T08:00:00Z'))).toBe(
      Date.parse('2026-10-25T23:00:00Z'),
    );
    expect(nextDayBoundary('Europe/Berlin', Date.parse('2026-03-29T08:00:00Z'))).toBe(
      Date.parse('2026-03-29T22:00:00Z'),
    );
  });
});

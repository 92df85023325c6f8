import { describe, expect, it } from 'vitest';
import { standing, weekStart } from './goals.ts';
import { addDays } from './owner-time.ts';

// A Thursday; its week began on Monday 1 June.
const TODAY = '2026-06-04';
const days = (entries: Record<string, number>) => new Map(Object.entries(entries));
const daily = (amount: number | null, restDays = 0, kind: 'fixed' | 'adaptive' = 'fixed') => ({ period: 'day', kind, amount, restDays });

describe('streaks that forgive', () => {
  it('counts the days in a row meeting a daily goal; today counts once met', () => {
    const values = days({ '2026-06-04': 12, '2026-06-03': 11, '2026-06-02': 5, '2026-06-01': 10 });
    expect(standing(daily(10), 'sum', values, TODAY)).toMatchObject({ target: 10, current: 12, met: true, streak: 2, restUsedThisWeek: 0 });
  });

  it('lets a rest day a week keep the streak alive, and ends it at a second miss in one week', () => {
    const values = days({
      '2026-06-04': 12,
      '2026-06-03': 11,
      '2026-06-02': 5, // missed: this week's rest day
      '2026-06-01': 10,
      '2026-05-31': 10,
      '2026-05-30': 3, // missed: last week's rest day
      '2026-05-29': 10,
      '2026-05-28': 2, // missed again last week: the streak starts after it
      '2026-05-27': 10,
    });
    expect(standing(daily(10, 1), 'sum', values, TODAY)).toMatchObject({ streak: 5, restUsedThisWeek: 1 });
    expect(standing(daily(10, 0), 'sum', values, TODAY)).toMatchObject({ streak: 2, restUsedThisWeek: 0 });
    expect(standing(daily(10, 2), 'sum', values, TODAY)).toMatchObject({ streak: 6 });
  });

  it('keeps the streak while today is still open', () => {
    const values = days({ '2026-06-03': 11, '2026-06-02': 10 });
    expect(standing(daily(10), 'sum', values, TODAY)).toMatchObject({ current: 0, met: false, streak: 2 });
  });

  it('sets an adaptive goal from the same weekday over the last 8 weeks', () => {
    const thursdays = Object.fromEntries(Array.from({ length: 8 }, (_, k) => [addDays(TODAY, -7 * (k + 1)), 4 + k]));
    const values = days({ ...thursdays, [TODAY]: 7.5 });
    // The average of 4…11 is 7.5: met, exactly.
    expect(standing(daily(null, 0, 'adaptive'), 'sum', values, TODAY)).toMatchObject({ target: 7.5, met: true });
    expect(standing(daily(null, 0, 'adaptive'), 'sum', days({ ...thursdays, [TODAY]: 7 }), TODAY)).toMatchObject({ met: false });
  });

  it('counts weeks for a weekly goal: the days summed (or averaged), this week open until met', () => {
    const week = (start: string, value: number) => Object.fromEntries(Array.from({ length: 7 }, (_, index) => [addDays(start, index), value]));
    const monday = weekStart(TODAY);
    expect(monday).toBe('2026-06-01');
    const values = days({ ...week(addDays(monday, -21), 1), ...week(addDays(monday, -14), 3), ...week(addDays(monday, -7), 3), [monday]: 5 });
    const weekly = { period: 'week', kind: 'fixed', amount: 20, restDays: 0 };
    // This week has 5 so far (not yet 20), the two before 21 each, the one before 7.
    expect(standing(weekly, 'sum', values, TODAY)).toMatchObject({ target: 20, current: 5, met: false, streak: 2 });
    expect(standing({ ...weekly, amount: 3 }, 'average', values, TODAY)).toMatchObject({ current: 5, met: true, streak: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import type { GoalStanding } from '#api/services/goals.ts';
import { goalLine, nextGoalWords, streakWords } from './goal-display.ts';

const base: GoalStanding = { period: 'day', kind: 'fixed', amount: 15, restDays: 1, target: 15, current: 6, met: false, streak: 4, restUsedThisWeek: 1 };

describe('goal words', () => {
  it('say the streak and the rest days left, never a failure', () => {
    expect(streakWords(base)).toBe('A 4-day streak, 0 of 1 rest day left this week.');
    expect(streakWords({ ...base, streak: 0, restDays: 2, restUsedThisWeek: 0 })).toBe('No streak yet, 2 of 2 rest days left this week.');
    expect(streakWords({ ...base, period: 'week', streak: 3 })).toBe('A 3-week streak.');
  });

  it('say what is left to reach the next goal, or that it is met', () => {
    expect(nextGoalWords(base, 'minutes')).toBe('Next: 9 minutes more today reaches 15.');
    expect(nextGoalWords({ ...base, current: 20, met: true }, 'minutes')).toBe("Today's goal of 15 minutes is met: 20 so far.");
    expect(nextGoalWords({ ...base, kind: 'adaptive', amount: null, target: 7.5 }, 'km')).toBe('Next: 1.5 km more today reaches 7.5 (your average over the last 8 weeks, same weekday).');
    expect(nextGoalWords({ ...base, kind: 'adaptive', target: null }, 'km')).toBe('The goal follows your own average once a few weeks of days are in.');
    expect(goalLine({ ...base, period: 'week', met: true, current: 21, target: 20 }, 'km')).toBe("A 4-week streak. This week's goal of 20 km is met: 21 so far.");
  });
});

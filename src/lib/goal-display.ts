import type { GoalStanding } from '#api/services/goals.ts';

/*
 * A goal and its streak in words (issue 30, item 5): what the KPI card and the metric page say. Never a
 * scolding: a missed day is a rest day or a fresh start, and today is never "failed" while it is open.
 */

const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function streakWords(standing: GoalStanding): string {
  const unit = standing.period === 'day' ? 'day' : 'week';
  const streak = standing.streak > 0 ? `A ${standing.streak}-${unit} streak` : 'No streak yet';
  if (standing.period !== 'day' || standing.restDays === 0) return `${streak}.`;
  const left = Math.max(0, standing.restDays - standing.restUsedThisWeek);
  return `${streak}, ${left} of ${plural(standing.restDays, 'rest day')} left this week.`;
}

export function nextGoalWords(standing: GoalStanding, unit: string): string {
  const when = standing.period === 'day' ? 'today' : 'this week';
  const suffix = unit ? ` ${unit}` : '';
  if (standing.target === null) return `The goal follows your own average once a few weeks of days are in.`;
  const basis = standing.kind === 'adaptive' ? ` (your average over the last 8 ${standing.period === 'day' ? 'weeks, same weekday' : 'weeks'})` : '';
  if (standing.met) return `${standing.period === 'day' ? "Today's" : "This week's"} goal of ${amount(standing.target)}${suffix}${basis} is met: ${amount(standing.current)} so far.`;
  return `Next: ${amount(standing.target - standing.current)}${suffix} more ${when} reaches ${amount(standing.target)}${basis}.`;
}

/** One line for a KPI card. */
export const goalLine = (standing: GoalStanding, unit: string) => `${streakWords(standing)} ${nextGoalWords(standing, unit)}`;

import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { GOALS } from '#domain/vocabulary.ts';
import type { metricGoalSave } from '#domain/shapes.ts';
import type { Db } from '../db/client.ts';
import { metricGoals, metrics } from '../db/schema.ts';
import { metricDayValues } from './daily-values.ts';
import { addDays } from './owner-time.ts';

/**
 * Goals and streaks that forgive (issue 30, item 5; docs/decisions/023-insights-goals-and-a-year-at-a-glance.md).
 * A daily goal is met on a day whose value reaches it; a weekly one in a week (Monday to Sunday) whose value
 * (the days summed, or averaged for an average or a last value) reaches it. An adaptive goal is the average of
 * the same weekday over the last 8 weeks (or of the last 8 weeks), Exist's rule. A streak counts the days (or
 * weeks) in a row meeting it; today (this week) counts once met and never ends a streak while it is open; a
 * missed day uses one of the week's rest days, and only a miss beyond them ends the streak.
 */

export type GoalInput = z.output<typeof metricGoalSave>;
export type Goal = typeof metricGoals.$inferSelect;

export interface GoalStanding {
  period: 'day' | 'week';
  kind: 'fixed' | 'adaptive';
  amount: number | null;
  restDays: number;
  /** Today's (this week's) goal; null while an adaptive goal has no history. */
  target: number | null;
  current: number;
  met: boolean;
  streak: number;
  restUsedThisWeek: number;
}

export async function findGoal(db: Db, metricId: number): Promise<Goal | null> {
  const [row] = await db.select().from(metricGoals).where(eq(metricGoals.metricId, metricId));
  return row ?? null;
}

export async function saveGoal(db: Db, metricId: number, goal: GoalInput): Promise<Goal> {
  const values = { period: goal.period, kind: goal.kind, amount: goal.amount, restDays: goal.restDays };
  const [row] = await db
    .insert(metricGoals)
    .values({ metricId, ...values })
    .onConflictDoUpdate({ target: metricGoals.metricId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function deleteGoal(db: Db, metricId: number): Promise<boolean> {
  const removed = await db.delete(metricGoals).where(eq(metricGoals.metricId, metricId)).returning({ id: metricGoals.metricId });
  return removed.length > 0;
}

/** Monday of `day`'s week. */
export const weekStart = (day: string) => addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null);

/** Where the owner stands with `goal` on `today`, from the metric's days (pure: the tests feed it days). */
export function standing(goal: Pick<Goal, 'period' | 'kind' | 'amount' | 'restDays'>, aggregation: string, values: ReadonlyMap<string, number>, today: string): GoalStanding {
  const period = goal.period as 'day' | 'week';
  const kind = goal.kind as 'fixed' | 'adaptive';
  const first = [...values.keys()].sort()[0] ?? today;
  const base = { period, kind, amount: goal.amount, restDays: goal.restDays };
  if (period === 'week') {
    const averaged = aggregation === 'average' || aggregation === 'last';
    const weekValue = (start: string) => {
      const days = Array.from({ length: 7 }, (_, index) => values.get(addDays(start, index))).filter((value): value is number => value !== undefined);
      return days.length === 0 ? null : averaged ? mean(days)! : days.reduce((sum, value) => sum + value, 0);
    };
    const target = (start: string) =>
      kind === 'fixed' ? goal.amount : mean(Array.from({ length: GOALS.adaptiveWeeks }, (_, k) => weekValue(addDays(start, -7 * (k + 1)))).filter((v): v is number => v !== null));
    const met = (start: string) => {
      const value = weekValue(start) ?? 0;
      const aim = target(start);
      return aim === null ? value > 0 : value >= aim;
    };
    const thisWeek = weekStart(today);
    let streak = met(thisWeek) ? 1 : 0;
    for (let start = addDays(thisWeek, -7); start >= weekStart(first) && met(start); start = addDays(start, -7)) streak++;
    return { ...base, target: target(thisWeek), current: weekValue(thisWeek) ?? 0, met: met(thisWeek), streak, restUsedThisWeek: 0 };
  }
  const target = (day: string) =>
    kind === 'fixed' ? goal.amount : mean(Array.from({ length: GOALS.adaptiveWeeks }, (_, k) => values.get(addDays(day, -7 * (k + 1)))).filter((v): v is number => v !== undefined));
  const met = (day: string) => {
    const value = values.get(day) ?? 0;
    const aim = target(day);
    return aim === null ? value > 0 : value >= aim;
  };
  let streak = met(today) ? 1 : 0;
  const restUsed = new Map<string, number>();
  const oldest = addDays(today, -GOALS.streakDays);
  for (let day = addDays(today, -1); day >= first && day >= oldest; day = addDays(day, -1)) {
    if (met(day)) {
      streak++;
      continue;
    }
    const week = weekStart(day);
    const used = restUsed.get(week) ?? 0;
    if (used >= goal.restDays) break;
    restUsed.set(week, used + 1);
  }
  return { ...base, target: target(today), current: values.get(today) ?? 0, met: met(today), streak, restUsedThisWeek: restUsed.get(weekStart(today)) ?? 0 };
}

/** Where the owner stands today with a goal already read, from its metric's days. */
async function standingOfGoal(db: Db, goal: Goal, aggregation: string, today: string): Promise<GoalStanding> {
  const from = addDays(today, -(GOALS.streakDays + 7 * (GOALS.adaptiveWeeks + 1)));
  return standing(goal, aggregation, await metricDayValues(db, goal.metricId, from, today), today);
}

/** The standing of a metric's goal today, or null when it has none. */
export async function goalStanding(db: Db, metric: { id: number; aggregation: string }, today: string): Promise<GoalStanding | null> {
  const goal = await findGoal(db, metric.id);
  return goal ? standingOfGoal(db, goal, metric.aggregation, today) : null;
}

/** The standing of every goal among `metricIds` (the owner's KPI cards), with the metric's unit. */
export async function standingsOf(db: Db, metricIds: number[], today: string): Promise<Map<number, { standing: GoalStanding; unit: string }>> {
  if (metricIds.length === 0) return new Map();
  // The goals and their metrics in one read, not one read per goal.
  const rows = await db
    .select({ goal: metricGoals, aggregation: metrics.aggregation, unit: metrics.unit })
    .from(metricGoals)
    .innerJoin(metrics, eq(metrics.id, metricGoals.metricId))
    .where(inArray(metricGoals.metricId, metricIds));
  const found = new Map<number, { standing: GoalStanding; unit: string }>();
  for (const { goal, aggregation, unit } of rows) found.set(goal.metricId, { standing: await standingOfGoal(db, goal, aggregation, today), unit });
  return found;
}

/** The daily goals of the metrics named by `keys` (Mind & Body's Daily Goals), by key. */
export async function dailyStandingsByKey(db: Db, keys: readonly string[], today: string): Promise<Map<string, GoalStanding>> {
  const rows = await db
    .select({ goal: metricGoals, key: metrics.key, aggregation: metrics.aggregation })
    .from(metricGoals)
    .innerJoin(metrics, eq(metrics.id, metricGoals.metricId))
    .where(inArray(metrics.key, [...keys]));
  const found = new Map<string, GoalStanding>();
  for (const { goal, key, aggregation } of rows) {
    const standing = await standingOfGoal(db, goal, aggregation, today);
    if (standing.period === 'day' && standing.target !== null) found.set(key, standing);
  }
  return found;
}

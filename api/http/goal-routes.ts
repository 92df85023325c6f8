import { metricGoalSave, metricKey } from '#domain/shapes.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { deleteGoal, goalStanding, saveGoal } from '../services/goals.ts';
import { findMetric, type Metric } from '../services/metrics.ts';
import { localDay } from '../services/owner-time.ts';
import { parseWith, readJson } from './body.ts';
import type { Handler, RequestContext } from './context.ts';
import { notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json, noContent } from './respond.ts';

/** The owner's metric a path names (goals are the owner's alone: checked before this is called). */
async function ownersMetric(context: RequestContext): Promise<Metric> {
  const metric = await findMetric(db(), parseWith(metricKey, context.params.key));
  if (!metric) throw notFound('Metric not found.');
  return metric;
}

const today = () => localDay(new Date(), config().OWNER_TIME_ZONE);

/** GET /api/metrics/{key}/goal (the goal and where the owner stands), PUT (set it), DELETE: the owner's alone. */
export const metricGoalItem: { GET: Handler; PUT: Handler; DELETE: Handler } = {
  GET: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const metric = await ownersMetric(context);
      const standing = await goalStanding(db(), metric, today());
      if (!standing) throw notFound('This metric has no goal.');
      return json(standing);
    }),
  PUT: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const metric = await ownersMetric(context);
      const goal = await readJson(context.request, metricGoalSave);
      await saveGoal(db(), metric.id, goal);
      return json(await goalStanding(db(), metric, today()));
    }),
  DELETE: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const metric = await ownersMetric(context);
      if (!(await deleteGoal(db(), metric.id))) throw notFound('This metric has no goal.');
      return noContent();
    }),
};

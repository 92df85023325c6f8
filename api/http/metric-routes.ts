import { z } from 'zod';
import { metricCreate, metricKey, metricUpdate, pointUpdate, tokenCreate } from '#domain/shapes.ts';
import { bearerTokenOf, countFailure, failuresBlocked, tokenWrite } from '../auth/bearer.ts';
import { clientAddressOf } from '../auth/origin.ts';
import { requireFreshSignIn } from '../auth/step-up.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { createToken, listTokens, markUsed, mayWrite, revokeToken, tokenFor } from '../services/access-tokens.ts';
import {
  createMetric,
  deleteMetric,
  deletePoint,
  findMetric,
  listMetricsWithCounts,
  listPoints,
  pointAt,
  pointCount,
  updateMetric,
  updatePoint,
  upsertPoints,
  type Metric,
} from '../services/metrics.ts';
import { invalidatePaths } from '../cache/invalidation.ts';
import { instantOf } from '../services/owner-time.ts';
import { parseId } from '../services/projects.ts';
import { canSee, visibleLevels } from '../services/visibility.ts';
import { readJson, parseWith } from './body.ts';
import type { Handler, RequestContext } from './context.ts';
import { HttpError, badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { instantProblem, parsePoints, RowError } from './point-rows.ts';
import { errorResponse, handle, json, noContent } from './respond.ts';

/** A batch of 1,000 points with notes is larger than the usual 100 KB body. */
const POINTS_BODY_LIMIT = 1_000_000;

/** The metric a path names, if this person may see it; 404 otherwise (an invisible metric does not exist for them). */
async function visibleMetric(context: RequestContext): Promise<Metric> {
  const key = parseWith(metricKey, context.params.key);
  const metric = await findMetric(db(), key);
  if (!metric || !canSee(context.locals.user, metric.visibility)) throw notFound('Metric not found.');
  return metric;
}

/** GET /api/metrics (what this person may see, with point counts), POST (admin). */
export const metricsCollection: { GET: Handler; POST: Handler } = {
  GET: ({ locals }) =>
    handle(async () => {
      const levels = visibleLevels(locals.user) as string[];
      return json((await listMetricsWithCounts(db())).filter((metric) => levels.includes(metric.visibility)));
    }),
  POST: ({ locals, request }) =>
    handle(async () => {
      requireAdmin(locals.user);
      const values = await readJson(request, metricCreate);
      if (await findMetric(db(), values.key))
        throw new HttpError(409, 'key: a metric with this key already exists', 'key');
      const created = await createMetric(db(), values);
      await landingChanged();
      return json(created, 201);
    }),
};

/** GET /api/metrics/{key}, PATCH and DELETE (admin; DELETE answers how many points went with it). */
export const metricItem: { GET: Handler; PATCH: Handler; DELETE: Handler } = {
  GET: (context) =>
    handle(async () => {
      const metric = await visibleMetric(context);
      return json({ ...metric, points: await pointCount(db(), metric.id) });
    }),
  PATCH: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const metric = await visibleMetric(context);
      const values = await readJson(context.request, metricUpdate);
      const updated = await updateMetric(db(), metric.key, values);
      await landingChanged();
      return json(updated);
    }),
  DELETE: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const metric = await visibleMetric(context);
      const points = await deleteMetric(db(), metric.key);
      await landingChanged();
      return json({ key: metric.key, deletedPoints: points ?? 0 });
    }),
};

export const pointsQuery = z.object({
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A refused batch names the row as well as the field. */
function refusal(error: unknown): Response | null {
  if (error instanceof RowError) return json({ error: error.message, field: error.field, row: error.row }, 400);
  return null;
}

/**
 * GET /api/metrics/{key}/points: the admin's list, newest first.
 * POST: the bearer endpoint (phone shortcuts, curl, cron): one point or up to 1,000, all or nothing.
 */
export const metricPoints: { GET: Handler; POST: Handler } = {
  GET: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const metric = await visibleMetric(context);
      const query = parseWith(pointsQuery, Object.fromEntries(context.url.searchParams));
      const zone = config().OWNER_TIME_ZONE;
      const rows = await listPoints(db(), metric.id, {
        from: query.from ? instantOf(query.from.length === 10 ? `${query.from}T00:00` : query.from, zone) : undefined,
        to: query.to ? instantOf(query.to.length === 10 ? `${query.to}T00:00` : query.to, zone) : undefined,
        limit: query.limit,
        offset: query.offset,
      });
      return json({ points: rows, total: await pointCount(db(), metric.id) });
    }),
  POST: (context) => writeWithToken(context as RequestContext & { clientAddress: string }),
};

async function writeWithToken(context: RequestContext & { clientAddress: string }): Promise<Response> {
  const cfg = config();
  const database = db();
  const address = clientAddressOf(context, cfg);
  const unauthorized = () =>
    errorResponse(401, 'A valid access token is required.', undefined, { 'WWW-Authenticate': 'Bearer' });
  try {
    const blocked = await failuresBlocked(database, address, cfg);
    if (blocked !== null)
      return errorResponse(429, 'Too many failed attempts. Try again later.', undefined, {
        'Retry-After': String(blocked),
      });
    const secret = bearerTokenOf(context.request);
    // A cookie alone never authorizes this endpoint, whoever it belongs to.
    if (!secret) return unauthorized();
    const token = await tokenFor(database, secret);
    if (!token) {
      await countFailure(database, address, cfg);
      return unauthorized();
    }
    const wait = await tokenWrite(database, token.id, cfg);
    if (wait !== null)
      return errorResponse(429, 'Too many writes with this token. Try again later.', undefined, {
        'Retry-After': String(wait),
      });
    await markUsed(database, token.id);
    return await writePoints(context, (key) => {
      if (!mayWrite(token, key)) throw new HttpError(403, 'This token may not write to this metric.');
    });
  } catch (error) {
    return refusal(error) ?? handle(() => Promise.reject(error));
  }
}

/**
 * The visitor landing page shows the public metrics (value, change, sparkline), so any metric or point write may
 * change it; it is one cached URL, cheaper to render again than to work out whether this metric is public.
 */
async function landingChanged(): Promise<void> {
  await invalidatePaths(['/']);
}

/** Shared by the bearer endpoint and the admin's import: parse every row first, then write them in one statement. */
async function writePoints(context: RequestContext, allow: (key: string) => void): Promise<Response> {
  const key = parseWith(metricKey, context.params.key);
  const metric = await findMetric(db(), key);
  if (!metric) throw notFound('Metric not found.');
  allow(metric.key);
  const body = await readJson(context.request, z.unknown(), POINTS_BODY_LIMIT);
  const rows = parsePoints(body, config().OWNER_TIME_ZONE);
  const written = await upsertPoints(db(), metric.id, rows);
  await landingChanged();
  return json({ metric: metric.key, ...written });
}

/** POST /api/metrics/{key}/points/import: the admin area's writes (CSV import), cookie session and origin-checked. */
export const adminPointsImport: Handler = (context) =>
  handle(async () => {
    requireAdmin(context.locals.user);
    try {
      return await writePoints(context, () => {});
    } catch (error) {
      const answer = refusal(error);
      if (answer) return answer;
      throw error;
    }
  });

function pointId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw badRequest('id: must be a positive whole number', 'id');
  return id;
}

/** PATCH / DELETE /api/metrics/{key}/points/{id}: the admin edits one point. */
export const pointItem: { PATCH: Handler; DELETE: Handler } = {
  PATCH: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const metric = await visibleMetric(context);
      const id = pointId(context.params.id);
      const { at: rawAt, ...values } = await readJson(context.request, pointUpdate);
      const at = rawAt === undefined ? undefined : instantOf(rawAt, config().OWNER_TIME_ZONE);
      const refused = at && instantProblem(at);
      if (refused) throw badRequest(`at: ${refused}`, 'at');
      if (at && (await pointAt(db(), metric.id, at, id)))
        throw new HttpError(409, 'at: this metric already has a point at that date and time', 'at');
      const row = await updatePoint(db(), metric.id, id, at ? { ...values, at } : values);
      if (!row) throw notFound('Point not found.');
      await landingChanged();
      return json(row);
    }),
  DELETE: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const metric = await visibleMetric(context);
      if (!(await deletePoint(db(), metric.id, pointId(context.params.id)))) throw notFound('Point not found.');
      await landingChanged();
      return noContent();
    }),
};

/** GET/POST /api/tokens: the owner's access tokens (the secret is in the POST answer only). */
export const tokensCollection: { GET: Handler; POST: Handler } = {
  GET: ({ locals }) =>
    handle(async () => {
      requireAdmin(locals.user);
      return json(await listTokens(db()));
    }),
  POST: ({ locals, request }) =>
    handle(async () => {
      requireFreshSignIn(requireAdmin(locals.user), config());
      const input = await readJson(request, tokenCreate);
      const zone = config().OWNER_TIME_ZONE;
      if (input.expiresAt && instantOf(input.expiresAt, zone).getTime() <= Date.now()) {
        throw badRequest('expiresAt: must be in the future', 'expiresAt');
      }
      const { token, summary } = await createToken(db(), input, zone);
      return json({ ...summary, token }, 201);
    }),
};

/** DELETE /api/tokens/{id}: revokes (the row stays, so its name and last use stay visible). */
export const tokenItem: { DELETE: Handler } = {
  DELETE: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const id = parseId(context.params.id);
      if (id === null) throw badRequest('id: must be a positive whole number', 'id');
      const row = await revokeToken(db(), id);
      if (!row) throw notFound('Token not found.');
      return json(row);
    }),
};

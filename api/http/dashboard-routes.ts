import { z } from 'zod';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { trendQuery } from '#domain/shapes.ts';
import { ACTIVITY_VALUES, MOOD_VALUES } from '#domain/vocabulary.ts';
import { visibleKpis, visibleTrends } from '../services/dashboard-reads.ts';
import { parseId } from '../services/projects.ts';
import { moodPlaylists } from '../services/playlists.ts';
import { parseWith } from './body.ts';
import type { Handler } from './context.ts';
import { requireUser } from './guards.ts';
import { handle, json } from './respond.ts';
import { badRequest, notFound } from './errors.ts';

/** GET /api/stats: the stats grid's cards this person may see (visitors: the public ones), in display order. */
export const statsRoute: Handler = ({ locals }) =>
  handle(async () => {
    const rows = await visibleKpis(db(), locals.user, config().OWNER_TIME_ZONE);
    return json(
      rows.map(({ id, name, value, unit, change, color, icon, sparklineData, tooltip }) => ({
        id,
        name,
        value,
        unit,
        change,
        color,
        icon,
        sparklineData,
        tooltip,
      })),
    );
  });

export const moodQuery = z.object({ mood: z.enum(MOOD_VALUES), activity: z.enum(ACTIVITY_VALUES) });

/** GET /api/spotify/mood-playlists?mood=&activity= */
export const moodPlaylistsRoute: Handler = ({ locals, url }) =>
  handle(async () => {
    requireUser(locals.user);
    const { mood, activity } = parseWith(moodQuery, {
      mood: url.searchParams.get('mood') ?? undefined,
      activity: url.searchParams.get('activity') ?? undefined,
    });
    return json(await moodPlaylists(db(), config(), mood, activity));
  });

function idParam(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw badRequest('id: must be a positive whole number', 'id');
  return id;
}

/**
 * GET /api/kpis and /api/kpis/{id}: what this person may see (visitors the public items, viewers also the
 * signed-in ones, the owner all); an item they may not see answers 404. Metric-backed values come from points.
 */
export const kpisRead: Handler = ({ locals }) =>
  handle(async () => {
    return json(await visibleKpis(db(), locals.user, config().OWNER_TIME_ZONE));
  });

export const kpiRead: Handler = ({ locals, params }) =>
  handle(async () => {
    const id = idParam(params.id);
    const row = (await visibleKpis(db(), locals.user, config().OWNER_TIME_ZONE)).find((kpi) => kpi.id === id);
    if (!row) throw notFound('KPI not found.');
    return json(row);
  });

const rangeOf = (url: URL) => parseWith(trendQuery, { range: url.searchParams.get('range') ?? undefined }).range;

/** GET /api/trends and /api/trends/{id}, likewise. */
export const trendsRead: Handler = ({ locals, url }) =>
  handle(async () => {
    return json(await visibleTrends(db(), locals.user, config().OWNER_TIME_ZONE, new Date(), rangeOf(url)));
  });

export const trendRead: Handler = ({ locals, params, url }) =>
  handle(async () => {
    const id = idParam(params.id);
    const range = rangeOf(url);
    const row = (await visibleTrends(db(), locals.user, config().OWNER_TIME_ZONE, new Date(), range)).find((trend) => trend.id === id);
    if (!row) throw notFound('Trend not found.');
    return json(row);
  });

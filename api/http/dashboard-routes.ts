import { z } from 'zod';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { ACTIVITIES, MOODS } from '../db/shapes.ts';
import { listRecords } from '../services/records.ts';
import { kpiKind } from '../services/record-kinds.ts';
import { moodPlaylists } from '../services/playlists.ts';
import { parseWith } from './body.ts';
import type { Handler } from './context.ts';
import { requireUser } from './guards.ts';
import { handle, json } from './respond.ts';

/** GET /api/stats: the stats grid's cards, in display order (stat items and KPIs are one entity). */
export const statsRoute: Handler = ({ locals }) =>
  handle(async () => {
    requireUser(locals.user);
    const rows = (await listRecords(db(), kpiKind)) as Array<Record<string, unknown>>;
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

const moodQuery = z.object({ mood: z.enum(MOODS), activity: z.enum(ACTIVITIES) });

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

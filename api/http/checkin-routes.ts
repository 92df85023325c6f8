import { calendarDay, checkinSave } from '#domain/shapes.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { findCheckin, saveCheckin } from '../services/checkins.ts';
import { localDay } from '../services/owner-time.ts';
import { readJson } from './body.ts';
import type { Handler, RequestContext } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

/** The day a path names, not after today in the owner's zone (a check-in kept offline may arrive a day late). */
function dayOf(context: RequestContext): string {
  const parsed = calendarDay.safeParse(context.params.day);
  if (!parsed.success) throw badRequest('day: must be a date (yyyy-mm-dd)', 'day');
  const day = parsed.data;
  if (day > localDay(new Date(), config().OWNER_TIME_ZONE)) throw badRequest('day: must not be after today', 'day');
  return day;
}

/** GET /api/checkins/{day} (the owner's), PUT: merge into that day's check-in (admin). */
export const checkinItem: { GET: Handler; PUT: Handler } = {
  GET: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const checkin = await findCheckin(db(), dayOf(context));
      if (!checkin) throw notFound('No check-in that day.');
      return json(checkin);
    }),
  PUT: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const day = dayOf(context);
      const changes = await readJson(context.request, checkinSave);
      return json(await saveCheckin(db(), day, changes, config().OWNER_TIME_ZONE));
    }),
};

import { diaryEntryCreate, diaryEntryUpdate } from '#domain/shapes.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { createEntry, deleteEntry, findEntry, listEntries, updateEntry } from '../services/diary.ts';
import { localDay } from '../services/owner-time.ts';
import { parseId } from '../services/projects.ts';
import { readJson } from './body.ts';
import type { Handler, RequestContext } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json, noContent } from './respond.ts';

const notAfterToday = (day: string | undefined) => {
  if (day !== undefined && day > localDay(new Date(), config().OWNER_TIME_ZONE)) throw badRequest('day: must not be after today', 'day');
};

async function entryOf(context: RequestContext) {
  const id = parseId(context.params.id);
  if (id === null) throw badRequest('id: must be a positive whole number', 'id');
  const entry = await findEntry(db(), id);
  if (!entry) throw notFound('Diary entry not found.');
  return entry;
}

/** GET /api/diary: the owner's entries, newest first; POST: a new entry. The diary is the owner's alone. */
export const diaryCollection: { GET: Handler; POST: Handler } = {
  GET: ({ locals }) =>
    handle(async () => {
      requireAdmin(locals.user);
      return json(await listEntries(db()));
    }),
  POST: ({ locals, request }) =>
    handle(async () => {
      requireAdmin(locals.user);
      const values = await readJson(request, diaryEntryCreate);
      notAfterToday(values.day);
      return json(await createEntry(db(), values), 201);
    }),
};

/** PATCH /api/diary/{id} and DELETE (admin). A check-in's entry changes its check-in and stays on its day. */
export const diaryItem: { PATCH: Handler; DELETE: Handler } = {
  PATCH: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const entry = await entryOf(context);
      const values = await readJson(context.request, diaryEntryUpdate);
      notAfterToday(values.day);
      if (entry.checkinDay && values.day !== undefined && values.day !== entry.day)
        throw badRequest("day: a check-in's entry stays on the day of its check-in", 'day');
      const updated = await updateEntry(db(), entry, values, config().OWNER_TIME_ZONE);
      return updated ? json(updated) : noContent();
    }),
  DELETE: (context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      await deleteEntry(db(), await entryOf(context), config().OWNER_TIME_ZONE);
      return noContent();
    }),
};

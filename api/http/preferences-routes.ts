import { preferencesUpdate } from '#domain/shapes.ts';
import { PREFERENCES_MAX_BYTES } from '#domain/vocabulary.ts';
import { db } from '../db/client.ts';
import { getPreferences, savePreferences } from '../services/preferences.ts';
import { readJson } from './body.ts';
import type { Handler } from './context.ts';
import { requireUser } from './guards.ts';
import { handle, json } from './respond.ts';

/** GET /api/me/preferences: the signed-in person's own saved settings (nulls when nothing is saved yet). */
export const getPreferencesRoute: Handler = ({ locals }) =>
  handle(async () => {
    const user = requireUser(locals.user);
    return json(await getPreferences(db(), user.id));
  });

/** PUT /api/me/preferences: saves the signed-in person's own settings; the body names no user, so no one else's can be touched. */
export const putPreferencesRoute: Handler = ({ locals, request }) =>
  handle(async () => {
    const user = requireUser(locals.user);
    const update = await readJson(request, preferencesUpdate, PREFERENCES_MAX_BYTES);
    return json(await savePreferences(db(), user.id, update));
  });

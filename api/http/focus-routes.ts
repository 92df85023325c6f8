import { db } from '../db/client.ts';
import { makeFocus } from '../services/focus.ts';
import { parseId } from '../services/projects.ts';
import type { Handler } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

/**
 * POST /api/current-activity/{id}/focus (admin, origin-checked like every cookie write; no body):
 * that activity becomes the one the hero pill shows, the previous focus steps down.
 */
export const makeFocusRoute: Handler = ({ locals, params }) =>
  handle(async () => {
    requireAdmin(locals.user);
    const id = parseId(params.id);
    if (id === null) throw badRequest('id: must be a positive whole number', 'id');
    const row = await makeFocus(db(), id);
    if (!row) throw notFound('Current activity not found.');
    return json(row);
  });

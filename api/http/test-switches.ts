import { databaseErrorSwitch } from '#domain/shapes.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { activityKind } from '../services/record-kinds.ts';
import { createRecord } from '../services/records.ts';
import { readJson } from './body.ts';
import type { Handler } from './context.ts';
import { notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

/**
 * POST /api/test/database-error `{ secret }`: a write the shapes would refuse (a NUL inside jsonb), sent straight
 * to the service, so a test sees how an unexpected database error is answered (500) and logged (SQL text and
 * caller, never the values). The shapes leave no such error reachable through the product's own endpoints.
 * Exists only with ALLOW_TEST_SWITCHES (404 otherwise), for the admin.
 */
export const databaseErrorSwitchRoute: Handler = ({ locals, request }) =>
  handle(async () => {
    if (!config().ALLOW_TEST_SWITCHES) throw notFound('No such API endpoint.');
    requireAdmin(locals.user);
    const { secret } = await readJson(request, databaseErrorSwitch);
    const values = { type: 'focus', title: 'Seclog broken', description: secret, progress: 10, metadata: { note: 'a\u0000b', contact: secret } };
    return json(await createRecord(db(), activityKind, values), 201);
  });

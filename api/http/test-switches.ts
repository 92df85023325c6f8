import { eq } from 'drizzle-orm';
import { databaseErrorSwitch, importStopSwitch } from '#domain/shapes.ts';
import { forgetTestStops, releaseTestHolds, setTestStop } from '../apple-health/test-stops.ts';
import { isSecure, readCookie, sessionCookieName } from '../auth/cookies.ts';
import { hashToken } from '../auth/tokens.ts';
import { invalidateEverything } from '../cache/invalidation.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { activityKind } from '../services/record-kinds.ts';
import { createRecord } from '../services/records.ts';
import { localDay } from '../services/owner-time.ts';
import { resetToSeed, takeSeedSnapshot } from '../seed/snapshot.ts';
import { readJson } from './body.ts';
import type { Handler } from './context.ts';
import { notFound } from './errors.ts';
import { requireAdmin, requireUser } from './guards.ts';
import { errorResponse, handle, json, noContent } from './respond.ts';

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

/**
 * POST /api/test/stale-session: the session this request carries forgets when its sign-in happened, so a
 * dangerous act asks it to confirm it is them (api/auth/step-up.ts), as an old session would. The harness's
 * sign-in helper calls it unless a test asks for a fresh session (tests/support/sign-in.ts). 204, or 401.
 */
export const staleSessionSwitchRoute: Handler = ({ locals, request, url }) =>
  handle(async () => {
    if (!config().ALLOW_TEST_SWITCHES) throw notFound('No such API endpoint.');
    requireUser(locals.user);
    const token = readCookie(request, sessionCookieName(isSecure(url)));
    if (token) await db().update(sessions).set({ signedInAt: null }).where(eq(sessions.sid, hashToken(token)));
    return noContent();
  });

/*
 * The harness's reset: every test file starts from the seed (tests/support/reset.ts). No session is asked for:
 * the reset signs everyone out, and only the harness's databases hold a snapshot to return to.
 */

/** POST /api/test/snapshot: keeps the database as it is now (the seeded template) as what a reset returns to. */
export const snapshotSwitchRoute: Handler = () =>
  handle(async () => {
    if (!config().ALLOW_TEST_SWITCHES) throw notFound('No such API endpoint.');
    // The template was seeded moments ago, at its start: for the owner's day as it is now.
    await takeSeedSnapshot(db(), localDay(new Date(), config().OWNER_TIME_ZONE));
    return noContent();
  });

/**
 * POST /api/test/reset: empties every table (sessions, sign-in links, rate limits, security log), puts the
 * snapshot's rows back (or seeds afresh once the owner's day has changed since) and drops everything cached in
 * memory. 409 on a database without a snapshot.
 */
export const resetSwitchRoute: Handler = () =>
  handle(async () => {
    if (!config().ALLOW_TEST_SWITCHES) throw notFound('No such API endpoint.');
    if (!(await resetToSeed(db(), config().OWNER_TIME_ZONE))) return errorResponse(409, 'This database has no seeded snapshot to return to.');
    forgetTestStops();
    await invalidateEverything();
    return noContent();
  });

/**
 * POST /api/test/import-stop `{ afterChunks, how, during }`: the next import (or undo) of this process stops after
 * that many committed chunks, with an error (`fail`), by hanging until the process is killed (`hang`) or held until
 * `{ release: true }` (`hold`), so a test sees it partway without racing a small file. Exists only with
 * ALLOW_TEST_SWITCHES, for the admin (api/apple-health/test-stops.ts).
 */
export const importStopSwitchRoute: Handler = ({ locals, request }) =>
  handle(async () => {
    if (!config().ALLOW_TEST_SWITCHES) throw notFound('No such API endpoint.');
    requireAdmin(locals.user);
    const body = await readJson(request, importStopSwitch);
    if ('release' in body) releaseTestHolds();
    else setTestStop(body.during, { afterChunks: body.afterChunks, how: body.how });
    return noContent();
  });

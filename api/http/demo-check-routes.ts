import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { checkDemos } from '../demo-check/states.ts';
import type { Handler } from './context.ts';
import { notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

/**
 * POST /api/test/check-demos: one pass of the demo checker now, as the periodic job would run it.
 * Exists only with ALLOW_TEST_SWITCHES (404 otherwise), for the admin, so a test need not wait for the schedule.
 */
export const checkDemosSwitchRoute: Handler = ({ locals }) =>
  handle(async () => {
    if (!config().ALLOW_TEST_SWITCHES) throw notFound('No such API endpoint.');
    requireAdmin(locals.user);
    return json(await checkDemos(db(), { allowLoopback: config().DEMO_CHECK_ALLOW_LOOPBACK, timeoutMs: 2_000 }));
  });

import { sameSecret } from '../auth/tokens.ts';
import { config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runOnce } from '../jobs.ts';
import { periodicJobs } from '../startup.ts';
import type { Handler } from './context.ts';
import { HttpError, notFound } from './errors.ts';
import { handle, json } from './respond.ts';

/**
 * GET /api/jobs/run: every periodic job (retention, sweeps, insights…) run once, one after another, for hosts
 * where no server process lives on to schedule them (Vercel Cron calls it, vercel.json, with
 * `Authorization: Bearer $CRON_SECRET`). Without CRON_SECRET this door does not exist (404); without the secret
 * it is 401. 200 when every job ran, 500 when one failed (the scheduler shows the run as failed); each failure is
 * logged as the scheduled jobs' are, and the others still run.
 */
export const runJobsRoute: Handler = ({ request }) =>
  handle(async () => {
    const cfg = config();
    if (!cfg.CRON_SECRET) throw notFound('No such API endpoint.');
    if (!sameSecret(request.headers.get('authorization') ?? '', `Bearer ${cfg.CRON_SECRET}`)) {
      throw new HttpError(401, 'This endpoint needs Authorization: Bearer with the CRON_SECRET.');
    }
    const jobs: Array<{ name: string; ok: boolean }> = [];
    for (const job of periodicJobs(openDatabase(cfg), cfg)) jobs.push({ name: job.name, ok: await runOnce(job) });
    const failed = jobs.filter((job) => !job.ok).map((job) => job.name);
    return failed.length === 0 ? json({ jobs }) : json({ error: `These jobs failed (see the log): ${failed.join(', ')}.`, jobs }, 500);
  });

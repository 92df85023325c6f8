import pg from 'pg';
import { errorFields } from './db/query-error.ts';
import { log } from './log.ts';

/**
 * Periodic work (sweeps, retention, backups) that must run once per deployment, not once per server
 * process. With PostgreSQL, only the process holding the jobs advisory lock runs jobs; the others
 * keep trying to take it, so when the holder stops another takes over. The embedded database serves
 * one process only, so that process runs them.
 *
 * A job never overlaps itself: its next run is timed from the end of the previous one.
 */
export interface Job {
  /** Shown in the log when a run fails. */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/** The advisory lock key of the jobs (a fixed 64-bit number; the migration lock uses another). */
export const JOBS_LOCK_KEY = 7_013_201_326_110_001n;
/** How often a process without the lock tries to take it. */
export const LOCK_RETRY_MS = 30_000;
/** The first run of every job waits this long after start, so start-up is not slowed. */
const FIRST_RUN_DELAY_MS = 5_000;

export interface JobRunnerOptions {
  /** PostgreSQL URL of a direct (not transaction-pooled) connection; without it, jobs run here. */
  databaseUrl?: string | undefined;
  lockRetryMs?: number;
  firstRunDelayMs?: number;
  onError?: (job: Job, error: unknown) => void;
}

const reportError = (job: Job, error: unknown) => log.error({ job: job.name, ...errorFields(error) }, 'Job failed');

/** One run of `job` outside any schedule (GET /api/jobs/run): true when it succeeded; a failure is logged as a scheduled one is. */
export async function runOnce(job: Job): Promise<boolean> {
  try {
    await job.run();
    return true;
  } catch (error) {
    reportError(job, error);
    return false;
  }
}

/** One process's jobs: scheduled while it holds the lock, idle otherwise. */
export class JobRunner {
  private readonly jobs: Job[] = [];
  private readonly timers = new Map<Job, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private lockClient: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private holding = false;
  private started = false;
  private stopped = false;

  private readonly options: JobRunnerOptions;

  constructor(options: JobRunnerOptions = {}) {
    this.options = options;
  }

  /** Whether this process runs the jobs right now. */
  get isRunningJobs(): boolean {
    return this.holding;
  }

  schedule(job: Job): void {
    if (!(job.everyMs > 0)) throw new Error(`Job "${job.name}" needs a positive interval`);
    this.jobs.push(job);
    if (this.holding) this.plan(job, this.options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (!this.options.databaseUrl) return this.becomeHolder();
    await this.tryToLock();
  }

  /** Stops scheduling, waits for runs under way, and lets the lock go for another process. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.resign();
    await Promise.allSettled([...this.running]);
    const client = this.lockClient;
    this.lockClient = null;
    // Ending the session releases its advisory locks.
    await client?.end().catch(() => {});
  }

  private async tryToLock(): Promise<void> {
    if (this.stopped) return;
    try {
      if (!this.lockClient) {
        const client = new pg.Client({ connectionString: this.options.databaseUrl, connectionTimeoutMillis: 5_000 });
        // A lost connection loses the lock with it: stop running jobs and try again later.
        client.on('error', () => this.lostLock(client));
        client.on('end', () => this.lostLock(client));
        await client.connect();
        this.lockClient = client;
      }
      const { rows } = await this.lockClient.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        JOBS_LOCK_KEY.toString(),
      ]);
      if (rows[0]?.locked) {
        this.becomeHolder();
        return;
      }
    } catch {
      // The database is away: no jobs here until it is back.
      const client = this.lockClient;
      this.lockClient = null;
      await client?.end().catch(() => {});
    }
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.tryToLock(), this.options.lockRetryMs ?? LOCK_RETRY_MS);
    this.retryTimer.unref();
  }

  private lostLock(client: pg.Client): void {
    if (this.lockClient !== client) return;
    this.lockClient = null;
    this.resign();
    this.retryLater();
  }

  private becomeHolder(): void {
    if (this.stopped || this.holding) return;
    this.holding = true;
    for (const job of this.jobs) this.plan(job, this.options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  }

  private resign(): void {
    this.holding = false;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private plan(job: Job, delayMs: number): void {
    const timer = setTimeout(() => {
      const run = (async () => {
        try {
          await job.run();
        } catch (error) {
          (this.options.onError ?? reportError)(job, error);
        }
      })();
      this.running.add(run);
      void run.finally(() => {
        this.running.delete(run);
        if (this.holding && this.timers.get(job) === timer) this.plan(job, job.everyMs);
      });
    }, delayMs);
    timer.unref();
    this.timers.set(job, timer);
  }
}

/** The process's runner (jobs scheduled before it starts wait in `pending`). */
const holder: { runner: JobRunner | null; pending: Job[] } = { runner: null, pending: [] };

/** Adds a periodic job; it runs only in the process holding the jobs lock (see `startJobs`). */
export function scheduleJob(job: Job): void {
  if (holder.runner) holder.runner.schedule(job);
  else holder.pending.push(job);
}

/** Called once by server/main.ts after the database is ready. */
export async function startJobs(options: JobRunnerOptions): Promise<JobRunner> {
  if (holder.runner) return holder.runner;
  const runner = new JobRunner(options);
  holder.runner = runner;
  for (const job of holder.pending.splice(0)) runner.schedule(job);
  await runner.start();
  return runner;
}

export async function stopJobs(): Promise<void> {
  const runner = holder.runner;
  holder.runner = null;
  await runner?.stop();
}

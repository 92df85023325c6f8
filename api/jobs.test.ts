import { afterEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { JOBS_LOCK_KEY, JobRunner } from './jobs.ts';

vi.setConfig({ testTimeout: 30_000 });

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

function counter(name: string, everyMs = 20) {
  const job = { name, everyMs, runs: 0, run: async () => void job.runs++ };
  return job;
}

const until = (condition: () => boolean) => vi.waitUntil(condition, { timeout: 10_000, interval: 10 });

describe('jobs without PostgreSQL (one process, the embedded database)', () => {
  it('run in this process, again and again, and stop when asked', async () => {
    const runner = new JobRunner({ firstRunDelayMs: 0 });
    runners.push(runner);
    const job = counter('tick');
    runner.schedule(job);
    await runner.start();
    await until(() => job.runs >= 3);
    await runner.stop();
    const after = job.runs;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(job.runs).toBe(after);
  });

  it('never overlap themselves, and a failing run does not end the schedule', async () => {
    const errors: string[] = [];
    const runner = new JobRunner({
      firstRunDelayMs: 0,
      onError: (job, error) => errors.push(`${job.name}: ${(error as Error).message}`),
    });
    runners.push(runner);
    let active = 0;
    let most = 0;
    let runs = 0;
    runner.schedule({
      name: 'slow',
      everyMs: 1,
      run: async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active--;
        if (++runs === 1) throw new Error('first run breaks');
      },
    });
    await runner.start();
    await until(() => runs >= 4);
    expect(most).toBe(1);
    expect(errors).toEqual(['slow: first run breaks']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('jobs with PostgreSQL (several server processes)', () => {
  const url = process.env.TEST_DATABASE_URL!;

  it('run only in the process holding the jobs lock; another takes over when it stops', async () => {
    const first = new JobRunner({ databaseUrl: url, firstRunDelayMs: 0, lockRetryMs: 50 });
    const second = new JobRunner({ databaseUrl: url, firstRunDelayMs: 0, lockRetryMs: 50 });
    runners.push(first, second);
    const a = counter('a');
    const b = counter('b');
    first.schedule(a);
    second.schedule(b);
    await first.start();
    await second.start();
    await until(() => a.runs >= 3);
    expect(first.isRunningJobs).toBe(true);
    expect(second.isRunningJobs).toBe(false);
    expect(b.runs).toBe(0);

    await first.stop();
    await until(() => b.runs >= 2);
    expect(second.isRunningJobs).toBe(true);
  });

  it('stop running jobs when the lock’s connection is cut, and start again once it is back', async () => {
    const runner = new JobRunner({ databaseUrl: url, firstRunDelayMs: 0, lockRetryMs: 50 });
    runners.push(runner);
    const job = counter('c');
    runner.schedule(job);
    await runner.start();
    await until(() => runner.isRunningJobs);
    // Someone ends the lock holder's backend (as a failover or an idle timeout would).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted
           and database = (select oid from pg_database where datname = current_database())
           and ((classid::bigint << 32) | objid::bigint) = $1`,
        [JOBS_LOCK_KEY.toString()],
      );
    } finally {
      await admin.end();
    }
    await until(() => !runner.isRunningJobs);
    await until(() => runner.isRunningJobs);
    const before = job.runs;
    await until(() => job.runs > before);
  });
});

import { and, eq, isNotNull } from 'drizzle-orm';
import { invalidatePaths, projectPaths } from '../cache/invalidation.ts';
import type { Db } from '../db/client.ts';
import { demoChecks, projects } from '../db/schema.ts';
import type { Job } from '../jobs.ts';
import { log } from '../log.ts';
import { probeDemo, type ProbeOptions } from './probe.ts';

/*
 * What the demo checker knows about each completed project's live demo, and the pass that looks again.
 * A row applies only while the project's url is the one it looked at: a new address is a demo never checked.
 */

export interface DemoState {
  checkedAt: Date;
  answeredAt: Date | null;
  /** Set while the demo does not answer: since the first look that found it silent. */
  offlineSince: Date | null;
}

/** Each project's demo state, for the address it has now (projects never checked are absent). */
export async function demoStates(db: Db): Promise<Map<number, DemoState>> {
  const rows = await db
    .select({ projectId: demoChecks.projectId, checkedAt: demoChecks.checkedAt, answeredAt: demoChecks.answeredAt, offlineSince: demoChecks.offlineSince })
    .from(demoChecks)
    .innerJoin(projects, and(eq(projects.id, demoChecks.projectId), eq(projects.url, demoChecks.url)));
  return new Map(rows.map(({ projectId, ...state }) => [projectId, state]));
}

/** One project's demo state, or null when it was never checked at its current address. */
export async function demoState(db: Db, projectId: number): Promise<DemoState | null> {
  return (await demoStates(db)).get(projectId) ?? null;
}

/** Looks at every completed project's demo once; returns how many answered, went silent, or were not looked at. */
export async function checkDemos(db: Db, options: ProbeOptions = {}, now = () => new Date()): Promise<{ answered: number; silent: number; refused: number }> {
  const candidates = await db
    .select({ id: projects.id, url: projects.url })
    .from(projects)
    .where(and(eq(projects.status, 'completed'), isNotNull(projects.url)));
  const before = await demoStates(db);
  const counts = { answered: 0, silent: 0, refused: 0 };
  for (const { id, url } of candidates) {
    if (!url) continue;
    const probe = await probeDemo(url, options);
    if (!probe.answered && probe.refused) {
      // Never looked at (a private address, say): nothing is known, so nothing changes on the pages.
      counts.refused++;
      log.warn({ projectId: id, reason: probe.reason }, 'A live demo was not checked');
      continue;
    }
    const previous = before.get(id) ?? null;
    const at = now();
    const state: DemoState = probe.answered
      ? { checkedAt: at, answeredAt: at, offlineSince: null }
      : { checkedAt: at, answeredAt: previous?.answeredAt ?? null, offlineSince: previous?.offlineSince ?? at };
    if (probe.answered) counts.answered++;
    else counts.silent++;
    await db
      .insert(demoChecks)
      .values({ projectId: id, url, ...state })
      .onConflictDoUpdate({ target: demoChecks.projectId, set: { url, ...state } });
    // The pages show only whether it answers: they change when that does.
    if ((previous?.offlineSince ?? null) === null !== (state.offlineSince === null)) await invalidatePaths(projectPaths(id));
  }
  return counts;
}

/** The periodic pass (DEMO_CHECK=on), run by the process holding the jobs lock. */
export function demoCheckJob(db: Db, everyMinutes: number, options: ProbeOptions): Job {
  return { name: 'demo check', everyMs: everyMinutes * 60_000, run: async () => void (await checkDemos(db, options)) };
}

import { asc, inArray } from 'drizzle-orm';
import type { SessionUser } from '../auth/types.ts';
import type { Db } from '../db/client.ts';
import { kpis, trends } from '../db/schema.ts';
import { withMetricKpis, withMetricTrends, type TrendRange } from './metric-backed.ts';
import { visibleLevels } from './visibility.ts';

/**
 * The KPIs and trends this person may see, metric-backed ones computed from their points. Every read
 * of KPIs and trends (API, dashboard, landing) goes through here, so visibility holds everywhere.
 */
export async function visibleKpis(db: Db, user: SessionUser | null, zone: string, now = new Date()) {
  const rows = await db
    .select()
    .from(kpis)
    .where(inArray(kpis.visibility, visibleLevels(user)))
    .orderBy(asc(kpis.position), asc(kpis.id));
  return withMetricKpis(db, rows, zone, now);
}

export async function visibleTrends(db: Db, user: SessionUser | null, zone: string, now = new Date(), range: TrendRange = '12m') {
  const rows = await db
    .select()
    .from(trends)
    .where(inArray(trends.visibility, visibleLevels(user)))
    .orderBy(asc(trends.id));
  return withMetricTrends(db, rows, zone, now, range);
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Periods of a metric as numbers, computed by PostgreSQL (never by loading every point into
 * JavaScript). Month boundaries are the owner's (`at time zone`), so a point logged at 00:30 on
 * the 1st in Auckland counts for that month even though it is still the previous month in UTC.
 */

export interface MonthValue {
  /** yyyy-mm in the owner's zone. */
  month: string;
  /** null when the month has no point (sum and count give 0 instead). */
  value: number | null;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** One period's aggregate of `p` (metric_points) for the metric `m`, restricted by `where`. */
const aggregate = (where: SQL) => sql`case m.aggregation
  when 'sum' then coalesce(sum(p.value) filter (where ${where}), 0)
  when 'count' then (count(p.id) filter (where ${where}))::float8
  when 'average' then avg(p.value) filter (where ${where})
  else (array_agg(p.value order by p.at desc) filter (where ${where}))[1]
end`;

/** The last `months` calendar months (the current one included) of each metric, oldest first. */
export async function monthlyValues(
  db: Db,
  metricIds: number[],
  zone: string,
  now: Date,
  months = 12,
): Promise<Map<number, MonthValue[]>> {
  const result = new Map<number, MonthValue[]>();
  if (metricIds.length === 0) return result;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  type MonthRow = { metric_id: number; month: string; value: number | string | null };
  const rows = await db.execute<MonthRow>(sql`
    with months as (
      select generate_series(
        date_trunc('month', ${nowAt} at time zone ${zone}) - make_interval(months => ${months - 1}::int),
        date_trunc('month', ${nowAt} at time zone ${zone}),
        interval '1 month'
      ) as local_start
    )
    select m.id as metric_id, to_char(mo.local_start, 'YYYY-MM') as month, ${aggregate(sql`p.id is not null`)} as value
    from metrics m
    cross join months mo
    left join metric_points p on p.metric_id = m.id
      and p.at >= (mo.local_start at time zone ${zone})
      and p.at < ((mo.local_start + interval '1 month') at time zone ${zone})
      and p.at <= ${nowAt}
    where m.id in (${idList(metricIds)})
    group by m.id, m.aggregation, mo.local_start
    order by m.id, mo.local_start`);
  for (const row of rowsOf<MonthRow>(rows)) {
    const list = result.get(Number(row.metric_id)) ?? [];
    list.push({ month: row.month, value: row.value === null ? null : Number(row.value) });
    result.set(Number(row.metric_id), list);
  }
  return result;
}

/** Most months an all-time view spans (twenty years), so one odd old point cannot make a read unbounded. */
export const MAX_MONTHS = 240;

/**
 * How many calendar months (the current one included) each metric's history spans in the owner's zone,
 * from the month of its first point; 1 for a metric without points. At most MAX_MONTHS.
 */
export async function monthsOfHistory(db: Db, metricIds: number[], zone: string, now: Date): Promise<Map<number, number>> {
  const result = new Map<number, number>(metricIds.map((id) => [id, 1]));
  if (metricIds.length === 0) return result;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  type SpanRow = { metric_id: number; months: number | string };
  const rows = await db.execute<SpanRow>(sql`
    select p.metric_id,
      (extract(year from age(date_trunc('month', ${nowAt} at time zone ${zone}), date_trunc('month', min(p.at) at time zone ${zone}))) * 12
        + extract(month from age(date_trunc('month', ${nowAt} at time zone ${zone}), date_trunc('month', min(p.at) at time zone ${zone}))) + 1) as months
    from metric_points p
    where p.metric_id in (${idList(metricIds)}) and p.at <= ${nowAt}
    group by p.metric_id`);
  for (const row of rowsOf<SpanRow>(rows)) {
    result.set(Number(row.metric_id), Math.min(MAX_MONTHS, Math.max(1, Number(row.months))));
  }
  return result;
}

export interface PeriodComparison {
  /** This month so far (sum, average, count) or the latest point (last). */
  current: number | null;
  /** Last month up to the same moment, or the latest point a month ago (last). */
  previous: number | null;
}

/**
 * This month so far against last month up to the same day and time, so a KPI on the 5th is not
 * compared with a whole month. A 'last' metric compares its latest point with the one a month ago.
 */
export async function compareWithLastMonth(
  db: Db,
  metricIds: number[],
  zone: string,
  now: Date,
): Promise<Map<number, PeriodComparison>> {
  const result = new Map<number, PeriodComparison>();
  if (metricIds.length === 0) return result;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const monthStart = sql`(date_trunc('month', ${nowAt} at time zone ${zone}) at time zone ${zone})`;
  const lastMonthStart = sql`((date_trunc('month', ${nowAt} at time zone ${zone}) - interval '1 month') at time zone ${zone})`;
  const monthAgo = sql`((${nowAt} at time zone ${zone} - interval '1 month') at time zone ${zone})`;
  type ComparisonRow = {
    metric_id: number;
    aggregation: string;
    current: number | string | null;
    previous: number | string | null;
    current_last: number | null;
    previous_last: number | null;
  };
  const rows = await db.execute<ComparisonRow>(sql`
    select m.id as metric_id, m.aggregation,
      ${aggregate(sql`p.at >= ${monthStart}`)} as current,
      ${aggregate(sql`p.at < ${monthAgo}`)} as previous,
      (select value from metric_points l where l.metric_id = m.id and l.at <= ${nowAt} order by l.at desc limit 1) as current_last,
      (select value from metric_points l where l.metric_id = m.id and l.at <= ${monthAgo} order by l.at desc limit 1) as previous_last
    from metrics m
    left join metric_points p on p.metric_id = m.id and p.at >= ${lastMonthStart} and p.at <= ${nowAt}
    where m.id in (${idList(metricIds)})
    group by m.id, m.aggregation`);
  for (const row of rowsOf<ComparisonRow>(rows)) {
    const isLast = row.aggregation === 'last';
    const number = (value: number | string | null) => (value === null ? null : Number(value));
    result.set(Number(row.metric_id), {
      current: number(isLast ? row.current_last : row.current),
      previous: number(isLast ? row.previous_last : row.previous),
    });
  }
  return result;
}

/** node-postgres answers `{ rows }`, PGlite too; both drivers are typed as node-postgres here. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cachedAggregate } from './metric-aggregate-cache.ts';
import { countedDays, dayRows, rollupsOn } from './metric-days.ts';

/**
 * Periods of metrics as numbers, from the daily rollups (metric-days.ts: one source per day), never by
 * loading every point. Month boundaries are the owner's (`at time zone`), so a point logged at 00:30 on
 * the 1st in Auckland counts for that month even though it is still the previous month in UTC. The rollups'
 * days are in the zone they were built in (OWNER_TIME_ZONE, which the server checks at start): `zone` is it.
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

/** The last `months` calendar months (the current one included) of each metric, oldest first. */
export function monthlyValues(
  db: Db,
  metricIds: number[],
  zone: string,
  now: Date,
  months = 12,
): Promise<Map<number, MonthValue[]>> {
  return cachedAggregate(db, cacheKey('months', metricIds, zone, months), now, {
    until: () => unchangedUntil(db, metricIds, zone, now, false),
    value: () => queryMonthlyValues(db, metricIds, zone, now, months),
  });
}

async function queryMonthlyValues(
  db: Db,
  metricIds: number[],
  zone: string,
  now: Date,
  months: number,
): Promise<Map<number, MonthValue[]>> {
  const result = new Map<number, MonthValue[]>();
  if (metricIds.length === 0) return result;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  type MonthRow = { metric_id: number; month: string; value: number | string | null };
  const firstMonth = sql`(date_trunc('month', ${nowAt} at time zone ${zone}) - make_interval(months => ${months - 1}::int))`;
  // Each point is read once and put in its owner's month (an index range scan, then one group per
  // metric and month); joining points to every month instead compared each point with each month.
  // Days from the rollups (the current one from its points up to now), then one group per metric and month.
  const rows = await db.execute<MonthRow>(sql`
    with months as (
      select generate_series(${firstMonth}, date_trunc('month', ${nowAt} at time zone ${zone}), interval '1 month') as local_start
    ),
    days as (${countedDays(dayRows(idList(metricIds), sql`(${firstMonth})::date`, nowAt, zone))}),
    buckets as (
      select d.metric_id, date_trunc('month', d.day::timestamp) as local_start,
        sum(d.total) as total, sum(d.points) as n, sum(d.total) / nullif(sum(d.points), 0) as mean,
        (array_agg(d.last_value order by d.last_at desc))[1] as latest
      from days d
      group by d.metric_id, 2
    )
    select m.id as metric_id, to_char(mo.local_start, 'YYYY-MM') as month,
      case m.aggregation
        when 'sum' then coalesce(b.total, 0)
        when 'count' then coalesce(b.n, 0)
        when 'average' then b.mean
        else b.latest
      end as value
    from metrics m
    cross join months mo
    left join buckets b on b.metric_id = m.id and b.local_start = mo.local_start
    where m.id in (${idList(metricIds)})
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
export function monthsOfHistory(db: Db, metricIds: number[], zone: string, now: Date): Promise<Map<number, number>> {
  return cachedAggregate(db, cacheKey('history', metricIds, zone), now, {
    until: () => unchangedUntil(db, metricIds, zone, now, false),
    value: () => queryMonthsOfHistory(db, metricIds, zone, now),
  });
}

async function queryMonthsOfHistory(
  db: Db,
  metricIds: number[],
  zone: string,
  now: Date,
): Promise<Map<number, number>> {
  const result = new Map<number, number>(metricIds.map((id) => [id, 1]));
  if (metricIds.length === 0) return result;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  type SpanRow = { metric_id: number; months: number | string };
  const today = sql`(${nowAt} at time zone ${zone})::date`;
  const rows = await db.execute<SpanRow>(sql`
    select r.metric_id,
      (extract(year from age(date_trunc('month', ${today}::timestamp), date_trunc('month', min(r.day)::timestamp))) * 12
        + extract(month from age(date_trunc('month', ${today}::timestamp), date_trunc('month', min(r.day)::timestamp))) + 1) as months
    from metric_daily_rollups r
    where r.metric_id in (${idList(metricIds)}) and r.day <= ${today}
    group by r.metric_id`);
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
export function compareWithLastMonth(
  db: Db,
  metricIds: number[],
  zone: string,
  now: Date,
): Promise<Map<number, PeriodComparison>> {
  return cachedAggregate(db, cacheKey('compare', metricIds, zone), now, {
    until: () => unchangedUntil(db, metricIds, zone, now, true),
    value: () => queryComparison(db, metricIds, zone, now),
  });
}

async function queryComparison(
  db: Db,
  metricIds: number[],
  zone: string,
  now: Date,
): Promise<Map<number, PeriodComparison>> {
  const result = new Map<number, PeriodComparison>();
  if (metricIds.length === 0) return result;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const ids = idList(metricIds);
  const monthStart = sql`date_trunc('month', ${nowAt} at time zone ${zone})::date`;
  const lastMonthStart = sql`(date_trunc('month', ${nowAt} at time zone ${zone}) - interval '1 month')::date`;
  const monthAgo = sql`((${nowAt} at time zone ${zone} - interval '1 month') at time zone ${zone})`;
  type ComparisonRow = {
    metric_id: number;
    aggregation: string;
    current: number | string | null;
    previous: number | string | null;
    current_last: number | null;
    previous_last: number | null;
  };
  // Per period: the counted days' points and totals; 'last' takes the latest counted point up to an instant.
  const period = (from: SQL, until: SQL, inclusive: boolean) => sql`(
    select d.metric_id, sum(d.total) as total, sum(d.points) as n
    from (${countedDays(dayRows(ids, from, until, zone, inclusive))}) d group by d.metric_id)`;
  const valueOf = (p: string) => sql.raw(`case m.aggregation
      when 'sum' then coalesce(${p}.total, 0)
      when 'count' then coalesce(${p}.n, 0)
      when 'average' then ${p}.total / nullif(${p}.n, 0)
    end`);
  const rows = await db.execute<ComparisonRow>(sql`
    select m.id as metric_id, m.aggregation,
      ${valueOf('cur')} as current,
      ${valueOf('prev')} as previous,
      case when m.aggregation = 'last' then ${latestUpTo(nowAt, zone)} end as current_last,
      case when m.aggregation = 'last' then ${latestUpTo(monthAgo, zone)} end as previous_last
    from metrics m
    left join ${period(monthStart, nowAt, true)} cur on cur.metric_id = m.id
    left join ${period(lastMonthStart, monthAgo, false)} prev on prev.metric_id = m.id
    where m.id in (${ids})`);
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

/**
 * The value of the latest counted point of metric `m` at or before `until`: on the day of `until`, up to
 * that instant; else on the latest earlier day with points (one rollup lookup by the primary key).
 */
function latestUpTo(until: SQL, zone: string): SQL {
  const untilDay = sql`(${until} at time zone ${zone})::date`;
  const before = sql`(select max(b.day) from metric_daily_rollups b where b.metric_id = m.id and b.day < ${untilDay})`;
  return sql`coalesce(
    (select d.last_value from (${countedDays(dayRows(sql`m.id`, untilDay, until, zone))}) d),
    (select d.last_value from (${countedDays(rollupsOn(sql`m.id`, before))}) d))`;
}

const cacheKey = (kind: string, metricIds: number[], zone: string, months = 0) =>
  `${kind}|${zone}|${months}|${[...metricIds].sort((a, b) => a - b).join(',')}`;

/** Room for a daylight-saving change (at most two hours) around an instant computed in local time. */
const DST_MARGIN_MS = 3 * 3_600_000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** The zone's UTC offset at an instant, as Intl writes it ('GMT+13:00'). */
function offsetAt(zone: string, at: number): string {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** Whether the zone's offset changes within DST_MARGIN_MS of an instant (local arithmetic there may be off by an hour or two). */
const offsetChangesNear = (zone: string, at: number) =>
  offsetAt(zone, at - DST_MARGIN_MS) !== offsetAt(zone, at + DST_MARGIN_MS);

/**
 * Until when (epoch ms) time alone cannot change these metrics' aggregates at `now`; null when it may
 * at once. They change when the owner's month turns, when a point now in the future (up to a day ahead
 * is allowed) stops being so, and, with `monthAgo`, when "the same moment last month" passes a point:
 * the first point at or after it counts from one month after its own instant at the earliest (a month
 * back from an earlier time is earlier). The owner's day turning is a bound too: "a month back" from the
 * 29th–31st falls on the last day of a shorter month, so that moment jumps back when the day turns.
 * Month arithmetic is in local time: where the zone's offset changes near an instant so computed (or near
 * the point it came from), the instant is moved DST_MARGIN_MS earlier. Elsewhere it is exact: a fixed
 * margin everywhere left no instant to keep an answer for three hours after each daily point's time of day
 * (with the demo's readings from 08:00 to 21:00, most of every day).
 */
async function unchangedUntil(
  db: Db,
  metricIds: number[],
  zone: string,
  now: Date,
  monthAgo: boolean,
): Promise<number | null> {
  if (metricIds.length === 0) return null;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const ids = idList(metricIds);
  const monthAgoAt = sql`((${nowAt} at time zone ${zone} - interval '1 month') at time zone ${zone})`;
  const reached = monthAgo
    ? sql`(select min(p.at) from metric_points p where p.metric_id in (${ids}) and p.at >= ${monthAgoAt})`
    : sql`null::timestamptz`;
  const epochMs = (instant: SQL) => sql`floor(extract(epoch from ${instant}) * 1000)`;
  type UntilRow = Record<'month_end' | 'day_end' | 'next_point' | 'reached' | 'reaches', number | string | null>;
  const rows = await db.execute<UntilRow>(sql`
    select ${epochMs(sql`(date_trunc('month', ${nowAt} at time zone ${zone}) + interval '1 month') at time zone ${zone}`)} as month_end,
      ${epochMs(sql`(date_trunc('day', ${nowAt} at time zone ${zone}) + interval '1 day') at time zone ${zone}`)} as day_end,
      ${epochMs(sql`(select min(p.at) from metric_points p where p.metric_id in (${ids}) and p.at > ${nowAt})`)} as next_point,
      ${epochMs(sql`r.at`)} as reached,
      ${epochMs(sql`((r.at at time zone ${zone}) + interval '1 month') at time zone ${zone}`)} as reaches
    from (select ${reached} as at) r`);
  const row = rowsOf<UntilRow>(rows)[0];
  if (!row) return null;
  const ms = (value: number | string | null) => (value === null ? Infinity : Number(value));
  const local = (at: number, ...from: number[]) =>
    [at, ...from].some((instant) => Number.isFinite(instant) && offsetChangesNear(zone, instant))
      ? at - DST_MARGIN_MS
      : at;
  const until = Math.min(
    local(ms(row.month_end)),
    local(ms(row.day_end)),
    ms(row.next_point),
    local(ms(row.reaches), ms(row.reached)),
  );
  return Number.isFinite(until) ? until : null;
}

/** node-postgres answers `{ rows }`, PGlite too; both drivers are typed as node-postgres here. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

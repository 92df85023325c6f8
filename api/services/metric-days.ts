import { sql, type SQL } from 'drizzle-orm';

/**
 * Days of metrics as numbers, from the daily rollups (metric_daily_rollups, kept by triggers; see
 * docs/decisions/014-daily-rollups.md), never by aggregating every raw point.
 *
 * The one-source rule: where several device sources report the same day (a phone and a watch both counting
 * steps), the day's value comes from one, the one with the most points that day, ties going to the owner's
 * priority (metrics.source_priority), then to the name; adding them would count the same steps twice. What
 * a person entered ('manual') never competes: it always counts, beside the chosen device.
 */

/** The source of what a person enters (forms, check-ins, a token write naming no source). */
export const PERSON_SOURCE = 'manual';

/**
 * Rollup-shaped rows (metric_id, day, source, points, total, last_value, last_at) of `ids` from `fromDay`
 * (a date) up to the instant `until`: whole days from the rollups, and the day of `until` itself from its
 * points up to that instant (a day's points at most), so a point later today, or after the same moment last
 * month, does not count yet. Days are in `zone`, the zone the rollups were built in.
 */
export function dayRows(ids: SQL, fromDay: SQL, until: SQL, zone: string, inclusive = true): SQL {
  const untilDay = sql`(${until} at time zone ${zone})::date`;
  return sql`
    select metric_id, day, source, points, total, last_value, last_at
    from metric_daily_rollups
    where metric_id in (${ids}) and day >= ${fromDay} and day < ${untilDay}
    union all
    select metric_id, ${untilDay} as day, source, count(*)::int, sum(value), (array_agg(value order by at desc))[1], max(at)
    from metric_points
    where metric_id in (${ids}) and ${untilDay} >= ${fromDay}
      and at >= (${untilDay}::timestamp at time zone ${zone})
      and ${inclusive ? sql`at <= ${until}` : sql`at < ${until}`}
    group by metric_id, source`;
}

/** The rows of `rows` (rollup-shaped) with `rank` among the day's device sources (null for a person's). */
export const rankedRows = (rows: SQL) => sql`
  select r.*,
    case when r.source = ${PERSON_SOURCE} then null else row_number() over (
      partition by r.metric_id, r.day, r.source = ${PERSON_SOURCE}
      order by r.points desc, coalesce(array_position(pm.source_priority, r.source), 2147483647), r.source
    ) end as rank
  from (${rows}) r join metrics pm on pm.id = r.metric_id`;

/**
 * Per metric and day (only days with points): `points` and `total` of the sources that count, and the
 * value and instant of the latest point that counts.
 */
export const countedDays = (rows: SQL) => sql`
  select c.metric_id, c.day, sum(c.points)::float8 as points, sum(c.total) as total,
    (array_agg(c.last_value order by c.last_at desc))[1] as last_value, max(c.last_at) as last_at
  from (${rankedRows(rows)}) c
  where c.rank is null or c.rank = 1
  group by c.metric_id, c.day`;

/** Every stored rollup of `ids` (a list or a correlated `m.id`) whose day is `day`. */
export const rollupsOn = (ids: SQL, day: SQL) => sql`
  select metric_id, day, source, points, total, last_value, last_at
  from metric_daily_rollups where metric_id in (${ids}) and day = ${day}`;

import { sql } from 'drizzle-orm';
import { config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { currentActivities, galleryImages, kpis, metricGoals, metricPoints, metrics, nowItems, playlists, projects, timelineEvents, trends } from '../db/schema.ts';
import { localDay, zonedToUtc } from '../services/owner-time.ts';
import { CHECKIN_SERIES, seedCheckins } from './checkins.ts';
import { refreshInsights } from '../services/insights.ts';
import { seedDiaryOnce } from './diary.ts';
import { generateSeries } from './metric-series.ts';
import { PUBLIC_KPIS, PUBLIC_TRENDS, seedMetrics } from './metrics.ts';
import {
  MINT,
  seedActivities,
  seedGallery,
  seedKpis,
  seedNowItems,
  seedPlaylists,
  seedProjects,
  seedTimeline,
  seedTrends,
  type Motif,
} from './data.ts';
import { saveEncodedImage } from '../services/images.ts';
import { COVER_SIZE, drawArtworks, GALLERY_SIZE, PLAYLIST_SIZE } from './images.ts';

/** Any constant works; it only has to be the same for every instance, so two never seed at once. */
const SEED_LOCK = 7_421_338;

const PLAYLIST_MOTIFS: Motif[] = ['waves', 'orbits', 'bars', 'bloom'];

/** True when no project exists yet: the signal that this is a fresh install. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).limit(1);
  return rows.length === 0;
}

/**
 * Fills a fresh database with the demo content of ./data.ts and its generated artwork.
 * Idempotent: when any project exists it does nothing. Everything happens in one transaction
 * under an advisory lock, so a crash leaves no half-seeded database and two instances starting
 * together seed once.
 */
export async function seedDatabase(db: Db, zone = config().OWNER_TIME_ZONE, now = new Date()): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // The transaction offers the same query builder as the database; saveEncodedImage only inserts.
    const t = tx as unknown as Db;
    if (!(await isDatabaseEmpty(t))) {
      // A site made before the diary was real gets its first entries once (issue 30).
      await seedDiaryOnce(t, localDay(now, zone));
      return { seeded: false };
    }

    // Images first (drawn in a child process, see drawArtworks): the rows below carry their addresses.
    const withCover = seedPlaylists.filter((playlist) => playlist.coverAccent);
    const pictures = await drawArtworks([
      ...seedProjects.map((p) => ({ seed: p.name, accent: p.accent, motif: p.motif, size: COVER_SIZE })),
      ...seedGallery.map((g) => ({ seed: g.title, accent: g.accent, motif: g.motif, size: GALLERY_SIZE })),
      ...withCover.map((playlist, index) => ({
        seed: playlist.name,
        accent: playlist.coverAccent ?? MINT,
        motif: PLAYLIST_MOTIFS[index % PLAYLIST_MOTIFS.length] ?? 'waves',
        size: PLAYLIST_SIZE,
      })),
    ]);
    // One after another: a transaction is one connection, which runs one query at a time.
    const urls: string[] = [];
    for (const variants of pictures) urls.push((await saveEncodedImage(t, variants)).imageUrl);
    const covers = urls.slice(0, seedProjects.length);
    const gallery = urls.slice(seedProjects.length, seedProjects.length + seedGallery.length);
    const playlistCovers = new Map(withCover.map((playlist, index) => [playlist.id, urls[seedProjects.length + seedGallery.length + index]]));

    const inserted = await t
      .insert(projects)
      .values(
        seedProjects.map(({ accent: _accent, motif: _motif, ...project }, index) => ({
          ...project,
          imageUrl: covers[index] ?? null,
          // Dated by its start, so "recent projects" lists the newest work first.
          createdAt: project.startDate ? new Date(`${project.startDate}T09:00:00Z`) : new Date(),
        })),
      )
      .returning({ id: projects.id, name: projects.name });
    const first = inserted.find((row) => row.name === seedProjects[0]?.name);
    if (first) {
      await t.insert(galleryImages).values(
        seedGallery.map(({ accent: _accent, motif: _motif, ...item }, index) => ({
          ...item,
          projectId: first.id,
          imageUrl: gallery[index] ?? '',
        })),
      );
    }

    const metricIds = await seedMetricHistory(t, zone, now);
    await seedCheckins(t, metricIds, localDay(now, zone), zone);
    await seedDiaryOnce(t, localDay(now, zone));
    // SPEC's daily goals of Mind & Body that a seeded metric measures; mindfulness forgives a day a week.
    await t.insert(metricGoals).values([
      { metricId: metricIds.get('mindful-minutes')!, period: 'day', kind: 'fixed', amount: 15, restDays: 1 },
      { metricId: metricIds.get('water')!, period: 'day', kind: 'fixed', amount: 8, restDays: 0 },
    ]);
    // A fresh site shows its insights at once; the job keeps them current from then on.
    await refreshInsights(t, zone, now);
    const byKpi = new Map(seedMetrics.flatMap((metric) => (metric.kpi ? [[metric.kpi, metricIds.get(metric.key)]] : [])));
    const byTrend = new Map(seedMetrics.flatMap((metric) => (metric.trend ? [[metric.trend, metricIds.get(metric.key)]] : [])));
    await t
      .insert(kpis)
      .values(seedKpis.map((kpi) => ({ ...kpi, metricId: byKpi.get(kpi.name) ?? null, visibility: PUBLIC_KPIS.has(kpi.name) ? 'public' : 'signed-in' })));
    await t.insert(trends).values(
      seedTrends.map((trend) => ({ ...trend, metricId: byTrend.get(trend.name) ?? null, visibility: PUBLIC_TRENDS.has(trend.name) ? 'public' : 'signed-in' })),
    );
    await t.insert(timelineEvents).values(seedTimeline);
    await t.insert(currentActivities).values(seedActivities);
    await t.insert(nowItems).values(seedNowItems);
    await t.insert(playlists).values(
      seedPlaylists.map(({ coverAccent: _coverAccent, ...playlist }) => ({
        ...playlist,
        imageUrl: playlistCovers.get(playlist.id) ?? null,
      })),
    );
    return { seeded: true };
  });
}

/** Every demo metric with two years of daily points ending today (the owner's today); returns key → id. */
export async function seedMetricHistory(db: Db, zone: string, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .insert(metrics)
    .values(seedMetrics.map(({ series: _series, kpi: _kpi, trend: _trend, ...metric }) => metric))
    .returning({ id: metrics.id, key: metrics.key });
  const ids = new Map(rows.map((row) => [row.key, row.id]));
  const today = localDay(now, zone);
  // Mood and energy come from the seeded check-ins (./checkins.ts).
  const points = seedMetrics.filter((metric) => !CHECKIN_SERIES.has(metric.key)).flatMap((metric) =>
    generateSeries(metric.series, today).map(({ day, time, value }) => ({
      metric_id: ids.get(metric.key)!,
      at: zonedToUtc(`${day}T${time}:00`, zone).toISOString(),
      value,
    })),
  );
  // One statement with the points as one JSON parameter: about three times faster than bound rows
  // (≈ 15,000 points at every fresh start, every test server included).
  await db.execute(
    sql`insert into ${metricPoints} (metric_id, at, value, source) select metric_id, at, value, 'demo' from json_to_recordset(${JSON.stringify(points)}::json) as p(metric_id int, at timestamptz, value float8)`,
  );
  return ids;
}

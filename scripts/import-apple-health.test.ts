import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthImportError, importAppleHealth } from '#api/apple-health/import.ts';
import type { Db } from '#api/db/client.ts';
import { freshDatabase } from '#api/export/test-databases.ts';
import { rebuildRollups } from '#api/services/metric-rollups.ts';
import { recentSourceDays } from '#api/services/metric-sources.ts';
import { findMetric, upsertPoints } from '#api/services/metrics.ts';
import { zonedToUtc } from '#api/services/owner-time.ts';
import { exportXml } from './apple-health-export.ts';
import { writeZip } from './zip-file.ts';

/*
 * The Apple Health import (api/apple-health/) on a generated export (scripts/apple-health-export.ts), on the
 * database of this test pass (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const ZONE = 'Pacific/Auckland';
const dir = mkdtempSync(join(tmpdir(), 'apple-health-import-'));
const zip = join(dir, 'export.zip');
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  drop = fresh.drop;
  await rebuildRollups(db, ZONE);
  await writeZip(zip, 'apple_health_export/export.xml', exportXml({ records: 2400, lastDay: '2026-11-10', seed: 3 }));
}, 120_000);
afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const values = async (key: string) =>
  rowsOf<{ value: number; at: string; source: string }>(
    await db.execute(sql`select p.value, to_json(p.at) #>> '{}' as at, p.source from metric_points p join metrics m on m.id = p.metric_id where m.key = ${key} order by p.at`),
  );

const pointCount = async () => Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from metric_points`))[0]!.n);

// Each test stands alone, in any order: a preview writes nothing whatever the database holds; the others import
// the file first (a second import of the same file changes nothing, as the second test shows).
describe('previewing an Apple Health export', () => {
  it('previews per type the records, days, sources and metric, writing nothing', async () => {
    const before = await pointCount();
    const summary = await importAppleHealth(db, zip, { zone: ZONE, dryRun: true });
    const steps = summary.types.find((type) => type.type === 'HKQuantityTypeIdentifierStepCount')!;
    expect(steps).toMatchObject({ metric: 'steps', sources: ['Owner’s Apple Watch', 'Owner’s iPhone'], refused: 0 });
    expect(steps.days).toBeGreaterThan(5);
    expect(summary.types.find((type) => type.type === 'Workout')?.metric).toBe('workout-minutes');
    expect(summary).toMatchObject({ dryRun: true, inserted: 0, updated: 0, refusals: [] });
    expect(await pointCount()).toBe(before);
  });
});

describe('importing an Apple Health export', () => {
  let first: Awaited<ReturnType<typeof importAppleHealth>>;
  beforeAll(async () => {
    first = await importAppleHealth(db, zip, { zone: ZONE });
  }, 120_000);

  it('writes points with their sources, converting units, and adds nothing when imported again', async () => {
    expect(first.inserted).toBeGreaterThan(2000);
    // Kilojoules became kilocalories (the generator writes 2–14 kcal a slot), pounds kilograms (160–164 lb).
    for (const row of await values('active-energy')) expect(row.value).toBeLessThan(14.01);
    // The generator's scale only: a test below imports a 70 kg point of another source, and may run first.
    const weighed = (await values('body-mass')).filter((row) => row.source === 'Withings Body+');
    expect(weighed.length).toBeGreaterThan(0);
    for (const row of weighed) {
      expect(row.value).toBeGreaterThan(72.5);
      expect(row.value).toBeLessThan(74.5);
    }
    const again = await importAppleHealth(db, zip, { zone: ZONE });
    expect(again).toMatchObject({ inserted: 0, updated: first.inserted });
  });

  it('sums the Asleep stages, not In Bed, onto the wake-up day', async () => {
    const nights = await values('sleep-hours');
    expect(nights.length).toBeGreaterThan(5);
    for (const night of nights) {
      // Noon of the wake-up day in Auckland; the stages add up to 5–8.5 hours (In Bed would be longer).
      expect(new Date(night.at).toISOString()).toMatch(/T(23|00):00:00/);
      expect(night.value).toBeGreaterThan(5);
      expect(night.value).toBeLessThan(8.5);
    }
    // The generator's last night starts on the last day: its wake-up day is the next one.
    const last = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(nights.at(-1)!.at));
    expect(last).toBe('2026-11-11');
  });

  it('counts one device per day for steps while a hand-entered point still counts', async () => {
    const steps = (await findMetric(db, 'steps'))!;
    await upsertPoints(db, steps.id, [{ at: zonedToUtc('2026-11-09T21:00:00', ZONE), value: 1000 }]);
    const day = (await recentSourceDays(db, steps.id, 3)).find((item) => item.day === '2026-11-09')!;
    expect(day.sources.map((source) => [source.source, source.counted])).toEqual([
      ['manual', true],
      // The phone reported every slot; the watch missed some: the phone's day counts, the watch's is set aside.
      ['Owner’s iPhone', true],
      ['Owner’s Apple Watch', false],
    ]);
  });
});

describe('what an import refuses', () => {
  const refused = (path: string, cap?: number) => importAppleHealth(db, path, { zone: ZONE, ...(cap ? { cap } : {}) });

  it('a file that is not a zip, and a zip without export.xml', async () => {
    const text = join(dir, 'not.zip');
    writeFileSync(text, 'hello');
    await expect(refused(text)).rejects.toThrow(HealthImportError);
    await expect(refused(text)).rejects.toThrow(/not a zip/);
    const other = join(dir, 'other.zip');
    await writeZip(other, 'apple_health_export/export_cda.xml', ['<x/>']);
    await expect(refused(other)).rejects.toThrow(/no export.xml/);
  });

  it('XML cut off or malformed halfway, keeping only whole chunks already written', async () => {
    const whole = [...exportXml({ records: 300, lastDay: '2025-01-10', seed: 5 })].join('');
    const cut = join(dir, 'cut.zip');
    await writeZip(cut, 'apple_health_export/export.xml', [whole.slice(0, Math.floor(whole.length / 2))]);
    await expect(refused(cut)).rejects.toThrow(/not well-formed XML/);
    const broken = join(dir, 'broken.zip');
    await writeZip(broken, 'apple_health_export/export.xml', [whole.replace('<Record ', '<Record <')]);
    await expect(refused(broken)).rejects.toThrow(/not well-formed XML \(line \d+\)/);
    // Fewer than a chunk of records: nothing of 2025 was written.
    expect((await values('steps')).filter((row) => row.at.startsWith('2025'))).toEqual([]);
  });

  it('an export.xml inflating past the cap', async () => {
    await expect(refused(zip, 100_000)).rejects.toThrow(/more than the 100000 allowed/);
  });

  it('a record in an unknown unit or with an unreadable date, one by one', async () => {
    const path = join(dir, 'odd.zip');
    // A source name longer than any source may be is cut to 80 characters (restores check it like the API).
    const record = (unit: string, start: string) =>
      `<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="${'Scale '.repeat(20)}" unit="${unit}" startDate="${start}" endDate="${start}" value="70"/>`;
    await writeZip(path, 'export.xml', [
      `<?xml version="1.0"?><HealthData>${record('st', '2025-02-01 08:00:00 +1300')}${record('kg', 'yesterday')}${record('kg', '2025-02-02 08:00:00 +1300')}</HealthData>`,
    ]);
    const summary = await refused(path);
    expect(summary.refusals).toEqual([
      { type: 'HKQuantityTypeIdentifierBodyMass', reason: "the unit 'st'", records: 1 },
      { type: 'HKQuantityTypeIdentifierBodyMass', reason: 'an unreadable startDate', records: 1 },
    ]);
    expect(summary.inserted).toBe(1);
    const [stored] = (await values('body-mass')).filter((row) => row.at.startsWith('2025-02-01'));
    expect(stored!.source).toBe('Scale '.repeat(14).slice(0, 80).trim());
  });
});

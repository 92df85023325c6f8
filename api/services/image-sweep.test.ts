import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '../auth/test-db.ts';
import type { Db } from '../db/client.ts';
import { images, metricPoints, metrics, nowItems, projects } from '../db/schema.ts';
import { ORPHAN_GRACE_MS, sweepOrphanedImages } from './image-sweep.ts';

// PGlite's start and migrations take a while on a loaded machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
});
afterAll(() => close());

const image = (key: string) => ({ key, variant: 0, contentType: 'image/webp', width: 1, height: 1, data: new Uint8Array([1]) });
const exists = async (key: string) => (await db.select({ key: images.key }).from(images).where(eq(images.key, key))).length > 0;

describe('the orphaned-image sweep', () => {
  it('deletes only images no record has mentioned for a day, wherever the mention is', async () => {
    await db.insert(images).values(['inimagefield1', 'indescription1', 'injsonmeta1', 'orphan1', 'replaced1'].map(image));
    await db.insert(projects).values({ name: 'P', description: 'see https://site.example/api/images/indescription1?w=480', category: 'x', imageUrl: '/api/images/inimagefield1' });
    const [replacing] = await db.insert(projects).values({ name: 'Q', description: '', category: 'x', imageUrl: '/api/images/replaced1' }).returning();
    await db.insert(nowItems).values({ type: 'reading', title: 'T', metadata: { current: '/api/images/injsonmeta1' } });

    const start = new Date('2026-01-01T00:00:00Z');
    expect((await sweepOrphanedImages(db, start)).deleted).toEqual([]);
    // The picture is replaced after the first pass: its day starts at the next pass.
    await db.update(projects).set({ imageUrl: '/api/images/inimagefield1' }).where(eq(projects.id, replacing!.id));
    const hourLater = new Date(start.getTime() + 60 * 60 * 1000);
    expect((await sweepOrphanedImages(db, hourLater)).deleted).toEqual([]);

    const dayLater = new Date(start.getTime() + ORPHAN_GRACE_MS + 1);
    expect((await sweepOrphanedImages(db, dayLater)).deleted).toEqual(['orphan1']);
    expect(await exists('replaced1')).toBe(true);
    expect((await sweepOrphanedImages(db, new Date(hourLater.getTime() + ORPHAN_GRACE_MS))).deleted).toEqual(['replaced1']);
    for (const key of ['inimagefield1', 'indescription1', 'injsonmeta1']) expect(await exists(key), key).toBe(true);
  });

  it('does not read measurements: an address in a point’s note, shown as plain text, keeps no image', async () => {
    await db.insert(images).values(image('inpointnote1'));
    const [metric] = await db.insert(metrics).values({ key: 'sweep-notes', name: 'Sweep notes', aggregation: 'sum' }).returning();
    await db.insert(metricPoints).values({ metricId: metric!.id, at: new Date('2026-01-01T08:00:00Z'), value: 1, note: 'photo at /api/images/inpointnote1' });
    const start = new Date('2026-02-01T00:00:00Z');
    expect((await sweepOrphanedImages(db, start)).deleted).toEqual([]);
    expect((await sweepOrphanedImages(db, new Date(start.getTime() + ORPHAN_GRACE_MS + 1))).deleted).toEqual(['inpointnote1']);
  });
});

// Export/import figures for `npm run bench` (issue 15): the demo plus 15,000 data points and 50 images, and the
// server's peak RSS growth while the admin downloads the archive.
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import sharp from 'sharp';
import { configSchema } from '#api/config.ts';
import type { Database, Db } from '#api/db/client.ts';
import { migrateDatabase } from '#api/db/migrate.ts';
import * as schema from '#api/db/schema.ts';
import { importArchive } from '#api/export/import.ts';
import { writeArchive } from '#api/export/write.ts';
import { seedDatabase } from '#api/seed/index.ts';
import { storeImage } from '#api/services/images.ts';

const mark = (value: number, target: number) => (value <= target ? ' ✓' : ` ✗ (target ≤ ${target})`);

async function pglite(dir: string): Promise<Database> {
  const client = new PGlite(dir);
  const database: Database = {
    db: drizzle({ client, schema }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  };
  await migrateDatabase(database);
  return database;
}

const picture = (i: number) =>
  sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: 200 } },
  })
    .png()
    .toBuffer();

/** Export and import of a large site, in process, each against its 10 s target. */
export async function benchExportImport(): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'bench-export-'));
  try {
    const source = await pglite(join(work, 'source'));
    await seedDatabase(source.db);
    // 15,000 data points on top of the seed's own (one metric, hourly, as a backfill would bring them).
    await source.db.execute(
      `insert into metrics (key, name, unit, aggregation) values ('bench-points', 'Bench points', 'x', 'sum')`,
    );
    await source.db.execute(
      `insert into metric_points (metric_id, at, value, note) select (select id from metrics where key = 'bench-points'), timestamptz '2020-01-01T00:00:00Z' + i * interval '1 hour', (i % 97) * 1.5, case when i % 10 = 0 then 'note ' || i end from generate_series(1, 15000) i`,
    );
    for (let i = 0; i < 50; i++) await storeImage(source.db, new Uint8Array(await picture(i)));
    const file = join(work, 'site.tar.gz');
    let started = performance.now();
    await writeArchive(source, createWriteStream(file));
    const exportMs = performance.now() - started;
    await source.close();

    const target = await pglite(join(work, 'target'));
    const cfg = configSchema.parse({ NODE_ENV: 'test' });
    const bytes = new Uint8Array(readFileSync(file));
    started = performance.now();
    await importArchive(target, bytes, { replace: false, cfg });
    const importMs = performance.now() - started;
    await target.close();
    const size = (statSync(file).size / 1024 / 1024).toFixed(1);
    return [
      `Export of the demo + 15,000 data points + 50 images (${size} MB): ${(exportMs / 1000).toFixed(2)} s${mark(exportMs / 1000, 10)}`,
      `Import of the same archive into an empty database: ${(importMs / 1000).toFixed(2)} s${mark(importMs / 1000, 10)}`,
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** The server's peak RSS growth while the admin downloads the archive (after 50 uploaded images). */
export async function benchAdminDownload(baseUrl: string, cookie: string, pid: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(await picture(i))], { type: 'image/png' }), `bench-${i}.png`);
    const response = await fetch(new URL('/api/upload-image', baseUrl), {
      method: 'POST',
      body: form,
      headers: { Origin: baseUrl, Cookie: cookie },
    });
    if (response.status !== 201) throw new Error(`Uploading a bench image answered ${response.status}`);
  }
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  let bytes = 0;
  try {
    const response = await fetch(new URL('/api/export', baseUrl), { headers: { Cookie: cookie } });
    if (!response.ok || !response.body) throw new Error(`The admin download answered ${response.status}`);
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  } finally {
    clearInterval(sampler);
  }
  const growthMb = (peak - before) / 1024;
  return `Admin download (${(bytes / 1024 / 1024).toFixed(1)} MB): peak server RSS growth ${growthMb.toFixed(0)} MB${mark(growthMb, 100)}`;
}

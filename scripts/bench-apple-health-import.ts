// The Apple Health import at the size of a real export (issue 29): a synthetic export.zip of N records
// (scripts/apple-health-export.ts) uploaded to the built server through the admin page's endpoints and imported
// there, timed from the Import to done, with the server's resident memory sampled throughout.
//
//   npm run bench:life-data -- import [records] [--large] [--only pglite|postgres]
//
// Reached from scripts/bench-life-data.ts. The export is written once per size and kept under the system's
// temporary folder for reruns. Each database is fresh (an embedded folder; a PostgreSQL database beside
// TEST_DATABASE_URL or BENCH_DATABASE_URL when set, dropped after). `--large` imports an export whose export.xml
// is at least 500 MB uncompressed instead, judged on the whole process's peak.
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '#api/db/scratch-database.ts';
import { exportXml } from './apple-health-export.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { ownerCookie } from './owner-session.ts';
import { startServer, type ServerProcess } from './spawn-server.ts';
import { writeZip } from './zip-file.ts';
import { procStatusKb, resetPeak } from './process-memory.ts';

const TARGET = { seconds: 180, growthMb: 200, largeXmlMb: 500, largePeakMb: 600 };
/** About 333 bytes of export.xml a record: 1.55 M records make a little over 500 MB. */
const LARGE_RECORDS = 1_550_000;
/** A fixed last day and seed: a rerun finds the same file, whatever the date. */
const LAST_DAY = '2026-11-27';
const SEED = 29;
const KEPT = join(tmpdir(), 'bench-apple-health');
const SERVER_ENV = { OWNER_LINK: 'on', OWNER_TIME_ZONE: 'Pacific/Auckland', ADMIN_EMAILS: 'owner@example.test' };

const tick = (ok: boolean, target: string) => (ok ? '✓' : `✗ (${target})`);
const mb = (kb: number) => kb / 1024;

/** The kept export of `records` records, written first when missing (to another name, so a cut-off write is never reused). */
async function keptExport(records: number): Promise<{ path: string; xmlMb: number }> {
  mkdirSync(KEPT, { recursive: true });
  const path = join(KEPT, `export-${records}-${LAST_DAY}-${SEED}.zip`);
  const sizes = `${path}.json`;
  if (!existsSync(path) || !existsSync(sizes)) {
    const started = performance.now();
    const { inflated } = await writeZip(`${path}.part`, 'apple_health_export/export.xml', exportXml({ records, lastDay: LAST_DAY, seed: SEED }));
    renameSync(`${path}.part`, path);
    writeFileSync(sizes, JSON.stringify({ inflated }));
    console.log(`Wrote ${path} in ${((performance.now() - started) / 1000).toFixed(0)} s (kept for reruns)`);
  }
  const { inflated } = JSON.parse(readFileSync(sizes, 'utf8')) as { inflated: number };
  return { path, xmlMb: inflated / 1e6 };
}

/** Samples the server's RSS every 200 ms; `phase` names what the next samples belong to. */
function rssSampler(pid: number) {
  const peaks = new Map<string, number>();
  let phase = 'start';
  const sample = () => peaks.set(phase, Math.max(peaks.get(phase) ?? 0, procStatusKb(pid, 'VmRSS')));
  const timer = setInterval(sample, 200);
  return {
    phase: (name: string) => {
      sample();
      phase = name;
      sample();
    },
    peakKb: (name: string) => peaks.get(name) ?? 0,
    stop: () => clearInterval(timer),
  };
}

/** The admin page's calls, as a same-origin page sends them. */
function adminApi(server: ServerProcess, cookie: string) {
  return async (method: string, path: string, body?: Blob | string, type?: string) => {
    const response = await fetch(new URL(path, server.baseUrl), {
      method,
      headers: { Origin: server.baseUrl, Cookie: cookie, ...(type ? { 'Content-Type': type } : {}) },
      body,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { id: string; state: string; done: number; total: number; error: string | null; result: { inserted: number; updated: number } | null };
  };
}

interface ImportFigures {
  records: number;
  inserted: number;
  uploadSeconds: number;
  importSeconds: number;
  beforeKb: number;
  uploadPeakKb: number;
  importPeakKb: number;
  hwmKb: number | null;
}

/** Uploads the export (the preview is a dry run of the whole file), imports it and follows it until done. */
async function importThroughServer(server: ServerProcess, zip: string): Promise<ImportFigures> {
  const link = /^Owner sign-in: (\S+)/m.exec(server.output())?.[1];
  if (!link) throw new Error('No owner sign-in link in the server log');
  const api = adminApi(server, await ownerCookie(link));
  const hwmReset = resetPeak(server.pid);
  const sampler = rssSampler(server.pid);
  try {
    const beforeKb = procStatusKb(server.pid, 'VmRSS');
    sampler.phase('upload');
    let started = performance.now();
    const upload = await api('POST', '/api/apple-health/uploads?name=export.zip', await openAsBlob(zip), 'application/zip');
    const uploadSeconds = (performance.now() - started) / 1000;
    sampler.phase('import');
    started = performance.now();
    let status = await api('POST', `/api/apple-health/uploads/${upload.id}/import`, JSON.stringify({ skip: [], map: {} }), 'application/json');
    while (status.state === 'importing') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await api('GET', `/api/apple-health/uploads/${upload.id}`);
    }
    const importSeconds = (performance.now() - started) / 1000;
    sampler.phase('after');
    if (status.state !== 'done' || !status.result) throw new Error(`The import ended ${status.state}: ${status.error ?? ''}\n${server.logTail()}`);
    return {
      records: status.total,
      inserted: status.result.inserted,
      uploadSeconds,
      importSeconds,
      beforeKb,
      uploadPeakKb: sampler.peakKb('upload'),
      importPeakKb: sampler.peakKb('import'),
      hwmKb: hwmReset ? procStatusKb(server.pid, 'VmHWM') : null,
    };
  } finally {
    sampler.stop();
  }
}

function report(kind: string, figures: ImportFigures, large: boolean, xmlMb: number): boolean {
  const { records, inserted, uploadSeconds, importSeconds, beforeKb, uploadPeakKb, importPeakKb, hwmKb } = figures;
  const peakKb = Math.max(uploadPeakKb, importPeakKb, hwmKb ?? 0);
  const growthMb = mb(peakKb - beforeKb);
  const timeOk = importSeconds <= TARGET.seconds;
  const memoryOk = large ? mb(peakKb) <= TARGET.largePeakMb : growthMb <= TARGET.growthMb;
  console.log(`\n== Import on ${kind}: ${records.toLocaleString('en-US')} records, export.xml ${xmlMb.toFixed(0)} MB ==`);
  console.log(`  upload and preview (a dry run of the whole file) ${uploadSeconds.toFixed(1)} s`);
  console.log(
    `  import ${importSeconds.toFixed(1)} s, ${Math.round(records / importSeconds).toLocaleString('en-US')} records/s, ` +
      `${inserted.toLocaleString('en-US')} points added${large ? '' : ` ${tick(timeOk, `≤ ${TARGET.seconds} s`)}`}`,
  );
  console.log(
    `  server RSS before ${mb(beforeKb).toFixed(0)} MB, peak during the upload ${mb(uploadPeakKb).toFixed(0)} MB, ` +
      `during the import ${mb(importPeakKb).toFixed(0)} MB (sampled every 200 ms), VmHWM ${hwmKb === null ? 'not reset, not shown' : `${mb(hwmKb).toFixed(0)} MB`}`,
  );
  console.log(
    large
      ? `  peak ${mb(peakKb).toFixed(0)} MB ${tick(memoryOk, `≤ ${TARGET.largePeakMb} MB`)} (export.xml ${tick(xmlMb >= TARGET.largeXmlMb, `≥ ${TARGET.largeXmlMb} MB`)})`
      : `  growth ${growthMb.toFixed(0)} MB ${tick(memoryOk, `≤ ${TARGET.growthMb} MB`)}`,
  );
  return (large || timeOk) && memoryOk;
}

/** Imports the export into a fresh server on one database; `database` is dropped or deleted after. */
async function benchOne(kind: string, database: { dataDir: string } | { databaseUrl: string }, zip: string, large: boolean, xmlMb: number): Promise<boolean> {
  const logDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const server = await startServer({ database, logFile: join(logDir, 'server.log'), env: SERVER_ENV, timeoutMs: 600_000 });
  let figures: ImportFigures;
  try {
    figures = await importThroughServer(server, zip);
  } finally {
    await server.stop();
  }
  // The log stays when the import failed: the error names it.
  rmSync(logDir, { recursive: true, force: true });
  return report(kind, figures, large, xmlMb);
}

export async function benchAppleHealthImport(args: string[]): Promise<boolean> {
  const large = args.includes('--large');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const records = large ? LARGE_RECORDS : Number(args.find((arg) => /^\d+$/.test(arg)) ?? 1_000_000);
  await buildIfNeeded('http://localhost');
  const { path, xmlMb } = await keptExport(records);
  console.log(`${path}: ${(statSync(path).size / 1e6).toFixed(1)} MB, export.xml ${xmlMb.toFixed(1)} MB`);
  let ok = true;
  if (only !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-pglite-'));
    try {
      ok = (await benchOne('PGlite (embedded)', { dataDir }, path, large, xmlMb)) && ok;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only !== 'pglite' && adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, `bench_import_${Date.now().toString(36)}`);
    try {
      ok = (await benchOne('PostgreSQL', { databaseUrl: scratch.url }, path, large, xmlMb)) && ok;
    } finally {
      await scratch.drop();
    }
  } else if (only === 'postgres') {
    throw new Error('Set TEST_DATABASE_URL or BENCH_DATABASE_URL to a PostgreSQL server for --only postgres.');
  }
  return ok;
}

import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Db } from '../db/client.ts';
import { importChunkCommitted } from '../services/import-runs.ts';
import { createMetric, findMetric, upsertPoints, type PointRow } from '../services/metrics.ts';
import { HEALTH_METRICS, mapElement, sleepInstant, type HealthMetric } from './mapping.ts';

/*
 * Reads the export.zip the Health app writes (docs/apple-health.md) and writes its records as points, each with
 * its source. The zip's directory is at its end, so it is read from a file (yauzl, which checks each entry's
 * sizes); export.xml is parsed as a stream (saxes) and never held whole, within an inflated-size cap. Points are
 * written a chunk at a time, each chunk in one transaction with its import run's progress; importing the same
 * export again updates the same points (metric + instant + source), so nothing is added twice, and the points
 * keep the run that first inserted them.
 */

/** Health XML deflates 10–30×: an absolute cap on what export.xml may inflate to. */
export const INFLATED_CAP = 4 * 1024 ** 3;
/** Points per committed chunk. */
export const CHUNK = 5_000;

export class HealthImportError extends Error {}

export interface TypeSummary {
  type: string;
  /** The metric key its records go to; null for a type not imported. */
  metric: string | null;
  records: number;
  refused: number;
  days: number;
  sources: string[];
}

export interface HealthImportSummary {
  records: number;
  types: TypeSummary[];
  /** Why records were refused, each with how many. */
  refusals: Array<{ type: string; reason: string; records: number }>;
  inserted: number;
  updated: number;
  dryRun: boolean;
}

interface Options {
  zone: string;
  dryRun?: boolean;
  cap?: number;
  /** Record types the owner chose not to import: counted in the summary, never written. */
  skip?: ReadonlySet<string>;
  /** Record type → the key of an existing metric its records go to instead of their own. */
  map?: ReadonlyMap<string, string>;
  onProgress?: (done: { bytes: number; total: number; records: number }) => void;
  /** The import run (import_runs) the points are written under; its progress commits with each chunk. */
  runId?: number;
  /** Heard after each chunk is committed, with how many are (the test switch that stops an import uses it). */
  afterChunk?: (chunks: number) => Promise<void>;
}

export async function importAppleHealth(db: Db, zipPath: string, options: Options): Promise<HealthImportSummary> {
  const cap = options.cap ?? INFLATED_CAP;
  const { stream, size } = await openExportXml(zipPath, cap);
  const perType = new Map<string, { metric: string | null; records: number; refused: number; days: Set<string>; sources: Set<string> }>();
  const refusals = new Map<string, number>();
  const pending = new Map<string, PointRow[]>();
  const sleep = new Map<string, number>();
  const metricIds = new Map<string, number>();
  let buffered = 0;
  let records = 0;
  let bytes = 0;
  let chunks = 0;
  const written = { inserted: 0, updated: 0 };

  const parser = new SaxesParser();
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= new HealthImportError(`export.xml is not well-formed XML (line ${parser.line}): ${error.message.replace(/^.*?:\d+:\d+: /, '')}`);
  });
  parser.on('opentag', (node) => {
    if (node.name !== 'Record' && node.name !== 'Workout') return;
    records++;
    const mapped = mapElement(node.name, node.attributes as Record<string, string>, options.zone);
    const entry = perType.get(mapped.type) ?? { metric: null, records: 0, refused: 0, days: new Set<string>(), sources: new Set<string>() };
    perType.set(mapped.type, entry);
    entry.records++;
    if (options.skip?.has(mapped.type)) return;
    if (mapped.kind === 'refused') {
      entry.refused++;
      const key = `${mapped.type}\u0000${mapped.reason}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
      return;
    }
    if (mapped.kind === 'skipped') return;
    if (entry.sources.size < 1000) entry.sources.add(mapped.source);
    if (mapped.kind === 'sleep') {
      entry.metric = options.map?.get(mapped.type) ?? HEALTH_METRICS.sleep!.key;
      entry.days.add(mapped.day);
      const key = `${mapped.day}\u0000${mapped.source}`;
      sleep.set(key, (sleep.get(key) ?? 0) + mapped.hours);
      return;
    }
    const key = options.map?.get(mapped.type) ?? HEALTH_METRICS[mapped.metric]!.key;
    entry.metric = key;
    // The day as the phone wrote it (its local date): enough for the preview's count.
    entry.days.add(mapped.day);
    const list = pending.get(key) ?? [];
    list.push({ at: mapped.at, value: mapped.value, source: mapped.source });
    pending.set(key, list);
    buffered++;
  });

  async function flush(): Promise<void> {
    if (buffered === 0) return;
    if (!options.dryRun) {
      const chunk = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const counted = { inserted: 0, updated: 0 };
        for (const [key, rows] of pending) {
          const id = await metricId(t, key, metricIds);
          // One statement per 2,000 rows keeps within PostgreSQL's 65,535 parameters.
          for (let from = 0; from < rows.length; from += 2_000) {
            const result = await upsertPoints(t, id, rows.slice(from, from + 2_000), { importRunId: options.runId });
            counted.inserted += result.inserted;
            counted.updated += result.updated;
          }
        }
        if (options.runId !== undefined) await importChunkCommitted(t, options.runId, { recordsDone: records, inserted: counted.inserted });
        return counted;
      });
      written.inserted += chunk.inserted;
      written.updated += chunk.updated;
      await options.afterChunk?.(++chunks);
    }
    pending.clear();
    buffered = 0;
  }

  try {
    // A character may be split between two chunks ('’' in "Owner’s iPhone"): the decoder keeps its first bytes.
    const decoder = new StringDecoder('utf8');
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      // Belt and braces: yauzl already stops an entry inflating past the size it claims.
      if (bytes > cap) throw new HealthImportError(`export.xml inflates past the ${cap} bytes allowed.`);
      parser.write(decoder.write(chunk));
      if (failure) throw failure;
      options.onProgress?.({ bytes, total: size, records });
      if (buffered >= CHUNK) await flush();
    }
    parser.write(decoder.end());
    parser.close();
    if (failure) throw failure;
    await flush();
    if (sleep.size > 0 && !options.dryRun) {
      const sleepKey = options.map?.get('HKCategoryTypeIdentifierSleepAnalysis') ?? HEALTH_METRICS.sleep!.key;
      const rows = [...sleep].map(([key, hours]) => {
        const [wakeDay, source] = key.split('\u0000') as [string, string];
        return { at: sleepInstant(wakeDay, options.zone), value: Math.round(hours * 1000) / 1000, source };
      });
      for (const row of rows) {
        pending.set(sleepKey, [...(pending.get(sleepKey) ?? []), row]);
        buffered++;
      }
      await flush();
    }
  } finally {
    stream.destroy();
  }
  return {
    records,
    types: [...perType]
      .map(([type, entry]) => ({ type, metric: entry.metric, records: entry.records, refused: entry.refused, days: entry.days.size, sources: [...entry.sources].sort() }))
      .sort((a, b) => b.records - a.records),
    refusals: [...refusals].map(([key, count]) => {
      const [type, reason] = key.split('\u0000') as [string, string];
      return { type, reason, records: count };
    }),
    ...written,
    dryRun: options.dryRun ?? false,
  };
}

async function metricId(db: Db, key: string, known: Map<string, number>): Promise<number> {
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const spec = Object.values(HEALTH_METRICS).find((metric) => metric.key === key) as HealthMetric;
  const metric =
    (await findMetric(db, key)) ??
    (await createMetric(db, { ...spec, color: '#6fffe9', target: null, visibility: 'owner' }));
  known.set(key, metric.id);
  return metric.id;
}

/** export.xml's inflated stream from the zip at `path`, counted against `cap`. */
async function openExportXml(path: string, cap: number): Promise<{ stream: Readable; size: number }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, file) =>
      error ? reject(new HealthImportError(`This is not a zip file the Health app wrote: ${error.message}`)) : resolve(file),
    ),
  );
  const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
    zip.on('entry', (candidate: yauzl.Entry) => {
      if (/(^|\/)export\.xml$/.test(candidate.fileName)) resolve(candidate);
      else zip.readEntry();
    });
    zip.on('end', () => resolve(null));
    zip.on('error', (error: Error) => reject(new HealthImportError(`The zip file is damaged: ${error.message}`)));
    zip.readEntry();
  });
  if (!entry) {
    zip.close();
    throw new HealthImportError('The zip file holds no export.xml: export it again from the Health app (Profile → Export All Health Data).');
  }
  if (entry.uncompressedSize > cap) {
    zip.close();
    throw new HealthImportError(`export.xml would inflate to ${entry.uncompressedSize} bytes, more than the ${cap} allowed.`);
  }
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) => (error ? reject(new HealthImportError(`export.xml cannot be read: ${error.message}`)) : resolve(readable))),
  );
  // yauzl stops a stream that inflates past the size its entry claims (validateEntrySizes); the claim is capped above.
  stream.on('end', () => zip.close());
  stream.on('error', () => zip.close());
  return { stream, size: entry.uncompressedSize };
}

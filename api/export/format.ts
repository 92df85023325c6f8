import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/*
 * The archive format (docs/archive-format.md). Bump FORMAT_VERSION when the layout or the meaning
 * of a file changes; schema changes are carried by the migration id instead.
 */
export const FORMAT = 'portfolio-archive';
export const FORMAT_VERSION = 2;
/** Versions an import reads: 1 is 2 without the signature (manifest.sig), so it is always "from elsewhere". */
export const READABLE_VERSIONS: readonly number[] = [1, 2];

/** More files than any site of one owner writes (images are a few per picture): a flood of tiny entries stops here. */
export const MAX_ENTRIES = 200_000;
/** Rows per table an import restores (held in memory while checked); years of minute-by-minute points fit. */
export const MAX_ROWS_PER_TABLE = 2_000_000;

export const MANIFEST_PATH = 'manifest.json';
export const tablePath = (table: string) => `tables/${table}.jsonl`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestShape = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().positive(),
  /** The last drizzle migration applied to the exported database: its position in the journal and its tag. */
  migration: z.object({ index: z.number().int().min(-1), tag: z.string() }),
  createdAt: z.string(),
  tables: z.record(z.string(), z.object({ rows: z.number().int().min(0), columns: z.array(z.string()) })),
  files: z.record(z.string(), z.object({ bytes: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestShape>;

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function migrationsFolder(): string {
  return resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');
}

/** drizzle-kit's journal: the migrations this build of the app knows, in order. */
export function readJournal(folder = migrationsFolder()): Journal {
  return JSON.parse(readFileSync(resolve(folder, 'meta/_journal.json'), 'utf8')) as Journal;
}

/** The newest migration this build knows (an archive from a later one is refused). */
export function currentMigration(): { index: number; tag: string } {
  const { entries } = readJournal();
  const last = entries[entries.length - 1];
  return last ? { index: last.idx, tag: last.tag } : { index: -1, tag: '' };
}

/** The migration id of a database that has `applied` migrations. */
export function migrationAt(applied: number): { index: number; tag: string } {
  const { entries } = readJournal();
  const entry = entries[applied - 1];
  return entry ? { index: entry.idx, tag: entry.tag } : { index: applied - 1, tag: '' };
}

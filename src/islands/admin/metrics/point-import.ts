import { pointInput } from '#domain/shapes.ts';
import { CsvReader, yieldToBrowser } from '#src/lib/csv.ts';
import { validate } from '../field-errors.ts';

/** How a CSV file's columns map onto a point (column indexes; note optional). */
export interface ColumnMap {
  at: number;
  value: number;
  note: number | null;
}

/** A row ready to send: the file's line it came from and the point the server will check again. */
export interface ReadyRow {
  line: number;
  point: { at: string; value: number; note: string | null };
}

/** A refused row: its line in the file and why, in words that name the column. */
export interface RefusedRow {
  line: number;
  reason: string;
}

const FIELD_NAMES: Record<string, string> = { at: 'Date', value: 'Value', note: 'Note' };
/** How far ahead a point may be dated: the server's rule (api/http/point-rows.ts). */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

/** 'points[3].at: must be …' or 'at: must be …' → 'Date must be …'. */
export function describeRefusal(field: string | undefined, message: string): string {
  const name = (field ?? '').replace(/^points\[\d+\]\./, '');
  const text = message.replace(/^[\w[\].]+:\s*/, '');
  return `${FIELD_NAMES[name] ?? (name || 'Row')} ${text}`;
}

/**
 * Common export spellings the server's ISO 8601 reads once tidied: '2024-01-01 08:00:00 +0100' (Apple
 * Health: a space before the offset). Anything else is sent as written and judged by the shape.
 */
export const tidyDate = (raw: string) => raw.trim().replace(/^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) ([+-]\d{2}:?\d{2})$/, '$1$2');

/** A cell as a number: empty is not a number (the shape then says 'must be a finite number'). */
const numberOf = (raw: string) => (raw.trim() === '' ? Number.NaN : Number(raw.trim()));

/** The instant a date most likely is, for the far-future rule (the server's reading in the owner's zone decides). */
const roughInstant = (at: string) => Date.parse(at.length === 10 ? `${at}T12:00:00Z` : at.replace(' ', 'T'));

/** One record as a point, checked with the server's own shape, or why it is refused. */
export function checkRow(fields: string[], map: ColumnMap, line: number, now = Date.now()): ReadyRow | RefusedRow {
  const note = map.note === null ? '' : (fields[map.note] ?? '').trim();
  const candidate = { at: tidyDate(fields[map.at] ?? ''), value: numberOf(fields[map.value] ?? ''), note: note || null };
  if (candidate.at === '') return { line, reason: 'Date is required' };
  // The shape would say 'is required' for any NaN; a cell that holds words deserves a truer message.
  if (Number.isNaN(candidate.value)) return { line, reason: (fields[map.value] ?? '').trim() === '' ? 'Value is required' : 'Value must be a number' };
  const result = validate(pointInput, candidate);
  if (!result.ok) {
    const [field, message] = Object.entries(result.errors)[0]!;
    return { line, reason: describeRefusal(field, message) };
  }
  if (roughInstant(candidate.at) > now + FUTURE_SLACK_MS) return { line, reason: 'Date must not be more than one day in the future' };
  return { line, point: candidate };
}

/**
 * Reads a whole file in slices of about `budgetMs` of work, yielding to the browser between them (so a
 * 100,000-row file never holds the page for long, however slow the machine), and reports progress.
 */
export async function checkFile(
  text: string,
  map: ColumnMap,
  onProgress: (lines: number) => void,
  budgetMs = 25,
): Promise<{ ready: ReadyRow[]; refused: RefusedRow[] }> {
  const reader = new CsvReader(text);
  reader.next(); // the header
  const ready: ReadyRow[] = [];
  const refused: RefusedRow[] = [];
  const now = Date.now();
  for (;;) {
    const sliceStart = performance.now();
    // The clock is read every 200 records: cheap, and a slice overruns its budget by 200 records at most.
    for (let n = 1; ; n++) {
      const record = reader.next();
      if (!record) return { ready, refused };
      const row = checkRow(record.fields, map, record.line, now);
      if ('point' in row) ready.push(row);
      else refused.push(row);
      if (n % 200 === 0 && performance.now() - sliceStart > budgetMs) break;
    }
    onProgress(reader.line);
    await yieldToBrowser();
  }
}

/** The header's columns and a best guess at which holds the date, the value and a note. */
export function readHeader(text: string): { columns: string[]; guess: ColumnMap } {
  const columns = (new CsvReader(text).next()?.fields ?? []).map((name) => name.trim());
  const find = (pattern: RegExp) => columns.findIndex((name) => pattern.test(name));
  const at = find(/date|time|day|\bat\b|start/i);
  const value = find(/value|count|amount|steps|qty|quantity|total|minutes|hours/i);
  const note = find(/note|comment|memo|description/i);
  const firstOther = columns.findIndex((_, index) => index !== Math.max(at, 0));
  return {
    columns,
    guess: { at: Math.max(at, 0), value: value >= 0 && value !== at ? value : Math.max(firstOther, 0), note: note >= 0 ? note : null },
  };
}

/** What an import did, for the summary. */
export interface ImportResult {
  inserted: number;
  updated: number;
  /** Rows the server refused (a check the browser could not make, e.g. the owner's time zone near midnight). */
  refused: RefusedRow[];
  /** Rows of chunks that could not be sent at all (the server unreachable after retries). */
  failed: RefusedRow[];
}

const CHUNK_RETRIES = 3;

/**
 * Sends the rows in chunks of at most `chunk` (the endpoint's 1,000), one after another. The endpoint
 * writes a chunk all or nothing, so a row it refuses is taken out and the rest of the chunk sent again:
 * a bad row never stops the others. The endpoint is idempotent on metric + date, so a chunk resent after
 * a lost answer never duplicates a point.
 */
export async function sendInChunks(
  key: string,
  rows: ReadyRow[],
  onProgress: (done: number) => void,
  chunk = 1_000,
  post: (body: unknown) => Promise<Response> = (body) =>
    fetch(`/api/metrics/${key}/points/import`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
): Promise<ImportResult> {
  const result: ImportResult = { inserted: 0, updated: 0, refused: [], failed: [] };
  let done = 0;
  for (let start = 0; start < rows.length; start += chunk) {
    const pending = rows.slice(start, start + chunk);
    let attempts = 0;
    while (pending.length > 0) {
      let response: Response | null = null;
      try {
        response = await post({ points: pending.map((row) => row.point) });
      } catch {
        response = null;
      }
      if (response?.ok) {
        const written = (await response.json()) as { inserted: number; updated: number };
        result.inserted += written.inserted;
        result.updated += written.updated;
        break;
      }
      const body = response ? ((await response.json().catch(() => ({}))) as { error?: string; field?: string; row?: number }) : {};
      if (response?.status === 400 && typeof body.row === 'number' && pending[body.row]) {
        const [bad] = pending.splice(body.row, 1);
        result.refused.push({ line: bad!.line, reason: describeRefusal(body.field, body.error ?? 'was refused') });
        continue;
      }
      if (++attempts >= CHUNK_RETRIES) {
        const reason = body.error ? `Not imported: ${body.error}` : 'Not imported: the server could not be reached';
        result.failed.push(...pending.map((row) => ({ line: row.line, reason })));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * attempts));
    }
    done = Math.min(rows.length, start + chunk);
    onProgress(done);
  }
  return result;
}

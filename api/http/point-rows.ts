import { MAX_POINTS_PER_BATCH, pointInput } from '#domain/shapes.ts';
import type { PointRow } from '../services/metrics.ts';
import { instantOf } from '../services/owner-time.ts';
import { HttpError, badRequest } from './errors.ts';

/** How far ahead a point may be dated (clocks differ; a phone in another zone logs "today"). */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

/**
 * A client's body as rows: one point (an object), a batch (an array), or `{ points: [...] }`.
 * Refuses the whole body on the first bad row, naming the row and the field.
 */
export function parsePoints(body: unknown, zone: string, now = new Date()): PointRow[] {
  const batch = Array.isArray(body)
    ? body
    : isObject(body) && Array.isArray(body.points) && !('value' in body)
      ? body.points
      : null;
  const rows: unknown[] = batch ?? [body];
  const prefix = batch ? 'points' : '';
  if (rows.length === 0) throw badRequest('points: must have at least one point', 'points');
  if (rows.length > MAX_POINTS_PER_BATCH) {
    throw new HttpError(400, `points: must have at most ${MAX_POINTS_PER_BATCH} points (got ${rows.length})`, 'points');
  }
  return rows.map((raw, row) => {
    const name = (field: string) => (prefix ? `${prefix}[${row}].${field}` : field);
    const result = pointInput.safeParse(raw);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const field = issue.code === 'unrecognized_keys' ? (issue.keys[0] ?? 'field') : String(issue.path[0] ?? 'point');
      const message =
        issue.code === 'unrecognized_keys'
          ? 'is not a known field'
          : issue.code === 'invalid_type' && issue.path.length === 0
            ? 'must be an object'
            : issue.code === 'invalid_type' && isObject(raw) && raw[field] === undefined
              ? 'is required'
              : issue.message;
      throw new RowError(row, name(field), `${name(field)}: ${message}`);
    }
    const at = result.data.at ? instantOf(result.data.at, zone) : now;
    const refused = instantProblem(at, now);
    if (refused) throw new RowError(row, name('at'), `${name('at')}: ${refused}`);
    return { at, value: result.data.value, note: result.data.note, source: result.data.source };
  });
}

/** Why a point's settled instant is refused, or null: the one rule for new points and moved ones alike. */
export function instantProblem(at: Date, now = new Date()): string | null {
  if (Number.isNaN(at.getTime())) return 'must be an ISO 8601 date or date and time';
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) return 'must not be more than one day in the future';
  return null;
}

/** A refused row: the 400 names the field and the row (0-based index in the batch). */
export class RowError extends HttpError {
  readonly row: number;
  constructor(row: number, field: string, message: string) {
    super(400, message, field);
    this.row = row;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

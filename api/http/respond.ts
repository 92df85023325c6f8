import { errorFields } from '../db/query-error.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { HttpError } from './errors.ts';
import { log } from '../log.ts';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export const noContent = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/** The error body every endpoint uses: `{ error, field? }`. */
export function errorResponse(status: number, message: string, field?: string, headers: Record<string, string> = {}): Response {
  return json(field ? { error: message, field } : { error: message }, status, headers);
}

export const UNAVAILABLE_MESSAGE = 'The site is briefly unavailable. Please try again in a moment.';

/** The database cannot answer right now: 503, and when to try again. */
export const unavailableResponse = () =>
  errorResponse(503, UNAVAILABLE_MESSAGE, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

/**
 * Runs an endpoint: a client's mistake becomes its 4xx answer; anything unexpected is logged with
 * detail on the server and answered with a generic 500 (no input a client sends should land here).
 */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return json(error.body, error.status);
    if (isDatabaseUnavailable(error)) return unavailableResponse();
    const refused = databaseRefusal(error);
    if (refused) return errorResponse(refused.status, refused.message);
    // A failed query's parameters (emails, token hashes) never reach the log: its SQL text and caller do.
    log.error(errorFields(error), 'Unexpected error while handling a request');
    return errorResponse(500, 'Something went wrong on our side. Please try again.');
  }
}

/** A constraint the database enforces is the client's mistake, not ours. */
function databaseRefusal(error: unknown): { status: number; message: string } | null {
  const code = findCode(error);
  if (code === '23505') return { status: 409, message: 'That already exists.' };
  if (code === '23514' || code === '23502' || code === '22P02' || code === '22003') {
    return { status: 400, message: 'A value is out of the allowed range.' };
  }
  if (code === '23503') return { status: 400, message: 'It refers to something that does not exist.' };
  return null;
}

function findCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

import { randomUUID } from 'node:crypto';
import { writeRequestLine } from '#api/log.ts';

/** What one request line says. Never cookies, tokens, query strings or bodies: the route pattern, not the URL. */
export interface RequestLine {
  method: string;
  /** The route pattern that answered (`/api/projects/[id]`), so ids and one-time tokens in URLs stay out. */
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
}

/** One line per request, from the Astro middleware or from any server in front of Astro (5xx at level error). */
export function logRequest(line: RequestLine): void {
  writeRequestLine({
    method: line.method,
    route: line.route,
    status: line.status,
    durationMs: Math.round(line.durationMs * 10) / 10,
    requestId: line.requestId,
  });
}

/** A request id we pass on: 1–128 printable ASCII characters (anything else could forge or flood a log line). */
const ACCEPTABLE_ID = /^[\x20-\x7e]{1,128}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Sent back by the middleware on the visitor cache's own render requests only (never to a visitor): the route
 * pattern that rendered the page, so the cache's answers are logged with it rather than with the URL.
 */
export const ROUTE_PATTERN_HEADER = 'x-route-pattern';

/**
 * The id of this request: the one a trusted proxy in front of us sent (so its logs and ours line up), or a fresh
 * UUID when there is none, when the sender is not a trusted proxy (anyone could otherwise pick ids to confuse the
 * logs), or when the given id is malformed (over 128 characters or not printable ASCII).
 */
export function requestIdFor(request: { headers: { get(name: string): string | null } }, fromTrustedProxy: boolean): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  if (fromTrustedProxy && given !== null && ACCEPTABLE_ID.test(given)) return given;
  return randomUUID();
}

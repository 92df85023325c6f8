import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { logRequest } from '#api/http/request-log.ts';
import { NOT_A_PAGE_CSP, applySiteHeaders } from '#api/http/site-headers.ts';

/*
 * Methods the site does not serve (TRACE, CONNECT, WebDAV's, anything Node's parser does not know) are answered
 * here, in the server's entry, before any route or Astro sees them (ADR 022): 405 with `Allow`, the site's
 * security headers, and one request-log line — never a stack trace.
 */

/** Every method some route of the site answers; each route answers 405 itself for the ones it does not take. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const served: ReadonlySet<string> = new Set(SERVED_METHODS);

/** What the log calls a method Node's parser refused: its first word when it looks like one, else this. */
const UNREADABLE = 'UNKNOWN';

const BODY = 'This site does not answer that method.\n';

/** The 405's headers as pairs, with this request's id. */
function headersFor(requestId: string): Headers {
  const headers = new Headers({
    Allow: SERVED_METHODS.join(', '),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(BODY)),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': NOT_A_PAGE_CSP,
    'X-Request-Id': requestId,
  });
  applySiteHeaders(headers);
  return headers;
}

function logRefusal(method: string, requestId: string, started: number): void {
  logRequest({ method, route: '(method not served)', status: 405, durationMs: performance.now() - started, requestId });
}

/** Answers 405 when the request's method is not one the site serves; false (nothing written) otherwise. */
export function refuseUnservedMethod(
  req: IncomingMessage,
  res: ServerResponse,
  requestIdOf: (req: IncomingMessage) => string,
): boolean {
  const method = req.method ?? UNREADABLE;
  if (served.has(method)) return false;
  const started = performance.now();
  const requestId = requestIdOf(req);
  res.writeHead(405, Object.fromEntries(headersFor(requestId)));
  res.end(method === 'HEAD' ? undefined : BODY);
  // Whatever body came with it is read and thrown away.
  req.resume();
  logRefusal(method, requestId, started);
  return true;
}

/** The 405 written straight onto a socket Node's HTTP server gave up on or handed over (CONNECT), which then closes. */
function writeRaw(socket: Duplex, requestId: string): void {
  const lines = [`HTTP/1.1 405 ${STATUS_CODES[405]}`];
  for (const [name, value] of headersFor(requestId)) lines.push(`${name}: ${value}`);
  lines.push('Connection: close', '', BODY);
  socket.end(lines.join('\r\n'), () => socket.destroy());
}

/** A CONNECT request (Node hands these over as a raw socket): 405, then the connection closes. */
export function refuseConnect(socket: Duplex, requestId: string): void {
  const started = performance.now();
  writeRaw(socket, requestId);
  logRefusal('CONNECT', requestId, started);
}

/** What Node answers a request its parser refused when nobody listens for `clientError`. */
const NODE_DEFAULT: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * A request Node's parser refused (its `clientError` event): 405 when the method was the reason (one Node does
 * not know), else what Node answers by itself — only on a connection that has had no answer yet, like Node.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: Buffer },
  socket: Duplex & { bytesWritten?: number },
  requestId: string,
): void {
  if (!socket.writable || (socket.bytesWritten ?? 0) > 0) {
    socket.destroy();
    return;
  }
  if (error.code === 'HPE_INVALID_METHOD') {
    const started = performance.now();
    const word = /^[A-Z][A-Z-]{0,19}(?= )/.exec(error.rawPacket?.subarray(0, 24).toString('latin1') ?? '')?.[0];
    writeRaw(socket, requestId);
    logRefusal(word ?? UNREADABLE, requestId, started);
    return;
  }
  const status = NODE_DEFAULT[error.code ?? ''] ?? '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`, () => socket.destroy());
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logRequest } from './request-log.ts';
import { EVERY_ANSWER_HEADERS, STRICT_TRANSPORT_SECURITY } from './site-headers.ts';
import { clientAddress, hostAllowed, isHttpsOrigin, publicOrigin, type OriginSettings } from './request-origin.ts';

const MISDIRECTED = 'This server does not answer for that host name.\n';

/**
 * The Node server's first look at a request, before the static files, the visitor cache and Astro: refuses a Host
 * that is not SITE_URL's (421 Misdirected Request: the request is well formed, it reached the wrong server), and
 * puts on the response the headers every answer carries (api/http/site-headers.ts), whoever answers it (HSTS
 * when the public origin is https).
 * Returns true when it answered the request itself.
 */
export function frontDoor(req: IncomingMessage, res: ServerResponse, settings: OriginSettings): boolean {
  const peer = req.socket.remoteAddress;
  const path = (req.url ?? '/').split('?')[0]!;
  if (!hostAllowed(req.headers, path, clientAddress(peer, req.headers, settings.TRUSTED_PROXIES), settings)) {
    res.writeHead(421, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(MISDIRECTED)),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : MISDIRECTED);
    logRequest({
      method: req.method ?? 'GET',
      route: '(unknown host)',
      status: 421,
      durationMs: 0,
      requestId: randomUUID(),
    });
    return true;
  }
  for (const [name, value] of EVERY_ANSWER_HEADERS) res.setHeader(name, value);
  if (isHttpsOrigin(publicOrigin(peer, req.headers, settings)))
    res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  return false;
}

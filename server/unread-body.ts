import type { IncomingMessage } from 'node:http';

/** How long the rest of a refused body is read and thrown away before the connection is cut. */
const DISCARD_MS = 5_000;

/**
 * After an answer that did not read the whole request body (a 413 from the capped reader, a 429, a 405):
 * the rest is read and thrown away, never kept, so the client can read the answer and the connection serve its
 * next request; a client still sending after DISCARD_MS loses the connection.
 */
export function discardUnreadBody(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  const cut = setTimeout(() => req.socket.destroy(), DISCARD_MS);
  cut.unref();
  req.once('end', () => clearTimeout(cut));
  req.once('close', () => clearTimeout(cut));
  req.resume();
}

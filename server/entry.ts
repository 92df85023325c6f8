// The production server's entry (ADR 016): Astro bundles it with every page, the middleware and api/ into
// dist/server/entry.mjs, which `node dist/server/entry.mjs` runs (npm start after building when needed,
// the Dockerfile's CMD, the tests and the bench). One bundle, so one copy of every module in the process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApp } from 'astro/app/entrypoint';
import { createRequestFromNodeRequest, writeResponse } from 'astro/app/node';
import { config } from '#api/config.ts';
import { atOrigin, publicOrigin } from '#api/http/request-origin.ts';
import { log } from '#api/log.ts';
import { startServer } from './main.ts';
import { discardUnreadBody } from './unread-body.ts';

const app = createApp({ streaming: true });

/** Astro's answer to a request, rendered in this process (the visitor cache's misses). */
export function render(request: Request): Promise<Response> {
  return app.render(request);
}

/** Astro's answer to one connection's request, written to its response. */
async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let request: Request;
  try {
    // No allowedDomains: the client's address is the socket's peer (api/http/request-origin.ts reads X-Forwarded-For).
    request = createRequestFromNodeRequest(req, { allowedDomains: [] });
    // Astro's URL is the public one (https behind a TLS proxy): cookies, HSTS and origin checks follow it.
    request = atOrigin(request, publicOrigin(req.socket.remoteAddress, req.headers, config()));
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request');
    return;
  }
  try {
    const response = await app.render(request, { addCookieHeader: true, clientAddress: req.socket.remoteAddress });
    await writeResponse(response, res);
    discardUnreadBody(req);
  } catch (error) {
    log.error({ err: error }, 'Could not render a request');
    if (!res.headersSent) res.writeHead(500).end('Internal Server Error');
    else res.destroy();
  }
}

await startServer({ handle, render });

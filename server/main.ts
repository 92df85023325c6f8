// The server process: check the environment, open the database, serve (files, visitor cache, Astro), run the
// periodic jobs, and stop cleanly on SIGINT/SIGTERM. Called by server/entry.ts with Astro's handler and renderer.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { looksPooled, startInvalidationBridge, type InvalidationBridge } from '#api/cache/notify.ts';
import { createVisitorCacheServer } from '#api/cache/serve-visitor.ts';
import { createStaticFiles } from '#api/http/static-files.ts';
import { config, type Config } from '#api/config.ts';
import { configHelp } from '#api/config-help.ts';
import { frontDoor } from '#api/http/front-door.ts';
import { peerIsTrustedProxy, publicOrigin, trustedProxiesWarning } from '#api/http/request-origin.ts';
import { logRequest, requestIdFor } from '#api/http/request-log.ts';
import { startDraining } from '#api/http/health.ts';
import { log } from '#api/log.ts';
import { closeDatabase } from '#api/db/client.ts';
import { periodicJobs, startDatabase } from '#api/startup.ts';
import { prepareAuth, printOwnerLink } from '#api/auth/startup.ts';
import { scheduleJob, startJobs, stopJobs } from '#api/jobs.ts';
import { grantLocalAccess } from '#api/export/local-access.ts';
import { warmCardFonts } from '#api/share-card/fonts.ts';
import { answerClientError, refuseConnect, refuseUnservedMethod } from './unserved-methods.ts';

export interface Astro {
  /** Answers one request on its connection. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** Renders a request in this process. */
  render(request: Request): Promise<Response>;
}

/** How long a stop waits for requests still in flight once it stops accepting new ones. */
const IN_FLIGHT_GRACE_MS = 10_000;

export async function startServer(astro: Astro): Promise<void> {
  if (process.argv.includes('--help')) {
    process.stdout.write(configHelp());
    process.exit(0);
  }

  let cfg: Config;
  try {
    cfg = config();
  } catch (error) {
    // The message names the variable (api/config.ts); the process stops before serving anything.
    log.fatal((error as Error).message);
    process.exit(1);
  }

  let database;
  try {
    // Roles follow the current ADMIN_EMAILS before the first request is served.
    database = await startDatabase(cfg, (opened) => prepareAuth(opened.db, cfg));
    for (const job of periodicJobs(database, cfg)) scheduleJob(job);
  } catch (error) {
    log.fatal({ reason: (error as Error).message }, 'Could not open the database');
    process.exit(1);
  }

  /*
   * Before Astro sees a request: the build's files from memory (compressed, /_astro/ for a year), then
   * visitor reads from the page cache. Everything else — signed-in people, writes, uncached routes —
   * goes to Astro's own handler.
   */
  // The id of a request answered before Astro: a trusted proxy's, else a fresh one (as the middleware decides).
  const requestIdOf = (req: http.IncomingMessage) => {
    if (!peerIsTrustedProxy(req.socket.remoteAddress, cfg.TRUSTED_PROXIES)) return randomUUID();
    const given = req.headers['x-request-id'];
    return requestIdFor({ headers: { get: () => (typeof given === 'string' ? given : null) } }, true);
  };
  const files = createStaticFiles(fileURLToPath(new URL('../client/', import.meta.url)));
  const visitorCache = createVisitorCacheServer({
    render: astro.render,
    maxBytes: cfg.PAGE_CACHE_BYTES,
    timeZone: cfg.OWNER_TIME_ZONE,
    // The origin a page is rendered for (links, canonical URLs, HSTS): part of the key, so no answer is kept for another.
    originOf: (req) => publicOrigin(req.socket.remoteAddress, req.headers, cfg),
    // Answers from the cache get a request id and a log line like any other request.
    requestIdOf,
    onAnswer: logRequest,
  });
  // Several processes on one PostgreSQL database tell each other what changed (LISTEN/NOTIFY).
  let bridge: InvalidationBridge | undefined;
  if (cfg.DATABASE_URL) {
    const listenUrl = cfg.DATABASE_DIRECT_URL ?? cfg.DATABASE_URL;
    if (looksPooled(listenUrl)) {
      log.warn(
        'The database URL looks like a transaction pooler, where LISTEN does not work: other server processes would keep showing old pages. Set DATABASE_DIRECT_URL to a direct connection.',
      );
    }
    bridge = startInvalidationBridge(listenUrl, (database.db as unknown as { $client: pg.Pool }).$client);
  }
  const server = http.createServer((req, res) => {
    if (frontDoor(req, res, cfg) || refuseUnservedMethod(req, res, requestIdOf) || files.serve(req, res) || visitorCache.serve(req, res)) return;
    void astro.handle(req, res);
  });
  // Methods the site does not serve never reach a route: CONNECT (handed over as a raw socket) and those Node's
  // parser does not know are answered 405 like TRACE (server/unserved-methods.ts).
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => refuseConnect(socket, requestIdOf(req)));
  server.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, randomUUID()));
  server.keepAliveTimeout = 65_000;
  // Every interface unless HOST says otherwise.
  const host = cfg.HOST ?? '0.0.0.0';
  const proxyWarning = trustedProxiesWarning(cfg.TRUSTED_PROXIES, cfg.HOST);
  if (proxyWarning) log.warn(proxyWarning);
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(cfg.PORT, host, () => listening());
  });
  log.info({ host, port: cfg.PORT }, `Server listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${cfg.PORT}`);

  // The owner's one-time link, printed once the server listens, so a fresh install can be entered offline.
  await printOwnerLink(database.db, cfg);
  // `npm run export` cannot open the embedded database while we hold it; it asks us, with this secret.
  if (database.kind === 'pglite') grantLocalAccess(cfg.DATA_DIR, cfg.PORT, cfg.SITE_URL);

  // Periodic jobs (sweeps, retention, backups), scheduled above: with PostgreSQL only in the one process holding the jobs lock.
  await startJobs({ databaseUrl: cfg.DATABASE_URL });
  // The share cards' fonts are unpacked and indexed once per machine: now, so that the first card does not wait
  // for it. A failure here is tried again by that card.
  warmCardFonts().catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'Could not unpack the share cards’ fonts'));

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from now on, so a load balancer stops sending new requests while these finish.
    startDraining();
    if (signal === 'SIGTERM' && cfg.DRAIN_SECONDS > 0) {
      // Keep serving (in-flight and new requests alike) while load balancers see /readyz fail and move away.
      log.info({ signal, seconds: cfg.DRAIN_SECONDS }, 'Draining before closing');
      await new Promise((done) => setTimeout(done, cfg.DRAIN_SECONDS * 1000));
    }
    log.info({ signal }, 'Closing the server and the database');
    visitorCache.close();
    await bridge?.close();
    // No new connections; idle ones close now, busy ones once their request is answered (or at the grace's end).
    const closed = new Promise((done) => server.close(done));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
    await closed;
    clearTimeout(grace);
    await stopJobs();
    await closeDatabase();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

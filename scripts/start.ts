// npm start: build when the sources are newer than the build, open the database, then serve.
// First import: NODE_ENV=production before any library is loaded.
import './production-mode.ts';
import { pathToFileURL } from 'node:url';
import { config } from '#api/config.ts';
import { closeDatabase } from '#api/db/client.ts';
import { startDatabase } from '#api/startup.ts';
import { prepareAuth, printOwnerLink } from '#api/auth/startup.ts';
import { startJobs, stopJobs } from '#api/jobs.ts';
import { scheduleBackups } from '#api/export/backup.ts';
import { grantLocalAccess } from '#api/export/local-access.ts';
import { buildIfNeeded, serverEntry } from './build-if-needed.ts';

let cfg;
try {
  cfg = config();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

buildIfNeeded();

let database;
try {
  database = await startDatabase(cfg);
} catch (error) {
  console.error(`Could not open the database: ${(error as Error).message}`);
  process.exit(1);
}
// Roles follow the current ADMIN_EMAILS before the first request is served.
await prepareAuth(database.db, cfg);

// The built entry would start listening on import; we start it ourselves once the database is ready.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.PORT = String(cfg.PORT);
// Every interface unless HOST says otherwise (the adapter's own default is 0.0.0.0 too).
if (cfg.HOST) process.env.HOST = cfg.HOST;
const { startServer } = await import(pathToFileURL(serverEntry).href);
const { server } = startServer();

// The owner's one-time link, printed once the server listens, so a fresh install can be entered offline.
if (!server.server.listening) await new Promise((listening) => server.server.once('listening', listening));
await printOwnerLink(database.db, cfg);
// `npm run export` cannot open the embedded database while we hold it; it asks us, with this secret.
if (database.kind === 'pglite') grantLocalAccess(cfg.DATA_DIR, cfg.PORT);

// Periodic jobs (sweeps, retention, backups): with PostgreSQL only in the one process holding the jobs lock.
scheduleBackups(database, cfg);
await startJobs({ databaseUrl: cfg.DATABASE_URL });

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: closing the server and the database.`);
  await server.stop().catch(() => {});
  await stopJobs();
  await closeDatabase();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

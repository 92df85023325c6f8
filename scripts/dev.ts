// npm run dev: prepare the database the way `npm start` does (embedded or DATABASE_URL; migrate, seed when empty,
// roles, the owner's link), close it, then run Astro's dev server with hot reload in this same process. Its pages
// run Vite's own copies of api/, which open the database again on first use (api/db/client.ts).
import { dev } from 'astro';
import { config } from '#api/config.ts';
import { closeDatabase } from '#api/db/client.ts';
import { startDatabase } from '#api/startup.ts';
import { prepareAuth, printOwnerLink } from '#api/auth/startup.ts';
import { log, printOwnerLine } from '#api/log.ts';

let cfg;
try {
  cfg = config();
} catch (error) {
  // The message names the variable (api/config.ts); nothing starts.
  log.fatal((error as Error).message);
  process.exit(1);
}

const ownerLinks: string[] = [];
try {
  const database = await startDatabase(cfg, (opened) => prepareAuth(opened.db, cfg));
  // Minted now, printed once the dev server listens (the link names its port).
  await printOwnerLink(database.db, cfg, (url) => ownerLinks.push(url));
  // The embedded database serves one handle at a time: the dev server's pages open their own.
  await closeDatabase();
} catch (error) {
  // Also when `npm start` holds the embedded database: api/db/lock.ts names the holding pid.
  log.fatal(`Could not open the database: ${(error as Error).message}`);
  process.exit(1);
}

// No periodic jobs or scheduled backups here: a dev server is short-lived, `npm start` runs them.
const server = await dev({
  root: process.cwd(),
  server: { port: cfg.PORT, host: cfg.HOST ?? true },
  // A busy port stops the start instead of moving to the next one: the owner link printed below names this port.
  vite: { server: { strictPort: true } },
});
for (const url of ownerLinks) printOwnerLine(url);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'Closing the dev server and the database');
  await server.stop();
  await closeDatabase();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

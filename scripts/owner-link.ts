// npm run owner-link: on the server's machine, mints a fresh one-time owner sign-in link in the configured
// database and prints `Owner sign-in: <URL>`, whatever OWNER_LINK says: the way back in when every passkey
// is lost. With the embedded database held by the running server, the server mints it (loopback + secret).
import { createOwnerLink, siteOrigin } from '#api/auth/owner-link.ts';
import { config, type Config } from '#api/config.ts';
import { withLocalDatabase } from '#api/export/local-database.ts';
import { printOwnerLine } from '#api/log.ts';
import { recordSecurityEvent } from '#api/services/security-log.ts';

let cfg: Config;
try {
  cfg = config();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

try {
  const url = await withLocalDatabase(
    cfg,
    async ({ db }) => {
      const minted = await createOwnerLink(db, siteOrigin(cfg));
      await recordSecurityEvent(db, { kind: 'owner-link-minted', outcome: 'success', reason: 'npm run owner-link' });
      return minted;
    },
    async (ask) => {
      const response = await ask('/api/login/owner/local', { method: 'POST' });
      const body = ((await response?.json()) ?? {}) as { url?: unknown };
      return typeof body.url === 'string' ? body.url : null;
    },
  );
  printOwnerLine(url);
} catch (error) {
  console.error(`Could not mint an owner link: ${(error as Error).message}`);
  process.exitCode = 1;
}

// npm run archive-key: prints the key this site signs its archives with (docs/archive-format.md, "Signature").
// Moving house: set ARCHIVE_SIGNING_KEY to it on the new host, and its preview calls the old site's archives
// "made by this site". The key is a secret: anyone holding it can sign an archive as this site.
import { config, type Config } from '#api/config.ts';
import { migrateDatabase } from '#api/db/migrate.ts';
import { signingKey } from '#api/export/sign.ts';
import { withLocalDatabase } from '#api/export/local-database.ts';

let cfg: Config;
try {
  cfg = config();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (cfg.ARCHIVE_SIGNING_KEY) {
  console.log(cfg.ARCHIVE_SIGNING_KEY);
  console.error('(from ARCHIVE_SIGNING_KEY)');
} else {
  try {
    const key = await withLocalDatabase(
      cfg,
      async (database) => {
        // The key's table comes with a migration; a site that never started since has not run it yet.
        await migrateDatabase(database);
        return signingKey(database, cfg);
      },
      // The running server holding the embedded database does not hand its key out over the network.
      async () => null,
    );
    console.log(key);
    console.error('(kept in the database; set ARCHIVE_SIGNING_KEY to it on a new host)');
  } catch (error) {
    console.error(`Could not read the archive key: ${(error as Error).message}`);
    if (!cfg.DATABASE_URL) console.error('With the embedded database, stop the server first (it holds the folder).');
    process.exitCode = 1;
  }
}

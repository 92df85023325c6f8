import pg from 'pg';

/**
 * A new PostgreSQL database named `name` beside the one `adminUrl` names, for the tests, the bench and the
 * export tests (Drizzle keeps its journal in a fixed schema, so isolation needs a database of one's own):
 * empty, or a copy of `template` (which nobody may be connected to). `drop` removes it, even while clients are
 * still connected.
 */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  await onAdmin(adminUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => onAdmin(adminUrl, `drop database if exists "${name}" with (force)`) };
}

async function onAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

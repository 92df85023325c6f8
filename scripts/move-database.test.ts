import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar } from '#api/export/tar.ts';

/*
 * docs/operations.md's move from the embedded database to PostgreSQL, as the owner types it: export from a
 * PGlite folder, point DATABASE_URL at a fresh database made from TEST_DATABASE_URL, import. It runs in
 * the PostgreSQL pass only (PGlite to PGlite is api/export/archive.test.ts's round trip).
 */
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'move-database-'));
const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `move_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${dbName}" with (force)`);
    await client.end();
  }
});

const npm = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [`scripts/${script}.ts`, ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
  });

// The manifest and its signature name the time and the key of each export; the security log gains the import.
const tableFiles = (path: string) =>
  [...readTar(gunzipSync(readFileSync(path)))]
    .filter(([name]) => !['manifest.json', 'manifest.sig', 'tables/security_events.jsonl'].includes(name))
    .map(([name, data]) => [name, Buffer.from(data).toString('base64')]);

describe.skipIf(!adminUrl)('moving from the embedded database to PostgreSQL', { timeout: 600_000 }, () => {
  it('export, set DATABASE_URL, import: the new database holds the same data', async () => {
    const from = { DATA_DIR: join(work, 'embedded') };
    await npm('seed', [], from);
    const archive = join(work, 'site.tar.gz');
    await npm('export', ['--out', archive], from);
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    let to: Record<string, string> = {};
    {
      const client = new pg.Client({ connectionString: adminUrl! });
      await client.connect();
      await client.query(`create database "${dbName}"`);
      await client.end();
      const url = new URL(adminUrl!);
      url.pathname = `/${dbName}`;
      to = { DATABASE_URL: url.href };
    }
    const imported = await npm('import', [archive], to);
    expect(imported.stdout).toMatch(/Imported \d+ rows/);

    const back = join(work, 'back.tar.gz');
    await npm('export', ['--out', back], to);
    expect(tableFiles(back)).toEqual(tableFiles(archive));
  });
});

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupName, latestBackup, writeBackup } from './backup.ts';
import { parseArchive } from './read.ts';
import { freshDatabase } from './test-databases.ts';
import { readFileSync } from 'node:fs';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const dir = join(mkdtempSync(join(tmpdir(), 'backups-')), 'backups');

beforeAll(async () => {
  fresh = await freshDatabase();
  await fresh.database.db.execute(
    `insert into projects (name, description, category) values ('Backed up', 'x', 'test')`,
  );
}, 240_000);
afterAll(async () => {
  await fresh?.drop();
  rmSync(join(dir, '..'), { recursive: true, force: true });
}, 60_000);

describe('scheduled backups', { timeout: 60_000 }, () => {
  it('writes private, complete archives and keeps only the newest ones', async () => {
    expect(await latestBackup(dir)).toBeNull();
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 4; i++) await writeBackup(fresh.database, dir, 2, new Date(start + i * 3_600_000));
    const names = readdirSync(dir).sort();
    expect(names).toEqual([backupName(new Date(start + 2 * 3_600_000)), backupName(new Date(start + 3 * 3_600_000))]);
    for (const name of names) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);

    const latest = await latestBackup(dir);
    expect(latest?.name).toBe(names[1]);
    expect(latest?.bytes).toBe(statSync(join(dir, names[1]!)).size);
    // A backup is an archive an import accepts.
    const archive = await parseArchive(new Uint8Array(readFileSync(join(dir, names[1]!))));
    expect(archive.rows.get('projects')?.map((row) => row.name)).toEqual(['Backed up']);
  });
});

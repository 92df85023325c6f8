import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArchive } from '#api/export/read.ts';
import { ownerCookie } from '../../scripts/owner-session.ts';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';

/*
 * The backup job inside a running server: a server of its own with BACKUP_DIR and an interval of about
 * a second (BACKUP_EVERY takes fractions of an hour), keeping two.
 */
const dir = mkdtempSync(join(tmpdir(), 'running-backups-'));
let server: ExtraServer | undefined;

beforeAll(async () => {
  server = await startExtraServer({ BACKUP_DIR: dir, BACKUP_EVERY: '0.0003', BACKUP_KEEP: '2' });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The paths the server logged as written, oldest first. */
const written = (output: string) =>
  output.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; path?: string };
      return entry.msg === 'Backup written' && entry.path ? [entry.path] : [];
    } catch {
      return [];
    }
  });

/** Signs in through the owner's one-time link the server printed at start, as the owner would. */
const ownerSession = () => ownerCookie(/^Owner sign-in: (\S+)$/m.exec(server!.output())![1]!);

describe('scheduled backups in a running server', () => {
  it('writes a backup every BACKUP_EVERY, keeps only the newest BACKUP_KEEP, and the admin page names the last', async () => {
    const running = server!;
    // Each backup exports the seeded demo: seconds apiece on a loaded machine.
    const deadline = Date.now() + 240_000;
    while (written(running.output()).length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    // The admin page names the newest backup's time and size.
    const page = await (
      await fetch(new URL('/data-management/export', server!.baseUrl), { headers: { Cookie: await ownerSession() } })
    ).text();
    expect(page).toMatch(/Last backup: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, [\d.]+ [KM]B\./);
    // Stopping waits for a backup under way, so what is on disk is final.
    await server!.stop();
    server = undefined;
    const paths = written(running.output());
    expect(paths.length).toBeGreaterThanOrEqual(3);
    const kept = readdirSync(dir)
      .filter((name) => name.endsWith('.tar.gz'))
      .sort();
    expect(kept).toEqual(paths.slice(-2).map((path) => basename(path)));
    for (const name of kept) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    // The newest is a complete archive an import accepts, with the seeded content.
    const archive = await parseArchive(new Uint8Array(readFileSync(join(dir, kept[1]!))));
    expect(archive.rows.get('metrics')?.length).toBeGreaterThan(0);
  }, 300_000);
});

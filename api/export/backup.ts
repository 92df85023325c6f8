import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Job } from '../jobs.ts';
import { writeArchive } from './write.ts';
import { log } from '../log.ts';

/*
 * Scheduled backups (BACKUP_DIR): the same archive as an export, mode 0600 (it holds every email),
 * the newest BACKUP_KEEP kept. Names sort by time, so the newest is the last.
 */
const NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

export const backupName = (now: Date) => `backup-${now.toISOString().replaceAll(':', '-').replace('.', '-')}.tar.gz`;

async function backups(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => NAME.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Writes one backup (complete or not at all), then removes the oldest beyond `keep`. */
export async function writeBackup(
  database: Database,
  dir: string,
  keep: number,
  now = new Date(),
): Promise<{ path: string; bytes: number }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, backupName(now));
  const partial = `${path}.partial`;
  try {
    await writeArchive(database, createWriteStream(partial, { mode: 0o600 }), now);
    await chmod(partial, 0o600);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const names = await backups(dir);
  for (const name of names.slice(0, Math.max(0, names.length - keep))) await rm(join(dir, name), { force: true });
  return { path, bytes: (await stat(path)).size };
}

/** The newest backup's time and size, for the admin page; null when there is none. */
export async function latestBackup(dir: string | undefined): Promise<{ name: string; at: Date; bytes: number } | null> {
  if (!dir) return null;
  const name = (await backups(dir)).at(-1);
  if (!name) return null;
  const info = await stat(join(dir, name));
  return { name, at: info.mtime, bytes: info.size };
}

/** With BACKUP_DIR set, a backup every BACKUP_EVERY hours, in the process that runs the jobs; else none. */
export function backupJob(database: Database, cfg: Config): Job | null {
  const dir = cfg.BACKUP_DIR;
  if (!dir) return null;
  return {
    name: 'backup',
    everyMs: cfg.BACKUP_EVERY * 3_600_000,
    run: async () => {
      const { path, bytes } = await writeBackup(database, dir, cfg.BACKUP_KEEP);
      log.info({ path, kilobytes: Math.round(bytes / 1024) }, 'Backup written');
    },
  };
}

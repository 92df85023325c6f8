import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite serves one process only: a second process opening the same folder would corrupt it.
 * The lock is a file holding the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
            'Stop that server first, or set DATA_DIR to another folder, or DATABASE_URL to use PostgreSQL.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}.`);
}

/** True while process `pid` runs (EPERM: it runs, as someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

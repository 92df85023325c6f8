// One build at a time per checkout: two servers started at once on a stale build (several processes behind
// one load balancer, say) would otherwise both run `astro build` into the same dist/ and break each other's
// (ENOTEMPTY). The lock is a folder (making one is atomic) holding the builder's pid, so a lock whose process
// has died is taken over instead of waited on for ever.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from '#api/db/lock.ts';

/** A process that has only just made the lock may not have written its pid yet. */
const PID_GRACE_MS = 10_000;
const POLL_MS = 200;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** True when the lock's holder is gone (or the lock vanished meanwhile). */
function abandoned(lock: string): boolean {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    return !isAlive(pid);
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs > PID_GRACE_MS;
    } catch {
      return true;
    }
  }
}

/**
 * Takes the lock at `lock` (a folder path), waiting while a live process holds it; `onWait` is called once if
 * it has to wait. Returns the function that releases it. Synchronous, like the build it guards.
 */
export function takeBuildLock(lock: string, onWait: () => void = () => {}): () => void {
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (abandoned(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!waited) onWait();
    waited = true;
    sleep(POLL_MS);
  }
}

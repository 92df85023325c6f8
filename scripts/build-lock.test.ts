import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeBuildLock } from '../server/build.mjs';

let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));
const freshLock = () => {
  folder = mkdtempSync(join(tmpdir(), 'build-lock-'));
  return join(folder, 'lock');
};

// Another process taking the same lock, saying when it starts waiting and when it has the lock.
const otherProcess = (lock: string) =>
  spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { takeBuildLock } = await import('./server/build.mjs');
       const release = takeBuildLock(${JSON.stringify(lock)}, () => console.log('waiting'));
       console.log('took'); release();`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );

describe('the build lock', () => {
  it('makes a second process wait while the first builds, and lets it in once the first is done', async () => {
    const lock = freshLock();
    const release = takeBuildLock(lock);
    const other = otherProcess(lock);
    let output = '';
    other.stdout.setEncoding('utf8');
    await new Promise<void>((resolve) =>
      other.stdout.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('waiting') || output.includes('took')) resolve();
      }),
    );
    expect(output).not.toContain('took');
    release();
    const code = await new Promise((resolve) => other.on('exit', resolve));
    expect(code).toBe(0);
    expect(output.split('\n').filter(Boolean)).toEqual(['waiting', 'took']);
    expect(existsSync(lock), 'released again').toBe(false);
  });

  it('takes over at once a lock whose process has died', () => {
    const lock = freshLock();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(gone));
    let waited = false;
    const release = takeBuildLock(lock, () => (waited = true));
    expect(waited).toBe(false);
    release();
  });
});

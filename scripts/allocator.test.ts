import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A process that imports scripts/allocator.ts first, as scripts/start.ts does, and says what it runs with.
const probe = `await import('./scripts/allocator.ts'); console.log(JSON.stringify({ arenas: process.env.MALLOC_ARENA_MAX ?? null, mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, pid: process.pid, flags: process.execArgv }));`;

function runProbe(env: NodeJS.ProcessEnv) {
  const child = spawnSync(process.execPath, ['--max-semi-space-size=16', '--input-type=module', '-e', probe], {
    env,
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  return {
    ...(JSON.parse(child.stdout.trim()) as { arenas: string | null; mmapThreshold: string | null; pid: number; flags: string[] }),
    childPid: child.pid,
  };
}

describe.runIf(process.platform === 'linux')('the server process allocator setting', () => {
  it('restarts itself in place with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072, keeping its pid and Node flags', () => {
    const env = { ...process.env };
    delete env.MALLOC_ARENA_MAX;
    delete env.MALLOC_MMAP_THRESHOLD_;
    const result = runProbe(env);
    expect(result.arenas).toBe('2');
    expect(result.mmapThreshold).toBe('131072');
    expect(result.pid).toBe(result.childPid);
    expect(result.flags).toContain('--max-semi-space-size=16');
  });

  it('keeps a value the person set, and sets the other', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, MALLOC_ARENA_MAX: '4' };
    delete env.MALLOC_MMAP_THRESHOLD_;
    expect(runProbe(env)).toMatchObject({ arenas: '4', mmapThreshold: '131072' });
    expect(runProbe({ ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' }).mmapThreshold).toBe('65536');
  });
});

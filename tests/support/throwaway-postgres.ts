import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/processes.ts';

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth). */
  url: string;
  /** Stops the cluster at once (an outage: open connections are cut, new ones refused). */
  stop(): void;
  /** Starts it again on the same port, with the same data. */
  start(): void;
  /** Stops the cluster and removes its folder. */
  remove(): void;
}

/** The newest PostgreSQL installed the Debian way: /usr/lib/postgresql/<version>/bin. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`No PostgreSQL server binaries under ${root}/<version>/bin`);
  return join(root, versions[0]!, 'bin');
}

/**
 * A PostgreSQL cluster of the test's own, in a temp folder on a free port, so a test can stop and start
 * it (a database outage) without touching the machine's shared cluster. initdb and postgres refuse to run
 * as root, so under root they run as the `postgres` OS user, who then owns the folder.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'throwaway-postgres-'));
  const dataDir = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
      }
    : {};
  if (asRoot) chownSync(dir, owner.uid!, owner.gid!);
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, { ...owner, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });

  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // Its own socket folder and a TCP port on 127.0.0.1 only; fsync off: nothing here needs to survive a crash.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () =>
    run('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', options]);
  const stop = () => {
    if (existsSync(join(dataDir, 'postmaster.pid'))) run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
  };
  try {
    start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: () => {
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

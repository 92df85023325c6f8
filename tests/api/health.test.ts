import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const newestMigration = (JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: Array<{ tag: string }> }).entries.at(-1)!.tag;

describe('health endpoints (public, uncached)', () => {
  it('GET /healthz answers 200 without a session and writes no log line', async () => {
    const response = await fetch(new URL('/healthz', base));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
    const id = response.headers.get('X-Request-Id')!;
    expect(id).toBeTruthy();
    // A later request's line is written once that request is answered: by then /healthz's would be there too.
    const later = (await fetch(new URL('/readyz', base))).headers.get('X-Request-Id')!;
    await expect.poll(() => readFileSync(workerServer().serverLog, 'utf8').includes(later)).toBe(true);
    expect(readFileSync(workerServer().serverLog, 'utf8')).not.toContain(id);
  });

  it('GET /readyz answers 200 with the database and the newest migration it has', async () => {
    const response = await fetch(new URL('/readyz', base));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ database: 'ok', migration: newestMigration });
  });
});

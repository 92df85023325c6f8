import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPTS } from '#api/auth/rate-limit.ts';
import { getJson } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sameOriginHeaders, sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/*
 * Every door that reads a body reads it through one capped reader (api/http/body.ts): a body past the route's
 * limit is answered 413 from its declared length, or as soon as the streamed bytes pass it, and never held
 * in memory. The sign-in doors check their rate limit before reading anything.
 */

const base = workerServer().baseUrl;
const MB = 1024 * 1024;

interface Sent {
  /** Total bytes the client tries to send. */
  bytes: number;
  /** Declare them in Content-Length (else the body goes chunked, its size unknown until the end). */
  declare: boolean;
  headers?: Record<string, string>;
  /** What each chunk holds (a form that never ends, a JSON string that never closes). */
  start?: string;
}

/** How long the client waits, after the first megabyte, for a server that refuses early before it sends the rest. */
const PAUSE_MS = 10_000;

/**
 * POSTs `bytes` as a hostile client would: the first megabyte (already past every form and JSON limit), then,
 * if no answer has come within PAUSE_MS, the rest; it stops once answered. A server that refuses early has
 * answered while the client waits, so its answer never races the client's writes (Node closes a connection
 * answered before its body was read, and a write then fails with EPIPE); one that reads the whole body first
 * gets all of it. Answers the status and body the server sent; a connection cut before any answer is an error.
 */
function post(path: string, sent: Sent): Promise<{ status: number; reason: string; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    // A connection of its own (no keep-alive pool): it is dropped once the answer is read.
    const request = http.request(url, {
      agent: false,
      method: 'POST',
      headers: {
        ...(sent.declare ? { 'Content-Length': String(sent.bytes) } : {}),
        ...sent.headers,
      },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += part));
      response.on('error', reject);
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, reason: response.statusMessage ?? '', body });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(MB, 'a');
    if (sent.start) chunk.write(sent.start);
    let written = Math.min(MB, sent.bytes);
    const writeMore = () => {
      while (written < sent.bytes) {
        if (answered || request.destroyed) return;
        const size = Math.min(MB, sent.bytes - written);
        written += size;
        if (!request.write(size === MB ? chunk : chunk.subarray(0, size))) {
          request.once('drain', writeMore);
          return;
        }
      }
      request.end();
    };
    request.write(chunk.subarray(0, written));
    if (written === sent.bytes) request.end();
    else {
      const rest = setTimeout(writeMore, PAUSE_MS);
      request.on('response', () => clearTimeout(rest));
    }
  });
}

/** A process's resident memory, and its peak since the last reset, in bytes (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Starts the peak (VmHWM) again from the current RSS, so it shows what one request cost. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

const formHeaders = (address = freshClientAddress()) => ({
  ...sameOriginHeaders(),
  'Content-Type': 'application/x-www-form-urlencoded',
  [TEST_CLIENT_HEADER]: address,
});

describe('a body past its limit is refused before it is read', () => {
  it('a 150 MB form sent to the owner-link door without a session is a 413, and the server holds none of it', async () => {
    const { pid } = workerServer();
    // A small form first, so the door's code is loaded and warm: what is measured next is the body alone.
    const small = await post('/api/login/owner/redeem', {
      bytes: 40,
      declare: true,
      headers: formHeaders(),
      start: 'token=',
    });
    expect(small.status).toBe(400);
    const before = memoryOf(pid);
    resetPeak(pid);
    const answer = await post('/api/login/owner/redeem', {
      bytes: 150 * MB,
      declare: true,
      headers: formHeaders(),
      start: 'token=',
    });
    expect(answer.status).toBe(413);
    expect(answer.reason).toBe('Payload Too Large');
    expect(answer.body).toContain('too large');
    const after = memoryOf(pid);
    // The peak since the reset: what reading (or not reading) the body cost at its worst.
    expect(after.peak - before.rss).toBeLessThan(50 * MB);
    expect(after.rss - before.rss).toBeLessThan(50 * MB);
  });

  it('a form sent chunked, with no length declared, is a 413 once the streamed bytes pass the limit', async () => {
    const answer = await post('/api/login/owner/redeem', {
      bytes: 20 * MB,
      declare: false,
      headers: formHeaders(),
      start: 'token=',
    });
    expect(answer.status).toBe(413);
  });

  it('the sign-in door counts the attempt first: past the rate limit a large body gets 429, unread', async () => {
    const address = freshClientAddress();
    for (let attempt = 1; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      const small = await post('/api/login/owner/redeem', {
        bytes: 40,
        declare: true,
        headers: formHeaders(address),
        start: 'token=',
      });
      expect(small.status, `attempt ${attempt}`).toBe(400);
    }
    const answer = await post('/api/login/owner/redeem', {
      bytes: 20 * MB,
      declare: true,
      headers: formHeaders(address),
      start: 'token=',
    });
    expect(answer.status).toBe(429);
  });
});

describe('every door that reads a body uses the capped reader', () => {
  let admin = '';
  beforeAll(async () => {
    admin = await sessionCookie('admin');
  });

  it('the sessions form: 413 for a form larger than any of ours, and no session is ended', async () => {
    const other = await sessionCookie('admin');
    const answer = await post('/api/sessions', {
      bytes: 64 * 1024,
      declare: false,
      headers: { ...formHeaders(), Cookie: admin },
      start: 'action=end-others&x=',
    });
    expect(answer.status).toBe(413);
    expect((await getJson('/api/auth/user', other)).role).toBe('admin');
  });

  it('a JSON door: a project streamed past 100 KB is a 413 and nothing is written', async () => {
    const before = await getJson('/api/projects', admin);
    const answer = await post('/api/projects', {
      bytes: 2 * MB,
      declare: false,
      headers: { ...sameOriginHeaders(admin), 'Content-Type': 'application/json' },
      start: '{"name":"',
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: expect.stringContaining('larger than') });
    expect(await getJson('/api/projects', admin)).toEqual(before);
  });

  it('the archive import: a declared size past 512 MB is refused at once, without a byte sent', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const request = http.request(new URL('/api/import/preview', base), {
        agent: false,
        method: 'POST',
        headers: {
          ...sameOriginHeaders(admin),
          'Content-Type': 'application/gzip',
          'Content-Length': String(600 * MB),
        },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(answer).toBe(413);
  });
});

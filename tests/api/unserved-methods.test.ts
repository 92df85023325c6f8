import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { serverLogSize } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/*
 * Methods the site does not serve are answered by the server's entry, before any route: 405 with Allow and the
 * site's security headers, one request-log line, and no stack trace anywhere in the log.
 */

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends one request as raw bytes on a connection of its own (fetch refuses TRACE and CONNECT) and reads the answer until the server closes or it is complete. */
function rawRequest(requestLine: string): Promise<RawAnswer> {
  const { port, hostname } = new URL(workerServer().baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let received = '';
    const finish = () => {
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n', 2);
      const [status = '', ...lines] = head.split('\r\n');
      const headers = new Map(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(status.split(' ')[1]), headers, body });
    };
    socket.setEncoding('latin1');
    socket.on('data', (part: string) => {
      received += part;
      // Complete once the declared body is in (the connection may stay open for the next request).
      const length = /\r\ncontent-length: (\d+)\r\n/i.exec(received)?.[1];
      const bodyStart = received.indexOf('\r\n\r\n');
      if (length !== undefined && bodyStart >= 0 && received.length - bodyStart - 4 >= Number(length)) finish();
    });
    socket.on('end', finish);
    socket.on('error', reject);
    socket.write(`${requestLine}\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
  });
}

/** The log's lines written since `offset`. */
const logSince = (offset: number) =>
  readFileSync(workerServer().serverLog).subarray(offset).toString('utf8').split('\n').filter(Boolean);

/** Waits until the log holds a line for `requestId` (lines are written as the answer leaves). */
async function linesFor(offset: number, requestId: string): Promise<Array<Record<string, unknown>>> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const lines = logSince(offset).filter((line) => line.includes(requestId));
    if (lines.length) return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

function expectRefusal(answer: RawAnswer): void {
  expect(answer.status).toBe(405);
  expect(answer.headers.get('allow')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(answer.headers.get('permissions-policy')).toContain('camera=()');
  expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).not.toMatch(/\bat \S+ \(|Error/);
}

describe('methods the site does not serve', () => {
  for (const [method, path] of [
    ['TRACE', '/'],
    ['TRACE', '/api/projects'],
    ['PROPFIND', '/public-projects'],
  ] as const) {
    it(`${method} ${path} answers 405 with Allow and the site's headers, logged as one request line`, async () => {
      const offset = serverLogSize();
      const answer = await rawRequest(`${method} ${path} HTTP/1.1`);
      expectRefusal(answer);
      const requestId = answer.headers.get('x-request-id')!;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const lines = await linesFor(offset, requestId);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ msg: 'request', method, status: 405, requestId });
      // Nothing else in the log for it: no stack trace, no plain-text lines.
      for (const line of logSince(offset)) expect(line.startsWith('{'), line).toBe(true);
    });
  }

  it('CONNECT answers 405 too, and the connection closes', async () => {
    const offset = serverLogSize();
    const answer = await rawRequest('CONNECT example.com:443 HTTP/1.1');
    expectRefusal(answer);
    expect(answer.headers.get('connection')).toBe('close');
    const lines = await linesFor(offset, answer.headers.get('x-request-id')!);
    expect(lines).toEqual([expect.objectContaining({ method: 'CONNECT', status: 405 })]);
  });

  it('a method no HTTP parser knows answers 405, not a bare 400', async () => {
    const offset = serverLogSize();
    const answer = await rawRequest('BREW /coffee HTTP/1.1');
    expectRefusal(answer);
    const lines = await linesFor(offset, answer.headers.get('x-request-id')!);
    expect(lines).toEqual([expect.objectContaining({ method: 'BREW', status: 405 })]);
    for (const line of logSince(offset)) expect(line.startsWith('{'), line).toBe(true);
  });

  it('the methods the site serves still reach their routes', async () => {
    const answer = await rawRequest('GET /api/projects HTTP/1.1');
    expect(answer.status).toBe(200);
  });
});

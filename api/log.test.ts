import { spawnSync } from 'node:child_process';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestIdFor } from './http/request-log.ts';
import { escapeForLine, escapeLineSeparators, formatRequestLine, prettyLine, type RequestLineFields } from './log.ts';

describe('readable log lines (development)', () => {
  it('escape newlines and control characters, so a request cannot forge a line or drive the terminal', () => {
    expect(escapeForLine('a\nb\rc\td\u001b[31me\u0000\u2028')).toBe('a\\nb\\rc\\td\\x1b[31me\\x00\\u2028');
    const line = prettyLine(
      JSON.stringify({ level: 30, time: '2026-01-02T03:04:05.000Z', msg: 'request', route: '/x\nINFO forged', status: 200 }),
    );
    expect(line).toBe('03:04:05 INFO  request route=/x\\nINFO forged status=200\n');
    expect(line.split('\n')).toHaveLength(2);
  });
});

describe('JSON log lines (production)', () => {
  it('escape the line and paragraph separators JSON.stringify leaves raw, keeping the same value', () => {
    const value = { reason: 'a\u2028Owner sign-in: x\u2029b' };
    const line = escapeLineSeparators(JSON.stringify(value));
    expect(line).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(line)).toEqual(value);
  });
});

describe('request lines (written without pino, for every request)', () => {
  it('are the line pino writes for log.info(fields, "request"), or log.error for a 5xx, whatever the strings hold', () => {
    let written = '';
    const time = ',"time":"2026-01-02T03:04:05.000Z"';
    const logger = pino({ timestamp: () => time }, { write: (line: string) => (written = line) });
    const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym]!;
    expect(bindings).toContain('"pid":');
    const lines: RequestLineFields[] = [
      { method: 'GET', route: '/public-projects/[id]', status: 200, durationMs: 0.4, requestId: '9df5edbf-93e0-4bcc-9787-6c202c4f543d' },
      { method: 'HEAD', route: '/', status: 304, durationMs: 12, requestId: 'lb-"quoted"\\back/slash' },
      { method: 'POST', route: '/x\n{"level":60,"msg":"forged"}\u0000\u2028é', status: 503, durationMs: 1500.3, requestId: 'tab\there' },
      { method: 'GET', route: '/api/projects', status: 500, durationMs: Number.NaN, requestId: '\ud800' },
    ];
    for (const fields of lines) {
      if (fields.status >= 500) logger.error(fields, 'request');
      else logger.info(fields, 'request');
      const ours = formatRequestLine(fields, time, bindings);
      expect(JSON.parse(ours)).toEqual(JSON.parse(written));
      expect(ours.split('\n')).toHaveLength(2);
      if (!fields.route.includes('\u2028') && fields.requestId !== '\ud800') expect(ours).toBe(written);
    }
  });
});

describe('request ids', () => {
  const withId = (id: string) => new Request('http://localhost/', { headers: { 'X-Request-Id': id } });
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('keep the id a trusted proxy sent', () => {
    expect(requestIdFor(withId('lb-7f3a/1'), true)).toBe('lb-7f3a/1');
    expect(requestIdFor(withId('x'.repeat(128)), true)).toBe('x'.repeat(128));
  });

  it('replace a malformed id (over 128 characters or not printable ASCII) with a fresh one', () => {
    expect(requestIdFor(withId('x'.repeat(129)), true)).toMatch(uuid);
    expect(requestIdFor(withId('caf\u00e9'), true)).toMatch(uuid);
    expect(requestIdFor(withId('a\u0007b'), true)).toMatch(uuid);
  });

  it('never take an id from a sender that is not a trusted proxy, and generate a fresh one per request', () => {
    expect(requestIdFor(withId('chosen-by-anyone'), false)).toMatch(uuid);
    expect(requestIdFor(new Request('http://localhost/'), false)).not.toBe(requestIdFor(new Request('http://localhost/'), false));
  });
});

describe('one process, two copies of this module (the Astro build bundles it, scripts/server.ts imports it)', () => {
  it('write their lines to stdout in the order they were logged', () => {
    const probe = `
      const first = await import('./api/log.ts');
      const second = await import('./api/log.ts?bundled-copy');
      if (first.log === second.log) throw new Error('one module instance: the probe tests nothing');
      first.log.info('one'); second.log.info('two'); first.log.info('three');
      setTimeout(() => second.log.info('four'), 0);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      encoding: 'utf8',
      env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
    });
    expect(child.status, child.stderr).toBe(0);
    const messages = child.stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(['one', 'two', 'three', 'four']);
  });
});

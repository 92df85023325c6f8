import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { requestIdFor } from './http/request-log.ts';
import { escapeForLine, escapeLineSeparators, prettyLine } from './log.ts';

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

describe('request lines', () => {
  it('are one JSON line each, 5xx at level error, whatever the strings hold', () => {
    const probe = `
      const { writeRequestLine } = await import('./api/log.ts');
      writeRequestLine({ method: 'GET', route: '/x\\n{"level":60}\\u2028', status: 200, durationMs: 0.4, requestId: 'a' });
      writeRequestLine({ method: 'POST', route: '/y', status: 503, durationMs: 1500.3, requestId: 'b' });`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      encoding: 'utf8',
      env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
    });
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout).not.toMatch(/[\u2028\u2029]/);
    const lines = child.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ level, route, status, msg }) => ({ level, route, status, msg }))).toEqual([
      { level: 30, route: '/x\n{"level":60}\u2028', status: 200, msg: 'request' },
      { level: 50, route: '/y', status: 503, msg: 'request' },
    ]);
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

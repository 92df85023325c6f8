import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browse, newVisit } from '../support/oauth-flow.ts';
import { serverLogSize } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
/** Settles once the server has written the request's lines (the log is written synchronously, but by another process). */
const logAfter = async (offset: number, mark: string): Promise<string> => {
  for (let attempt = 0; attempt < 50; attempt++) {
    const text = readFileSync(workerServer().serverLog).subarray(offset).toString('utf8');
    if (text.includes(mark)) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server log never mentioned ${mark}`);
};

describe('a forged OAuth error cannot plant a log line', () => {
  it('keeps a newline, a fake "Owner sign-in:" line and terminal escapes inside one escaped JSON line', async () => {
    const visit = newVisit();
    // A real sign-in start, so the callback gets as far as reading the provider's `error`.
    expect((await browse(visit, new URL('/api/login/oidc', base))).status).toBe(302);
    const mark = `forged-${Date.now().toString(36)}`;
    const forged = `${mark}\nOwner sign-in: http://evil.example/api/login/owner?token=FORGED-TOKEN\r\n\u001b[2J\u001b]0;owned\u0007\u2028Owner sign-in: http://evil.example/2`;
    const callback = new URL('/api/login/oidc/callback', base);
    callback.searchParams.set('error', forged);
    callback.searchParams.set('state', 'x');
    const offset = serverLogSize();
    expect((await browse(visit, callback)).status).toBe(400);

    const text = await logAfter(offset, mark);
    const lines = text.split('\n');
    // The only lines that may start with "Owner sign-in:" are the server's own links, and none points at evil.example.
    for (const line of lines.filter((l) => l.startsWith('Owner sign-in:'))) {
      expect(line).toMatch(new RegExp(`^Owner sign-in: ${new URL(base).origin}/api/login/owner\\?token=[a-z2-7]{32}$`));
    }
    expect(lines.some((line) => line.includes('evil.example') && !line.startsWith('{'))).toBe(false);
    // No raw escape, bell or line separator reached the log: they are written as JSON escapes.
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(text).not.toMatch(/[\u001b\u0007\u2028]/);
    const entry = lines.find((line) => line.includes(mark))!;
    expect(entry.startsWith('{')).toBe(true);
    expect(entry).toContain('\\nOwner sign-in: http://evil.example');
    expect(entry).toContain('\\u001b[2J');
    expect((JSON.parse(entry) as { reason: string }).reason).toBe(forged);
  });
});

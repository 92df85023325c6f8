import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';

/*
 * OWNER_LINK left at its default (auto) on a server with another way in (a provider): no owner link is printed
 * or minted over HTTP, the start-up line says how to get one, and `npm run owner-link` on the server's machine
 * still mints one that signs the owner in. (Without any other way in links stay on, and `off` behaves alike:
 * api/auth/owner-link-switch.test.ts.)
 */
let server: ExtraServer;

beforeAll(async () => {
  server = await startExtraServer({ GITHUB_CLIENT_ID: 'some-app', GITHUB_CLIENT_SECRET: 'some-secret' });
}, 200_000);
afterAll(() => server?.stop());

const post = (path: string, body?: string) =>
  fetch(new URL(path, server.baseUrl), {
    method: 'POST',
    headers: { Origin: server.baseUrl, ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    body,
    redirect: 'manual',
  });

describe('OWNER_LINK=auto, once a provider exists', () => {
  it('prints no owner link at start but how to get one, offers none on the sign-in page, and refuses to mint one', async () => {
    expect(server.output()).not.toMatch(/^Owner sign-in: /m);
    expect(server.output()).toMatch(
      /Owner sign-in links are off \(OWNER_LINK=auto[^\n]*run `npm run owner-link` on this machine/,
    );
    const page = await fetch(new URL('/api/login?choose', server.baseUrl));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Continue with GitHub');
    expect(html).not.toContain('Print a sign-in link');

    const refused = await post('/api/login/owner');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('OWNER_LINK=auto');
    expect(server.output()).not.toMatch(/^Owner sign-in: /m);
  });

  it('`npm run owner-link` on the machine still mints a link, and it signs the owner in', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/owner-link.ts'], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: server.dataDir, SITE_URL: server.baseUrl },
      timeout: 120_000,
    });
    const link = /^Owner sign-in: (\S+)$/m.exec(stdout)?.[1];
    expect(link, stdout).toMatch(new RegExp(`^${server.baseUrl}/api/login/owner\\?token=`));
    // Printed by the command, not by the server: its log holds no link.
    expect(server.output()).not.toMatch(/^Owner sign-in: /m);

    const token = new URL(link!).searchParams.get('token')!;
    const redeemed = await post('/api/login/owner/redeem', new URLSearchParams({ token }).toString());
    expect(redeemed.status).toBe(303);
    expect(redeemed.headers.getSetCookie().some((line) => /^(__Host-)?session=[^;]+/.test(line))).toBe(true);
  });
});

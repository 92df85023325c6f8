import { describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { createProject } from '../support/owner-api.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, personSessionCookie, sameOriginHeaders, sessionCookie } from '../support/sign-in.ts';

/** The table rows of the security page (as HTML), for a filter. */
async function securityRows(cookie: string, query: string): Promise<string[]> {
  const page = await call(`/data-management/security?${query}`, { cookie });
  expect(page.status).toBe(200);
  const html = await page.text();
  return html.match(/<tr class="[^"]*" data-kind[\s\S]*?<\/tr>/g) ?? [];
}

describe('the security log', () => {
  it('records a refused owner-link sign-in with its client address in its own column, and the owner finds it by filter', async () => {
    const admin = await sessionCookie('admin');
    const address = freshClientAddress();
    const response = await call('/api/login/owner/redeem', {
      method: 'POST',
      body: 'token=not-a-real-token',
      headers: { ...sameOriginHeaders(), 'Content-Type': 'application/x-www-form-urlencoded', [TEST_CLIENT_HEADER]: address },
    });
    expect(response.status).toBe(400);
    const rows = await securityRows(admin, 'kind=sign-in&outcome=refused');
    const ours = rows.find((row) => row.includes(address));
    expect(ours, 'the refused sign-in is listed').toBeDefined();
    expect(ours).toContain('owner-link');
    expect(ours).toContain('link expired, already used or unknown');
    // The filter holds: no successful or other-kind row on this page.
    expect(rows.every((row) => row.includes('data-kind="sign-in" data-outcome="refused"'))).toBe(true);
  });

  it("records an admin's write by method, route pattern and status, never the body", async () => {
    const admin = await sessionCookie('admin');
    const name = `Seclog audited ${Date.now().toString(36)}`;
    const project = await createProject(admin, { name });
    const rows = await securityRows(admin, 'kind=admin-write');
    const html = rows.join('\n');
    expect(html).toContain('POST /api/projects → 201');
    expect(html, 'the body is never recorded').not.toContain(name);
    expect(html, 'ids in URLs are not recorded: route patterns are').not.toContain(`/api/projects/${project.id}`);
  });

  it('lists the owner-link sign-ins that made admin sessions, newest first', async () => {
    const admin = await sessionCookie('admin');
    const page = await call('/data-management/security?kind=sign-in&outcome=success', { cookie: admin });
    // Only the events table: the page's other sections (viewers signed in) carry times of their own.
    const html = (await page.text()).split('data-testid="security-events"')[1]?.split('</table>')[0] ?? '';
    const times = [...html.matchAll(/<time datetime="([^"]+)"/g)].map((match) => Date.parse(match[1]!));
    expect(times.length).toBeGreaterThan(0);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a malformed filter with 400 naming the field', async () => {
    const admin = await sessionCookie('admin');
    const page = await call('/data-management/security?kind=everything&from=2026-13-45', { cookie: admin });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toMatch(/kind: must be one of/);
    expect(html).toMatch(/from: must be a real date/);
  });

  it('does not exist for viewers or visitors (404)', async () => {
    const viewer = await personSessionCookie(`seclog-viewer-${Date.now().toString(36)}@example.test`);
    expect((await call('/data-management/security', { cookie: viewer })).status).toBe(404);
    expect((await call('/data-management/security')).status).toBe(404);
  });
});

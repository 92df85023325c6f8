import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFrom } from '../support/sign-in.ts';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.ts';

/*
 * Two real server processes on one PostgreSQL database of this file's own (a throwaway cluster, so the
 * outage below stops nothing anyone else uses). A write through one process must reach the other's
 * cached visitor pages through LISTEN/NOTIFY; while the database is down, cached pages and images keep being served
 * and everything else answers 503, and the server recovers by itself when the database returns.
 * PostgreSQL pass only: the embedded database has one process and no outage to speak of.
 */
/** The one public address both servers answer for: browsers send it as their Origin, whichever process answers. */
const PUBLIC_ORIGIN = 'http://localhost:4999';

describe.skipIf(!process.env.TEST_DATABASE_URL)('several servers on one PostgreSQL database', () => {
  let cluster: ThrowawayPostgres | undefined;
  let a: ExtraServer;
  let b: ExtraServer;
  let owner: string;

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    // Started together on an empty database: the start-up lock keeps their migrations from colliding. Both serve
    // one site behind a load balancer: one public address (SITE_URL), whichever process answers. Its host is the
    // test build's (localhost): another host would make each server build the site again on start.
    const env = { DATABASE_URL: cluster.url, SITE_URL: PUBLIC_ORIGIN };
    [a, b] = await Promise.all([startExtraServer(env), startExtraServer(env)]);
    owner = await signInOwner(a);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    cluster?.remove();
  });

  /** A visitor's GET (no cookie), with a guard so a hung request fails the test instead of stalling it. */
  const visit = (server: ExtraServer, path: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, server.baseUrl), { headers, signal: AbortSignal.timeout(5_000) });
  const ownerWrite = (method: string, path: string, body: unknown) =>
    fetch(new URL(path, a.baseUrl), {
      method,
      headers: { Origin: PUBLIC_ORIGIN, Cookie: owner, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
  /** Polls the other server until its page shows `text` (the bridge promises about a second). */
  const eventuallyShows = (server: ExtraServer, path: string, text: string) =>
    expect
      .poll(async () => (await (await visit(server, path)).text()).includes(text), { timeout: 8_000, interval: 100 })
      .toBe(true);

  it('a project written through one server shows on the other server’s cached visitor pages', async () => {
    // B has the list cached (an ETag marks a cached answer) before A writes.
    for (let i = 0; i < 2; i++) expect((await visit(b, '/public-projects')).headers.get('etag')).toBeTruthy();
    const name = `Two-server project ${Date.now().toString(36)}`;
    const created = await ownerWrite('POST', '/api/projects', newProject(name));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // The process that took the write shows it at once.
    expect(await (await visit(a, '/public-projects')).text()).toContain(name);
    await eventuallyShows(b, '/public-projects', name);

    // The project's own page, cached on B, follows an edit made through A.
    const page = await visit(b, `/public-projects/${id}`);
    expect(await page.text()).toContain(name);
    expect((await visit(b, `/public-projects/${id}`)).headers.get('etag')).toBeTruthy();
    const renamed = `${name} renamed`;
    expect((await ownerWrite('PATCH', `/api/projects/${id}`, { name: renamed })).status).toBe(200);
    await eventuallyShows(b, `/public-projects/${id}`, renamed);
  });

  it('gives a page the same ETag on every server, so a copy one server sent is revalidated by the other', async () => {
    // A browser revalidates its copy with whichever process the load balancer picks. A failure names the first
    // line where the two pages differ.
    for (const path of ['/public-projects', '/portfolio-showcase', '/projects']) {
      const fromA = await visit(a, path);
      const etag = fromA.headers.get('etag');
      expect(fromA.status, path).toBe(200);
      expect(etag, path).toBeTruthy();
      const fromB = await visit(b, path, { 'If-None-Match': etag! });
      expect(fromB.status === 304 ? 304 : `B answered ${fromB.status}: ${await firstDifference(path)}`, path).toBe(304);
    }
  });

  /** Where the two servers' pages for a path first differ (for a failure message). */
  async function firstDifference(path: string): Promise<string> {
    const [one = [], two = []] = await Promise.all([a, b].map(async (server) => (await (await visit(server, path)).text()).split('>')));
    const at = one.findIndex((line, index) => line !== two[index]);
    return at < 0 ? 'the same bytes now' : `${JSON.stringify(one[at])} vs ${JSON.stringify(two[at])}`;
  }

  it('while the database is down, cached pages are served and the rest answers 503; then it recovers by itself', async () => {
    const cached = await visit(a, '/public-projects');
    expect(cached.status).toBe(200);
    const cachedBody = await cached.text();
    // A picture, read once by a visitor: images are served from the cache too.
    const image = await uploadPicture(a, owner);
    const imageBytes = new Uint8Array(await (await visit(a, `${image}?w=480`)).arrayBuffer());

    cluster!.stop();
    try {
      const page = await visit(a, '/public-projects');
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(cachedBody);
      const picture = await visit(a, `${image}?w=480`);
      expect(picture.status).toBe(200);
      expect(new Uint8Array(await picture.arrayBuffer())).toEqual(imageBytes);

      // Uncached: the owner's API read, a signed-in page and the picture's full size all need the database.
      for (const path of ['/api/projects', '/data-management', image]) {
        const response = await visit(a, path, { Cookie: owner });
        expect(response.status, path).toBe(503);
        expect(response.headers.get('retry-after'), path).toMatch(/^\d+$/);
        expect(await response.json(), path).toEqual({ error: expect.any(String) });
      }
    } finally {
      cluster!.start();
    }

    // Back without a restart: a write and a read through the same pool succeed once the database answers.
    const name = `After the outage ${Date.now().toString(36)}`;
    await expect
      .poll(async () => (await ownerWrite('POST', '/api/projects', newProject(name))).status, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(201);
    const list = await visit(a, '/api/projects', { Cookie: owner });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain(name);
  });
});

const newProject = (name: string) => ({
  name,
  description: 'Written by the several-servers test.',
  status: 'planned',
  progress: 10,
  category: 'two-servers',
  tags: [],
  technologies: [],
  startDate: '2026-01-05',
  endDate: '2026-03-01',
});

/** Uploads a small PNG through the owner's upload route; returns its /api/images/ address. */
async function uploadPicture(server: ExtraServer, owner: string): Promise<string> {
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } }).png().toBuffer();
  const form = new FormData();
  form.set('image', new Blob([png as BlobPart], { type: 'image/png' }), 'outage.png');
  const response = await fetch(new URL('/api/upload-image', server.baseUrl), {
    method: 'POST',
    headers: { Origin: PUBLIC_ORIGIN, Cookie: owner },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 201) throw new Error(`The upload answered ${response.status}`);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

/** Spends the owner link the server printed at start-up, as the sign-in page's button would. */
async function signInOwner(server: ExtraServer): Promise<string> {
  const link = /^Owner sign-in: (\S+)$/m.exec(server.output())![1]!;
  const response = await fetch(new URL('/api/login/owner/redeem', server.baseUrl), {
    method: 'POST',
    headers: { Origin: PUBLIC_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: new URL(link).searchParams.get('token') ?? '' }).toString(),
    redirect: 'manual',
  });
  const cookie = sessionCookieFrom(response);
  if (response.status !== 303 || !cookie)
    throw new Error(`Owner sign-in on ${server.baseUrl} answered ${response.status}`);
  return cookie;
}

import { parseJsonFeed, parseRssFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, call } from '../support/http.ts';
import { createProject, ownerCall, pngFile } from '../support/owner-api.ts';
import { sameOriginHeaders, sessionCookie } from '../support/sign-in.ts';

/*
 * Share cards (og:image) and the feeds over HTTP: each public page names a card that answers a 1200×630 PNG;
 * a card is kept until its project changes, and its address changes with it; the feeds list the public
 * projects newest change first, with a published body and never a draft one, and change with a write.
 */
let admin = '';
let picture = '';
const created: number[] = [];
const word = `saltmarsh${Date.now().toString(36)}`;
const secret = `draftonly${Date.now().toString(36)}`;

const text = async (path: string) => (await call(path)).text();
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');
const ogImage = (html: string) => attribute(html, /<meta property="og:image" content="([^"]*)"/);

/** Width and height from a PNG's first chunk (IHDR), after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function card(url: string): Promise<{ bytes: Buffer; type: string | null; etag: string | null }> {
  const response = await fetch(new URL(new URL(url).pathname + new URL(url).search, base()));
  expect(response.status, url).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type'), etag: response.headers.get('etag') };
}

async function make(values: Record<string, unknown>): Promise<{ id: number; name: string }> {
  const project = await createProject(admin, values);
  created.push(project.id);
  return project;
}

beforeAll(async () => {
  admin = await sessionCookie('admin');
  const file = await pngFile('harbour.png', '#3a86ff');
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const uploaded = await fetch(new URL('/api/upload-image', base()), { method: 'POST', headers: sameOriginHeaders(admin), body: form });
  expect(uploaded.status).toBe(201);
  picture = ((await uploaded.json()) as { imageUrl: string }).imageUrl;
});
afterAll(async () => {
  for (const id of created) await ownerCall(admin, 'DELETE', `/api/projects/${id}`);
});

describe('share cards', () => {
  it('are named by every public page (og:image, twitter:image, alt) and answer a 1200×630 PNG', async () => {
    const project = await make({ imageUrl: picture, category: 'development', status: 'active' });
    for (const [path, expected] of [
      ['/', /\/og\/site\.png$/],
      ['/public-projects', /\/og\/site\.png$/],
      ['/portfolio-showcase', /\/og\/site\.png$/],
      [`/public-projects/${project.id}`, new RegExp(`/og/projects/${project.id}\\.png\\?v=[0-9a-f]{12}$`)],
      [`/projects/${project.id}`, new RegExp(`/og/projects/${project.id}\\.png\\?v=[0-9a-f]{12}$`)],
    ] as const) {
      const html = await text(path);
      const image = ogImage(html);
      expect(image, path).toMatch(expected);
      expect(attribute(html, /<meta name="twitter:image" content="([^"]*)"/), path).toBe(image);
      expect(attribute(html, /<meta property="og:image:alt" content="([^"]*)"/), path).toBeTruthy();
      const answer = await card(image!);
      expect(answer.type, path).toBe('image/png');
      expect(pngSize(answer.bytes), path).toEqual({ width: 1200, height: 630 });
    }
    const html = await text(`/public-projects/${project.id}`);
    expect(attribute(html, /<meta property="og:image:alt" content="([^"]*)"/)).toContain(project.name);
  });

  it('are made for the longest name the API takes and for right-to-left names', async () => {
    for (const name of ['Ω'.repeat(60) + ' ' + 'long name '.repeat(6).trim(), 'مشروع الخط العربي للواجهات', 'תכנון ממשק בעברית']) {
      const project = await make({ name: name.slice(0, 120) });
      const answer = await card(ogImage(await text(`/public-projects/${project.id}`))!);
      expect(pngSize(answer.bytes)).toEqual({ width: 1200, height: 630 });
    }
  });

  it('are kept until the project changes, then made anew at a new address', async () => {
    const project = await make({ status: 'planned' });
    const page = `/public-projects/${project.id}`;
    const before = ogImage(await text(page))!;
    const first = await card(before);
    const again = await card(before);
    expect(again.etag).toBeTruthy();
    expect(again.etag).toBe(first.etag);
    // A change the card does not show keeps its address.
    expect((await ownerCall(admin, 'PATCH', `/api/projects/${project.id}`, { progress: 55 })).status).toBe(200);
    expect(ogImage(await text(page))).toBe(before);
    // A change it shows: a new address, and new pixels at the old one too (it is the same card, emptied).
    expect((await ownerCall(admin, 'PATCH', `/api/projects/${project.id}`, { status: 'completed', name: `${project.name} (done)` })).status).toBe(200);
    const after = ogImage(await text(page))!;
    expect(after).not.toBe(before);
    const changed = await card(after);
    expect(changed.bytes.equals(first.bytes)).toBe(false);
    expect((await card(before)).bytes.equals(changed.bytes)).toBe(true);
  });

  it('answer 404 for a project that does not exist, and are no door for writes', async () => {
    expect((await call('/og/projects/999999999.png')).status).toBe(404);
    expect((await call('/og/projects/0.png')).status).toBe(404);
    expect((await call('/og/site.png', { method: 'POST', body: {} })).status).not.toBe(200);
  });
});

describe('feeds', () => {
  let published: { id: number; name: string };
  let draft: { id: number; name: string };
  beforeAll(async () => {
    published = await make({ imageUrl: picture, tags: ['estuary'], description: 'Tide tables for the marsh.' });
    const body = `## Why\n\nThe ${word} story.\n\n![Harbour sketch](${picture})`;
    expect((await ownerCall(admin, 'PUT', `/api/projects/${published.id}/case-study`, { caseStudy: body, published: true })).status).toBe(200);
    draft = await make({ description: 'Still a secret.' });
    expect((await ownerCall(admin, 'PUT', `/api/projects/${draft.id}/case-study`, { caseStudy: `Not yet: ${secret}`, published: false })).status).toBe(200);
  });

  it('RSS 2.0: every public project, newest change first, with summary, body, picture, categories, dates; never a draft', async () => {
    const response = await call('/rss.xml');
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).not.toContain(secret);
    const feed = parseRssFeed(xml);
    expect(feed.title).toBeTruthy();
    expect(feed.link).toBe(new URL('/public-projects', base()).href);
    expect(feed.description).toBeTruthy();
    const projects = (await (await call('/api/public/projects')).json()) as { id: number }[];
    expect(feed.items).toHaveLength(projects.length);
    const dates = feed.items!.map((item) => Date.parse(item.pubDate!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The draft's project is listed, without its body.
    const draftItem = feed.items!.find((entry) => entry.link === new URL(`/public-projects/${draft.id}`, base()).href);
    expect(draftItem).toBeDefined();
    expect(draftItem!.content?.encoded).toBeUndefined();
    const item = feed.items!.find((entry) => entry.link === new URL(`/public-projects/${published.id}`, base()).href)!;
    expect(item.title).toBe(published.name);
    expect(item.description).toBe('Tide tables for the marsh.');
    expect(item.guid?.value).toBe(item.link);
    expect(item.content?.encoded).toContain(word);
    expect(item.content?.encoded).toContain(`src="${new URL(picture, base()).href}`);
    expect(item.categories?.map((category) => category.name)).toEqual(['journey', 'estuary']);
    expect(item.enclosures?.[0]).toMatchObject({ url: new URL(picture, base()).href, type: 'image/webp' });
    expect(item.enclosures?.[0]?.length).toBeGreaterThan(0);
  });

  it('JSON Feed 1.1: the same entries with their required fields; never a draft', async () => {
    const response = await call('/feed.json');
    expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const raw = await response.text();
    expect(raw).not.toContain(secret);
    expect(JSON.parse(raw).version).toBe('https://jsonfeed.org/version/1.1');
    const feed = parseJsonFeed(JSON.parse(raw));
    expect(feed.title).toBeTruthy();
    expect(feed.feed_url).toBe(new URL('/feed.json', base()).href);
    for (const item of feed.items!) {
      expect(item.id).toBeTruthy();
      expect(item.content_html ?? item.content_text).toBeTruthy();
      expect(Date.parse(item.date_modified!)).toBeGreaterThan(0);
    }
    const item = feed.items!.find((entry) => entry.url === new URL(`/public-projects/${published.id}`, base()).href)!;
    expect(item).toMatchObject({ title: published.name, summary: 'Tide tables for the marsh.', image: new URL(picture, base()).href, tags: ['journey', 'estuary'] });
    expect(item.content_html).toContain(word);
    const draftItem = feed.items!.find((entry) => entry.url === new URL(`/public-projects/${draft.id}`, base()).href);
    expect(draftItem).toBeDefined();
    expect(draftItem!.content_html).toBeUndefined();
  });

  it('are kept, then show a write at once', async () => {
    // A project of this test's own: the others read `published` as it was made (each test stands alone).
    const mine = await make({ description: 'Renamed by the feed test.' });
    const first = await call('/feed.json');
    expect(first.headers.get('etag')).toBeTruthy();
    const renamed = `${mine.name} revised`;
    expect((await ownerCall(admin, 'PATCH', `/api/projects/${mine.id}`, { name: renamed })).status).toBe(200);
    for (const path of ['/feed.json', '/rss.xml']) {
      const body = await text(path);
      expect(body, path).toContain(renamed);
    }
    // The renamed project changed last: it now leads.
    expect(parseJsonFeed(JSON.parse(await text('/feed.json'))).items![0]!.title).toBe(renamed);
  });

  it('are named on every public page by <link rel="alternate">', async () => {
    for (const path of ['/', '/public-projects', `/public-projects/${published.id}`, '/projects', '/portfolio-showcase']) {
      const html = await text(path);
      expect(attribute(html, /<link rel="alternate" type="application\/rss\+xml"[^>]*href="([^"]*)"/), path).toBe(new URL('/rss.xml', base()).href);
      expect(attribute(html, /<link rel="alternate" type="application\/feed\+json"[^>]*href="([^"]*)"/), path).toBe(new URL('/feed.json', base()).href);
    }
  });
});

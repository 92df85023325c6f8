import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { createProject, ownerCall } from '../support/owner-api.ts';
import { sessionCookie } from '../support/sign-in.ts';

/*
 * Visitor reads are answered from the server's page cache (an ETag marks a cached answer). What a
 * visitor depends on: a write through the API shows at once, cached answers never carry cookies or
 * reach a signed-in person, and HTTP validators and HEAD behave.
 */
let admin = '';
beforeAll(async () => {
  admin = await sessionCookie('admin');
});

const visitor = (path: string, headers: Record<string, string> = {}, method = 'GET') => call(path, { method, headers });
const text = async (path: string, headers: Record<string, string> = {}) => {
  const response = await visitor(path, headers);
  return { status: response.status, body: await response.text(), headers: response.headers };
};
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe('a visitor page after an owner writes', () => {
  it('shows a created, edited and deleted project at once on every page listing it', async () => {
    // Warm every list, so the next reads would be stale if the writes did not invalidate them.
    for (const path of [
      '/public-projects',
      '/projects',
      '/portfolio-showcase',
      '/api/public/projects',
      '/sitemap.xml',
    ]) {
      expect((await visitor(path)).status).toBe(200);
      expect((await visitor(path)).headers.get('etag'), path).toBeTruthy();
    }
    const name = unique('Cached create');
    const project = await createProject(admin, { name });
    for (const path of ['/public-projects', '/projects', '/portfolio-showcase']) {
      expect((await text(path)).body, path).toContain(name);
    }
    expect(
      ((await (await visitor('/api/public/projects')).json()) as Array<{ name: string }>).some((p) => p.name === name),
    ).toBe(true);
    expect((await text('/sitemap.xml')).body).toContain(`/public-projects/${project.id}<`);

    expect((await text(`/public-projects/${project.id}`)).body).toContain(name);
    const renamed = unique('Cached edit');
    expect((await ownerCall(admin, 'PATCH', `/api/projects/${project.id}`, { name: renamed })).status).toBe(200);
    for (const path of [
      `/public-projects/${project.id}`,
      `/projects/${project.id}`,
      '/public-projects',
      '/portfolio-showcase',
    ]) {
      const page = await text(path);
      expect(page.body, path).toContain(renamed);
      expect(page.body, path).not.toContain(name);
    }
    expect(((await (await visitor(`/api/projects/${project.id}`)).json()) as { name: string }).name).toBe(renamed);

    expect((await ownerCall(admin, 'DELETE', `/api/projects/${project.id}`)).status).toBe(204);
    expect((await visitor(`/public-projects/${project.id}`)).status).toBe(404);
    expect((await visitor(`/api/public/projects/${project.id}`)).status).toBe(404);
    expect((await text('/public-projects')).body).not.toContain(renamed);
  });

  it('gives a page rendered again with the same content the same ETag, so a browser’s copy stays valid', async () => {
    const name = unique('Same again');
    const project = await createProject(admin, { name });
    try {
      const path = `/public-projects/${project.id}`;
      await visitor(path);
      const first = (await visitor(path)).headers.get('etag');
      expect(first).toBeTruthy();
      // Renamed and renamed back: the page is rendered twice more and reads as it did.
      expect(
        (await ownerCall(admin, 'PATCH', `/api/projects/${project.id}`, { name: unique('Meanwhile') })).status,
      ).toBe(200);
      expect((await visitor(path)).headers.get('etag')).not.toBe(first);
      expect((await ownerCall(admin, 'PATCH', `/api/projects/${project.id}`, { name })).status).toBe(200);
      expect((await visitor(path)).headers.get('etag')).toBe(first);
      expect((await visitor(path, { 'If-None-Match': first! })).status).toBe(304);
    } finally {
      await ownerCall(admin, 'DELETE', `/api/projects/${project.id}`);
    }
  });

  it('turns a cached 404 for an unknown id into the page once the project exists', async () => {
    // The next id is the sequence's, not the highest listed one (deleted projects leave gaps): a probe project
    // shows where the sequence stands.
    const probe = await createProject(admin, { name: unique('Sequence probe') });
    await ownerCall(admin, 'DELETE', `/api/projects/${probe.id}`);
    const next = probe.id + 1;
    expect((await visitor(`/public-projects/${next}`)).status).toBe(404);
    const again = await visitor(`/public-projects/${next}`);
    expect(again.status, 'the 404 is served again, now from the cache').toBe(404);
    expect(again.headers.get('etag')).toBeTruthy();
    const name = unique('Once missing');
    const project = await createProject(admin, { name });
    try {
      expect(project.id).toBe(next);
      const page = await text(`/public-projects/${project.id}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(name);
      expect((await visitor(`/api/projects/${project.id}`)).status).toBe(200);
    } finally {
      await ownerCall(admin, 'DELETE', `/api/projects/${project.id}`);
    }
  });

  it('shows a new project image and gallery changes on the project pages', async () => {
    const project = await createProject(admin, { name: unique('Cached gallery') });
    try {
      const before = await text(`/public-projects/${project.id}`);
      expect(before.body).not.toContain('/api/images/');
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const patched = await ownerCall(admin, 'PATCH', `/api/projects/${project.id}`, {
        imageUrl: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(patched.status).toBe(200);
      const { imageUrl } = (await patched.json()) as { imageUrl: string };
      expect((await text(`/public-projects/${project.id}`)).body).toContain(imageUrl);
      expect((await text('/portfolio-showcase')).body).toContain(imageUrl);

      const title = unique('Cached picture');
      expect((await text(`/projects/${project.id}`)).body).not.toContain(title);
      expect(((await (await visitor(`/api/projects/${project.id}/gallery`)).json()) as unknown[]).length).toBe(0);
      const added = await ownerCall(admin, 'POST', `/api/projects/${project.id}/gallery`, { title, imageUrl });
      expect(added.status).toBe(201);
      const image = (await added.json()) as { id: number };
      expect((await text(`/projects/${project.id}`)).body).toContain(title);
      expect(((await (await visitor(`/api/projects/${project.id}/gallery`)).json()) as unknown[]).length).toBe(1);

      const retitled = unique('Retitled picture');
      expect(
        (await ownerCall(admin, 'PATCH', `/api/projects/${project.id}/gallery/${image.id}`, { title: retitled }))
          .status,
      ).toBe(200);
      expect((await text(`/projects/${project.id}`)).body).toContain(retitled);
      expect((await ownerCall(admin, 'DELETE', `/api/projects/${project.id}/gallery/${image.id}`)).status).toBe(204);
      expect((await text(`/projects/${project.id}`)).body).not.toContain(retitled);
      expect(((await (await visitor(`/api/projects/${project.id}/gallery`)).json()) as unknown[]).length).toBe(0);
    } finally {
      await ownerCall(admin, 'DELETE', `/api/projects/${project.id}`);
    }
  });

  it('keeps a refused write from changing what visitors see', async () => {
    const name = unique('Refused edit');
    const project = await createProject(admin, { name });
    try {
      await text(`/public-projects/${project.id}`);
      expect(
        (await call(`/api/projects/${project.id}`, { method: 'PATCH', body: { name: 'Visitor was here' } })).status,
      ).toBe(401);
      const page = await text(`/public-projects/${project.id}`);
      expect(page.body).toContain(name);
      expect(page.body).not.toContain('Visitor was here');
    } finally {
      await ownerCall(admin, 'DELETE', `/api/projects/${project.id}`);
    }
  });
});

describe('what a cached answer is', () => {
  const cached = [
    '/',
    '/public-projects',
    '/projects',
    '/portfolio-showcase',
    '/api/public/projects',
    '/api/projects',
    '/sitemap.xml',
    '/robots.txt',
  ];

  it('never carries Set-Cookie, and / still tells clients not to store it', async () => {
    for (const path of cached) {
      for (let round = 0; round < 2; round++) {
        const response = await visitor(path, { 'Accept-Encoding': 'br' });
        expect(response.status, path).toBe(200);
        expect(response.headers.getSetCookie(), path).toEqual([]);
      }
    }
    expect((await visitor('/')).headers.get('cache-control')).toBe('private, no-store');
  });

  it('never reaches a signed-in person', async () => {
    await visitor('/');
    await visitor('/projects');
    const dashboard = await call('/', { cookie: admin });
    expect(dashboard.headers.get('etag')).toBeNull();
    expect(await dashboard.text()).toContain('Life Dashboard');
    const projects = await call('/projects', { cookie: admin });
    expect(projects.headers.get('etag')).toBeNull();
    expect(await projects.text()).toContain('Add New Project');
    // And the owner's answer did not become the visitors'.
    expect((await text('/projects')).body).not.toContain('Add New Project');
  });

  it('answers HEAD with the GET headers, and a conditional request with 304', async () => {
    // fetch asks for gzip unless told otherwise: identity stands for wrk and curl, which ask for nothing.
    for (const encoding of ['identity', 'gzip', 'br']) {
      const headers: Record<string, string> = { 'Accept-Encoding': encoding };
      {
        const get = await visitor('/public-projects', headers);
        const body = new Uint8Array(await get.arrayBuffer());
        const head = await visitor('/public-projects', headers, 'HEAD');
        expect(head.status).toBe(200);
        for (const name of [
          'content-type',
          'content-length',
          'content-encoding',
          'etag',
          'cache-control',
          'vary',
          'content-security-policy',
        ]) {
          expect(head.headers.get(name), `${encoding} ${name}`).toBe(get.headers.get(name));
        }
        expect(head.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
        // fetch decodes the body; the length on the wire is the encoded one.
        if (encoding === 'identity') expect(Number(get.headers.get('content-length'))).toBe(body.byteLength);
        const again = await visitor('/public-projects', { ...headers, 'If-None-Match': get.headers.get('etag')! });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(get.headers.get('etag'));
      }
    }
  });

  it('serves images from the cache to everyone, as they are, with validators', async () => {
    const projects = (await (await visitor('/api/public/projects')).json()) as Array<{ imageUrl: string | null }>;
    const image = projects.map((p) => p.imageUrl).find((url) => url?.startsWith('/api/images/'));
    expect(image, 'a seeded project with a stored image').toBeTruthy();
    for (const url of [image!, `${image}?w=480`]) {
      const first = await visitor(url, { 'Accept-Encoding': 'gzip, br' });
      const bytes = new Uint8Array(await first.arrayBuffer());
      // An ETag marks an answer from the cache (the image route sets none).
      const again = await visitor(url, { 'Accept-Encoding': 'gzip, br' });
      expect(again.status, url).toBe(200);
      expect(again.headers.get('etag'), url).toBeTruthy();
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
      // WebP is not compressed again; the answer keeps the route's headers.
      expect(again.headers.get('content-encoding'), url).toBeNull();
      expect(again.headers.get('content-type'), url).toBe('image/webp');
      expect(again.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      expect(again.headers.get('content-security-policy'), url).toBe("default-src 'none'; sandbox");
      const head = await visitor(url, {}, 'HEAD');
      expect(head.headers.get('content-length'), url).toBe(String(bytes.byteLength));
      expect(head.headers.get('etag'), url).toBe(again.headers.get('etag'));
      expect((await visitor(url, { 'If-None-Match': again.headers.get('etag')! })).status, url).toBe(304);
      // The bytes are the same for a signed-in owner: the cache answers them too.
      expect((await call(url, { cookie: admin })).headers.get('etag'), url).toBe(again.headers.get('etag'));
      expect((await call(url, { cookie: admin })).headers.getSetCookie(), url).toEqual([]);
    }
    // A width no page asks for is read from the database each time (no copy per made-up width).
    expect((await visitor(`${image}?w=481`)).status).toBe(200);
    expect((await visitor(`${image}?w=481`)).headers.get('etag')).toBeNull();
  });

  it('serves the same page to every query string (pages read none)', async () => {
    const plain = await visitor('/public-projects');
    const tagged = await visitor('/public-projects?utm_source=mail');
    expect(tagged.headers.get('etag')).toBe(plain.headers.get('etag'));
  });
});

describe('static files', () => {
  it('sends /_astro/ files compressed, cached for a year on GET and HEAD', async () => {
    const page = await text('/public-projects');
    // The largest script the page names (tiny ones are not worth compressing).
    const scripts = [...new Set(page.body.match(/\/_astro\/[^"' ]+\.js/g) ?? [])];
    const sizes = await Promise.all(
      scripts.map(async (path) =>
        Number((await visitor(path, { 'Accept-Encoding': 'identity' }, 'HEAD')).headers.get('content-length')),
      ),
    );
    const script = scripts[sizes.indexOf(Math.max(...sizes))];
    expect(Math.max(...sizes)).toBeGreaterThan(1024);
    for (const method of ['GET', 'HEAD']) {
      const response = await visitor(script!, { 'Accept-Encoding': 'gzip, br' }, method);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-encoding')).toBe('br');
    }
    const icon = await visitor('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toMatch(/^public, max-age=\d{1,4}\b/);
    expect((await visitor('/favicon.svg', { 'If-None-Match': icon.headers.get('etag')! })).status).toBe(304);
    expect((await visitor('/favicon.svg', { 'If-Modified-Since': icon.headers.get('last-modified')! })).status).toBe(
      304,
    );
  });
});

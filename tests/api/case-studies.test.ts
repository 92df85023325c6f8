import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, getJson } from '../support/http.ts';
import { createProject, ownerCall, pngFile } from '../support/owner-api.ts';
import { sameOriginHeaders, sessionCookie } from '../support/sign-in.ts';
import { base } from '../support/http.ts';

/*
 * A project's case study through the API and the public page: what a save refuses (400 naming caseStudy,
 * nothing written), that raw HTML and hostile addresses are shown as text, that a draft stays the owner's,
 * and that publishing reaches visitors at once (the visitor cache is emptied) and the list's search.
 */
let admin = '';
let viewer = '';
let project: { id: number; name: string };
let picture = '';
const word = `quillwort${Date.now().toString(36)}`;

async function upload(): Promise<string> {
  const file = await pngFile('sketch.png', '#ff6b6b');
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await fetch(new URL('/api/upload-image', base()), { method: 'POST', headers: sameOriginHeaders(admin), body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

const save = (body: unknown, cookie = admin) => call(`/api/projects/${project.id}/case-study`, { method: 'PUT', body, cookie });
const page = async (path: string, cookie?: string) => (await call(path, { cookie })).text();

beforeAll(async () => {
  [admin, viewer] = await Promise.all([sessionCookie('admin'), sessionCookie('viewer')]);
  project = await createProject(admin, { description: 'A tide chart for anglers.' });
  picture = await upload();
  const added = await ownerCall(admin, 'POST', `/api/projects/${project.id}/gallery`, { title: 'First sketch', imageUrl: picture });
  expect(added.status).toBe(201);
});
afterAll(async () => {
  if (project) await ownerCall(admin, 'DELETE', `/api/projects/${project.id}`);
});

describe('saving a case study', () => {
  it('refuses bad input with 400 naming caseStudy, and writes nothing', async () => {
    const before = await getJson(`/api/projects/${project.id}`, admin);
    const cases: [unknown, RegExp][] = [
      [{ caseStudy: 'x'.repeat(2 * 1024 * 1024), published: true }, /at most 60000 characters/],
      [{ caseStudy: '![A stranger](/api/images/notthisprojects)', published: true }, /is not one of this project's pictures/],
      [{ caseStudy: `![](${picture})`, published: true }, /needs alt text/],
      [{ caseStudy: `${'- '.repeat(10_000)}deep`, published: true }, /more than 20 levels deep/],
      [{ caseStudy: 'fine', published: 'yes' }, /^published/],
    ];
    for (const [body, message] of cases) {
      const response = await save(body);
      expect(response.status).toBe(400);
      const error = (await response.json()) as { error: string; field: string };
      expect(error.error).toMatch(message);
      expect(['caseStudy', 'published']).toContain(error.field);
    }
    // The project routes hold the same rules.
    const patched = await ownerCall(admin, 'PATCH', `/api/projects/${project.id}`, { caseStudy: '![x](/api/images/nope)' });
    expect(patched.status).toBe(400);
    expect(((await patched.json()) as { field: string }).field).toBe('caseStudy');
    expect(await getJson(`/api/projects/${project.id}`, admin)).toEqual(before);
  });

  it('lets only the owner save or preview', async () => {
    const body = { caseStudy: 'Hijack', published: true };
    expect((await save(body, '')).status).toBe(401);
    expect((await save(body, viewer)).status).toBe(403);
    const preview = (cookie: string) => call(`/api/projects/${project.id}/case-study/preview`, { method: 'POST', body: { caseStudy: 'x' }, cookie });
    expect((await preview('')).status).toBe(401);
    expect((await preview(viewer)).status).toBe(403);
    expect((await call('/api/projects/999999999/case-study', { method: 'PUT', body, cookie: admin })).status).toBe(404);
  });
});

describe('a draft and a published case study', () => {
  // Built when the tests run: the picture is uploaded in beforeAll, after this file's describe blocks are read.
  let body = '';
  beforeAll(() => {
    body = bodyText();
  });
  const bodyText = () => [
    '## The problem',
    `Anglers misread the tides; the ${word} chart fixed that.`,
    `![Pencil sketch of the chart](${picture})`,
    '## Process',
    '<script>alert(1)</script> <img src=x onerror=alert(1)> <iframe src="https://evil.example"></iframe>',
    '[click me](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)',
    '## What we learned',
    '## Next',
  ].join('\n\n');

  // Each test saves the body it starts from, so they pass in any order.
  it('keeps a draft to the owner: visitors and viewers read no body, on the page or in JSON', async () => {
    expect((await save({ caseStudy: '', published: true })).status).toBe(200);
    const visitorPage = await page(`/public-projects/${project.id}`); // cached before the save
    expect(visitorPage).not.toContain('data-case-study');
    const saved = await save({ caseStudy: body, published: false });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const project1 = (await saved.json()) as { caseStudy: string; caseStudyPublished: boolean; updatedAt: string; createdAt: string };
    expect(project1).toMatchObject({ caseStudy: body, caseStudyPublished: false });
    expect(Date.parse(project1.updatedAt)).toBeGreaterThan(Date.parse(project1.createdAt));

    for (const cookie of ['', viewer]) {
      expect((await getJson(`/api/projects/${project.id}`, cookie)).caseStudy).toBe('');
      const listed = (await getJson('/api/projects', cookie)) as { id: number; caseStudy: string }[];
      expect(listed.find((p) => p.id === project.id)?.caseStudy).toBe('');
      expect(await page(`/public-projects/${project.id}`, cookie)).not.toContain(word);
    }
    expect((await getJson(`/api/public/projects/${project.id}`)).caseStudy).toBe('');
    expect((await getJson(`/api/projects/${project.id}`, admin)).caseStudy).toBe(body);
    // Nor does the list's search read a draft.
    expect(await page(`/public-projects?q=${word}`)).not.toContain(project.name);
    // The owner's preview page shows it as a visitor will see it.
    const preview = await page(`/data-management/case-studies/${project.id}/preview`, admin);
    expect(preview).toContain(word);
    expect(preview).toContain('Preview of a draft');
    expect((await call(`/data-management/case-studies/${project.id}/preview`, { cookie: viewer })).status).toBe(404);
    expect((await call(`/data-management/case-studies/${project.id}/preview`)).status).toBe(404);
  });

  it('shows a published body to visitors at once, safely, with reading time, anchors and contents', async () => {
    const published = await save({ caseStudy: body, published: true });
    expect(published.status, await published.clone().text()).toBe(200);
    const html = await page(`/public-projects/${project.id}`);
    const article = html.slice(html.indexOf('data-case-study'), html.indexOf('</article>', html.indexOf('data-case-study')));
    expect(article).toContain(word);
    expect(article).toContain('1 min read');
    expect(article).toContain('<h3 id="the-problem" tabindex="-1"><a class="heading-anchor" href="#the-problem">The problem</a></h3>');
    expect(article).toMatch(/<nav aria-labelledby="contents"[^>]*>/);
    expect(article).toContain('href="#what-we-learned"');
    expect(article).toContain(`alt="Pencil sketch of the chart" width="96" height="64"`);
    // Raw HTML is text, hostile links are not links.
    expect(article).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(article).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(article).not.toMatch(/<(script|iframe)\b/i);
    expect(article).not.toMatch(/href="(javascript|data):/i);
    // The description stays the summary above it.
    expect(html.indexOf('A tide chart for anglers.')).toBeLessThan(html.indexOf('data-case-study'));
    expect((await getJson(`/api/public/projects/${project.id}`)).caseStudy).toBe(body);
  });

  it('is found by the list search, ranked, with the matching phrase; SPEC substring matches still appear', async () => {
    expect((await save({ caseStudy: body, published: true })).status).toBe(200);
    const html = await page(`/public-projects?q=${encodeURIComponent(`${word} chart`)}`);
    expect(html).toContain(project.name);
    const snippet = html.slice(html.indexOf('data-search-snippet'), html.indexOf('</p>', html.indexOf('data-search-snippet')));
    expect(snippet).toMatch(new RegExp(`<mark[^>]*>${word}</mark>`));
    // A prefix finds it too.
    expect(await page(`/public-projects?q=${word.slice(0, 8)}`)).toContain(project.name);
    // SPEC's rule: a substring inside a word of the description ("ide char" in "A tide chart").
    const substring = await page('/public-projects?q=ide%20char');
    expect(substring).toContain(project.name);
  });

  it('looks as today once the body is emptied', async () => {
    expect((await save({ caseStudy: '', published: true })).status).toBe(200);
    expect(await page(`/public-projects/${project.id}`)).not.toContain('data-case-study');
  });
});

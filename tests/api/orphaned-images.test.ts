import { describe, expect, it } from 'vitest';
import { base, call } from '../support/http.ts';
import { createProject, ownerCall, pngFile } from '../support/owner-api.ts';
import { sessionCookie } from '../support/sign-in.ts';

/** One sweep pass over one image with the clock moved on (test switch, ALLOW_TEST_SWITCHES). */
const sweep = (cookie: string | null, body: unknown) => call('/api/test/sweep-images', { method: 'POST', cookie, body });

describe('orphaned images', () => {
  it("answer 404 once a deleted project's image has gone unreferenced for a day, and not before", async () => {
    const admin = await sessionCookie('admin');
    const file = await pngFile('orphan.png', '#aa3355');
    const form = new FormData();
    form.set('image', new Blob([file.buffer as BlobPart], { type: file.mimeType }), file.name);
    const uploaded = await fetch(new URL('/api/upload-image', base()), { method: 'POST', body: form, headers: { Origin: base(), Cookie: admin } });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    const key = imageUrl.split('/').pop()!;
    const project = await createProject(admin, { imageUrl });

    // Referenced: a pass a year on keeps it.
    expect(await (await sweep(admin, { key, hoursLater: 24 * 300 })).json()).toEqual({ deleted: [] });
    expect((await call(imageUrl)).status).toBe(200);

    expect((await ownerCall(admin, 'DELETE', `/api/projects/${project.id}`)).status).toBe(204);
    // The first pass after the delete starts its day; within the day it stays.
    expect(await (await sweep(admin, { key, hoursLater: 0 })).json()).toEqual({ deleted: [] });
    expect(await (await sweep(admin, { key, hoursLater: 23 })).json()).toEqual({ deleted: [] });
    // Both sizes held by the server's image cache (an ETag marks its answers) before the delete.
    for (const url of [imageUrl, `${imageUrl}?w=480`]) {
      expect((await call(url)).status).toBe(200);
      expect((await call(url)).headers.get('etag'), url).toBeTruthy();
    }
    expect(await (await sweep(admin, { key, hoursLater: 25 })).json()).toEqual({ deleted: [key] });
    expect((await call(imageUrl)).status).toBe(404);
    expect((await call(`${imageUrl}?w=480`)).status).toBe(404);
  });

  it('the sweep switch refuses visitors (401), viewers (403) and bad bodies (400 naming the field)', async () => {
    expect((await sweep(null, { key: 'abcdefghij', hoursLater: 1 })).status).toBe(401);
    expect((await sweep(await sessionCookie('viewer'), { key: 'abcdefghij', hoursLater: 1 })).status).toBe(403);
    const bad = await sweep(await sessionCookie('admin'), { key: 'abcdefghij', hoursLater: 'soon' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'hoursLater' });
  });
});

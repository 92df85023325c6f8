import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProjects } from '#api/seed/data.ts';
import { createProject, ownerCall } from '../support/owner-api.ts';
import { sameOriginHeaders, sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

const base = workerServer().baseUrl;
const IMAGE = '/api/images/abcdefghijklmnop';
type Image = { id: number; projectId: number; title: string; description: string; category: string; order: number; imageUrl: string };

let admin: string;
let viewer: string;
const made: number[] = [];
beforeAll(async () => {
  [admin, viewer] = await Promise.all([sessionCookie('admin'), sessionCookie('viewer')]);
});
afterAll(async () => {
  for (const id of made) await ownerCall(admin, 'DELETE', `/api/projects/${id}`);
});

/** A project of the test's own, with these pictures (each test stands alone, in any order). */
async function projectWith(...titles: string[]): Promise<{ id: number }> {
  const project = await createProject(admin);
  made.push(project.id);
  for (const title of titles) {
    expect((await ownerCall(admin, 'POST', `/api/projects/${project.id}/gallery`, { title, imageUrl: IMAGE })).status).toBe(201);
  }
  return project;
}

const list = async (id: number) => (await (await fetch(new URL(`/api/projects/${id}/gallery`, base))).json()) as Image[];

describe('GET /api/projects/{id}/gallery', () => {
  it('lists the sample gallery of the first project in order, for anyone', async () => {
    const projects = (await (await fetch(new URL('/api/public/projects', base))).json()) as { id: number; name: string }[];
    const first = projects.find((p) => p.name === demoProjects[0]!.name)!;
    const images = await list(first.id);
    expect(images.slice(0, 6).map((image) => image.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(images[0]).toMatchObject({ title: 'Calm Canvas wordmark', category: 'logo' });
  });

  it('answers 404 for an unknown project and 400 for a malformed id', async () => {
    expect((await fetch(new URL('/api/projects/999999/gallery', base))).status).toBe(404);
    expect((await fetch(new URL('/api/projects/abc/gallery', base))).status).toBe(400);
  });
});

describe('changing a gallery', () => {
  it('adds a picture last, with an empty description and uncategorized by default', async () => {
    const project = await projectWith();
    const first = await ownerCall(admin, 'POST', `/api/projects/${project.id}/gallery`, { title: 'First', imageUrl: IMAGE });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ projectId: project.id, title: 'First', description: '', category: 'uncategorized', order: 1 });
    const second = await ownerCall(admin, 'POST', `/api/projects/${project.id}/gallery`, {
      title: 'Second',
      description: 'A mockup.',
      imageUrl: IMAGE,
      category: 'mockup',
    });
    expect(await second.json()).toMatchObject({ order: 2, category: 'mockup' });
    expect((await list(project.id)).map((image) => image.title)).toEqual(['First', 'Second']);
  });

  it('refuses bad input, naming the field', async () => {
    const project = await projectWith();
    const post = (body: unknown) => ownerCall(admin, 'POST', `/api/projects/${project.id}/gallery`, body);
    const cases: [unknown, string][] = [
      [{ imageUrl: IMAGE }, 'title'],
      [{ title: 'x' }, 'imageUrl'],
      [{ title: 'x', imageUrl: IMAGE, category: 'poster' }, 'category'],
      [{ title: 'x', imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      [{ title: 'x', imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl'],
      [{ title: 'x', imageUrl: IMAGE, projectId: 1 }, 'projectId'],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { field?: string }).field, JSON.stringify(body)).toBe(field);
    }
    expect((await ownerCall(admin, 'POST', '/api/projects/999999/gallery', { title: 'x', imageUrl: IMAGE })).status).toBe(404);
  });

  it('edits title, description and category, and deletes, only within the image’s own project', async () => {
    const project = await projectWith('First', 'Second');
    const [image] = await list(project.id);
    const patch = await ownerCall(admin, 'PATCH', `/api/projects/${project.id}/gallery/${image!.id}`, {
      title: 'Renamed',
      description: 'Now described.',
      category: 'web',
    });
    expect(patch.status).toBe(200);
    expect(await patch.json()).toMatchObject({ title: 'Renamed', description: 'Now described.', category: 'web', order: 1 });
    expect((await ownerCall(admin, 'PATCH', `/api/projects/${project.id}/gallery/${image!.id}`, { category: 'poster' })).status).toBe(400);

    // The same image id under another project is not found.
    const other = await createProject(admin);
    expect((await ownerCall(admin, 'PATCH', `/api/projects/${other.id}/gallery/${image!.id}`, { title: 'x' })).status).toBe(404);
    expect((await ownerCall(admin, 'DELETE', `/api/projects/${other.id}/gallery/${image!.id}`)).status).toBe(404);
    await ownerCall(admin, 'DELETE', `/api/projects/${other.id}`);

    expect((await ownerCall(admin, 'DELETE', `/api/projects/${project.id}/gallery/${image!.id}`)).status).toBe(204);
    expect((await ownerCall(admin, 'DELETE', `/api/projects/${project.id}/gallery/${image!.id}`)).status).toBe(404);
    expect((await list(project.id)).map((i) => i.title)).toEqual(['Second']);
  });

  it('lets only the owner change it: 401 for a visitor, 403 for a viewer', async () => {
    const body = JSON.stringify({ title: 'x', imageUrl: IMAGE });
    const send = (method: string, path: string, cookie?: string) =>
      fetch(new URL(path, base), {
        method,
        headers: { ...sameOriginHeaders(cookie), 'Content-Type': 'application/json' },
        body: method === 'DELETE' ? undefined : body,
      });
    const project = await projectWith('Only');
    const [image] = await list(project.id);
    for (const [cookie, status] of [[undefined, 401], [viewer, 403]] as const) {
      expect((await send('POST', `/api/projects/${project.id}/gallery`, cookie)).status).toBe(status);
      expect((await send('PATCH', `/api/projects/${project.id}/gallery/${image!.id}`, cookie)).status).toBe(status);
      expect((await send('DELETE', `/api/projects/${project.id}/gallery/${image!.id}`, cookie)).status).toBe(status);
    }
    expect((await list(project.id)).length).toBe(1);
  });
});

import sharp from 'sharp';

import { sameOriginHeaders } from './sign-in.ts';
import { workerServer } from './worker.ts';

/** A write to the API as a same-origin page of the signed-in owner would send it. */
export async function ownerCall(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(new URL(path, workerServer().baseUrl), {
    method,
    headers: { ...sameOriginHeaders(cookie), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Creates a throwaway project (its own category, so the file's category filters never see it). */
export async function createProject(cookie: string, values: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const name = `Journey project ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await ownerCall(cookie, 'POST', '/api/projects', {
    name,
    description: 'Made by an end-to-end journey.',
    status: 'planned',
    progress: 20,
    category: 'journey',
    tags: ['e2e'],
    technologies: ['Playwright'],
    startDate: '2026-01-05',
    endDate: '2026-03-01',
    ...values,
  });
  if (response.status !== 201) throw new Error(`Creating a project answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: number; name: string };
}

export async function readProject(id: number): Promise<{ url: string | null; imageUrl: string | null } | null> {
  const response = await fetch(new URL(`/api/public/projects/${id}`, workerServer().baseUrl));
  return response.ok ? ((await response.json()) as { url: string | null; imageUrl: string | null }) : null;
}

/** A small real PNG for the file pickers. */
export async function pngFile(name: string, color = '#6fffe9'): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 96, height: 64, channels: 3, background: color } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

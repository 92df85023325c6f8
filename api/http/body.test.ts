import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readForm, readFormData, readJson, streamToFile } from './body.ts';
import { HttpError } from './errors.ts';

/** A body that arrives in pieces and counts how many were pulled, like a socket's (nothing pulled ahead). */
function streamed(pieces: number, piece: Uint8Array): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === pieces) return controller.close();
        pulled++;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => pulled };
}

const request = (body: BodyInit | ReadableStream, headers: Record<string, string>) =>
  new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: unknown) => (error instanceof HttpError ? error.status : String(error)),
  );

describe('the capped body reader', () => {
  it('refuses a declared Content-Length over the limit without pulling a byte', async () => {
    const { body, pulled } = streamed(10, new Uint8Array(1024));
    const sent = request(body, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '10240' });
    expect(await status(readFormData(sent, 4096))).toBe(413);
    expect(pulled()).toBe(0);
  });

  it('stops pulling a streamed body as soon as it passes the limit', async () => {
    const { body, pulled } = streamed(1000, new Uint8Array(1024).fill(97));
    expect(await status(readJson(request(body, { 'content-type': 'application/json' }), z.unknown(), 4096))).toBe(413);
    expect(pulled()).toBeLessThan(10);
  });

  it('reads a form into its shape, naming a bad field; 415 for a body that is not a form', async () => {
    const shape = z.object({ action: z.enum(['end', 'end-others']) }).strict();
    const form = (text: string) => request(text, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(await readForm(form('action=end-others'), shape)).toEqual({ action: 'end-others' });
    await expect(readForm(form('action=explode'), shape)).rejects.toMatchObject({ status: 400, field: 'action' });
    expect(await status(readForm(request('{}', { 'content-type': 'application/json' }), shape))).toBe(415);
  });

  it('keeps the files of a multipart form', async () => {
    const data = new FormData();
    data.set('image', new Blob([new Uint8Array([1, 2, 3])]), 'a.png');
    const encoded = new Response(data);
    const form = await readFormData(
      request(await encoded.arrayBuffer(), { 'content-type': encoded.headers.get('content-type')! }),
      10_000,
    );
    expect(form.get('image')).toBeInstanceOf(Blob);
  });
});

describe('streamToFile', () => {
  let folder = '';
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes the body to the file and answers its size', async () => {
    folder = mkdtempSync(join(tmpdir(), 'body-test-'));
    const path = join(folder, 'upload');
    const { body } = streamed(3, new Uint8Array(1000).fill(98));
    expect(await streamToFile(request(body, {}), path, 5000)).toBe(3000);
    expect(readFileSync(path).byteLength).toBe(3000);
  });

  it('refuses with 413 as soon as the streamed size passes the limit, and leaves no file', async () => {
    folder = mkdtempSync(join(tmpdir(), 'body-test-'));
    const path = join(folder, 'upload');
    const { body, pulled } = streamed(1000, new Uint8Array(1024));
    expect(await status(streamToFile(request(body, {}), path, 8 * 1024))).toBe(413);
    expect(pulled()).toBeLessThan(40);
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a declared size over the limit before creating the file', async () => {
    folder = mkdtempSync(join(tmpdir(), 'body-test-'));
    const path = join(folder, 'upload');
    const { body, pulled } = streamed(10, new Uint8Array(1024));
    expect(await status(streamToFile(request(body, { 'content-length': '10240' }), path, 1024))).toBe(413);
    expect(pulled()).toBe(0);
    expect(existsSync(path)).toBe(false);
  });
});

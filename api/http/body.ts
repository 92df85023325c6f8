import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { HttpError, badRequest } from './errors.ts';

/*
 * The one way the server reads a request body (ADR 022): every reader takes the route's own limit and
 * refuses with 413 as soon as the declared Content-Length or the bytes streamed so far pass it, so a
 * body larger than its limit is never held in memory (or on disk) whole.
 */

export const JSON_LIMIT = 100_000;
/** A form of a few short fields (sign-in, sessions): anything larger is not one of ours. */
export const FORM_LIMIT = 8 * 1024;

/**
 * Reads a JSON body with a byte limit enforced while streaming (a missing or lying Content-Length
 * cannot get past it), then validates it with a shape. Errors name the offending field.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  shape: S,
  limit = JSON_LIMIT,
): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, 'Send the body as application/json.');
  const text = await readText(request, limit);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
  return parseWith(shape, data);
}

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * A form body (urlencoded or multipart) as FormData, read under `limit`: 415 when it is not a form,
 * 400 when it cannot be parsed. Files stay in it (the image upload reads its `image` field).
 */
export async function readFormData(request: Request, limit = FORM_LIMIT): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!FORM_TYPE.test(type)) throw new HttpError(415, 'Send a form.');
  const bytes = await readBytes(request, limit);
  try {
    // Parsed from the bytes already read under the limit: the platform's parser never sees the socket.
    return await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw badRequest('The form could not be read.');
  }
}

/** A form's text fields (files dropped), validated with a shape like a JSON body: 400 names the field. */
export async function readForm<S extends z.ZodType>(
  request: Request,
  shape: S,
  limit = FORM_LIMIT,
): Promise<z.infer<S>> {
  const form = await readFormData(request, limit);
  const fields = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return parseWith(shape, fields);
}

/**
 * Streams the body into a new file at `path` (large uploads: archives, health exports), refusing with 413
 * as soon as the declared or written size passes `limit`; a refused or broken upload leaves no file.
 * Answers the number of bytes written.
 */
export async function streamToFile(request: Request, path: string, limit: number): Promise<number> {
  refuseDeclared(request, limit);
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      done(size > limit ? tooLarge(limit) : null, chunk);
    },
  });
  const source = request.body ? Readable.fromWeb(request.body as NodeReadableStream) : Readable.from([]);
  try {
    await pipeline(source, count, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof HttpError) throw error;
    throw badRequest('The upload was cut off before it ended.');
  }
  return size;
}

export function parseWith<S extends z.ZodType>(shape: S, data: unknown): z.infer<S> {
  const result = shape.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? 'field';
    throw badRequest(`${key}: is not a known field`, key);
  }
  const field = issue.path.join('.');
  if (!field) throw badRequest(`The body ${issue.message.replace(/^Invalid input: /, '')}`);
  throw badRequest(`${field}: ${friendly(issue)}`, field);
}

function friendly(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type')
    return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
  return issue.message;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

export async function readText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBytes(request, limit));
}

/** The body's bytes, refusing with 413 as soon as it passes `limit`. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  refuseDeclared(request, limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A declared Content-Length over the limit is refused before a byte is read. */
function refuseDeclared(request: Request, limit: number): void {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
}

const tooLarge = (limit: number) =>
  new HttpError(
    413,
    limit >= 1_000_000
      ? `The body is larger than ${Math.round(limit / 1_000_000)} MB.`
      : `The body is larger than ${Math.round(limit / 1000)} KB.`,
  );

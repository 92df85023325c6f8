import type { z } from 'zod';
import { HttpError, badRequest } from './errors.ts';

export const JSON_LIMIT = 100_000;

/**
 * Reads a JSON body with a byte limit enforced while streaming (a missing or lying Content-Length
 * cannot get past it), then validates it with a shape. Errors name the offending field.
 */
export async function readJson<S extends z.ZodType>(request: Request, shape: S, limit = JSON_LIMIT): Promise<z.infer<S>> {
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
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
  return issue.message;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

export async function readText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBytes(request, limit));
}

/** The body's bytes, refusing with 413 as soon as it passes `limit`. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
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

const tooLarge = (limit: number) => new HttpError(413, `The body is larger than ${Math.round(limit / 1000)} KB.`);

import { workerServer } from './worker.ts';

export const base = () => workerServer().baseUrl;

export interface CallOptions {
  method?: string;
  /** A value to send as JSON, or a raw string body (sent with the JSON content type unless headers say otherwise). */
  body?: unknown;
  cookie?: string | null;
  headers?: Record<string, string>;
}

/**
 * One HTTP call to the test server as a browser on the site would make it: same-origin Origin header on
 * writes, cookies when given, JSON content type when there is a body.
 */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (method !== 'GET' && method !== 'HEAD') headers.Origin = base();
  if (options.cookie) headers.Cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return fetch(new URL(path, base()), { method, headers: { ...headers, ...options.headers }, body, redirect: 'manual' });
}

/** GET as JSON, failing loudly when the answer is not 200. */
export async function getJson<T = any>(path: string, cookie?: string | null): Promise<T> {
  const response = await call(path, { cookie });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The one way islands talk to the API (SPEC §7, §8): cookies always sent, a JSON content type only
 * when there is a body, no retries. A non-2xx answer becomes an error whose message is
 * "<status>: <body text, or the status text when the body is empty>".
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The `{ error, field }` the API sends for bad input, when there is one. */
  get details(): { error?: string; field?: string } {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown; field?: unknown };
      return {
        error: typeof parsed.error === 'string' ? parsed.error : undefined,
        field: typeof parsed.field === 'string' ? parsed.field : undefined,
      };
    } catch {
      return {};
    }
  }
}

/** True when the API refused a dangerous act until the owner confirms it is them (api/auth/step-up.ts). */
export const needsStepUp = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.details.error === 'step_up_required';

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, text);
}

/**
 * A call that changes data (POST, PATCH, PUT, DELETE) or any request with a body. The answer is read to
 * its end before it is handed back (as a Response whose body is that copy): a caller that ignores it
 * cannot leave the request open, which in Chrome keeps a page from ever going network-idle.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  const body = await response.arrayBuffer();
  const { status, statusText, headers } = response;
  // 204, 205 and 304 may carry no body at all (the constructor refuses even an empty one).
  return new Response([204, 205, 304].includes(status) ? null : body, { status, statusText, headers });
}

/** A read. With `on401: 'returnNull'` a 401 yields null instead of failing (the default is to fail). */
export async function apiGet<T>(url: string, options: { on401?: 'throw' | 'returnNull'; signal?: AbortSignal } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', signal: options.signal });
  if (options.on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** A JSON answer of a write, or null for 204. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T | null> {
  const response = await apiRequest(method, url, data);
  if (response.status === 204) return null;
  return (await response.json()) as T;
}

/**
 * A multipart upload (POST with FormData; the browser sets the content type and its boundary).
 * Same rules as every call: cookies sent, no retries, "status: body" errors.
 */
export async function apiUpload<T>(url: string, form: FormData): Promise<T> {
  const response = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiError, apiGet, apiRequest, apiUpload } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  // A copy per call: every answer is read once.
  const spy = vi.fn(async (_url: string, _init?: RequestInit) => response.clone());
  vi.stubGlobal('fetch', spy);
  return spy;
}

describe('the API client', () => {
  it('sends cookies and a JSON content type only when there is a body', async () => {
    const spy = stubFetch(new Response('{}', { status: 201 }));
    await apiRequest('POST', '/api/kpis', { name: 'x' });
    expect(spy.mock.calls[0]![1]).toMatchObject({ credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"name":"x"}' });
    await apiRequest('DELETE', '/api/projects/1');
    expect(spy.mock.calls[1]![1]).toMatchObject({ credentials: 'include', headers: {}, body: undefined });
  });

  it('reads every answer to its end, and still hands its body to the caller', async () => {
    const answer = new Response('{"id":7}', { status: 201, statusText: 'Created', headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', async () => answer);
    const response = await apiRequest('POST', '/api/kpis', { name: 'x' });
    expect(answer.bodyUsed).toBe(true);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ id: 7 });
    stubFetch(new Response(null, { status: 204 }));
    expect((await apiRequest('DELETE', '/api/projects/1')).status).toBe(204);
  });

  it('turns a failed answer into "status: body"', async () => {
    stubFetch(new Response('{"error":"name: is required","field":"name"}', { status: 400, statusText: 'Bad Request' }));
    const error = (await apiRequest('POST', '/api/projects', {}).catch((e) => e)) as ApiError;
    expect(error.message).toBe('400: {"error":"name: is required","field":"name"}');
    expect(error.details.field).toBe('name');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiGet('/api/kpis')).rejects.toThrow('503: Service Unavailable');
  });

  it('can turn a 401 into null for reads, and fails by default', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    expect(await apiGet('/api/auth/user', { on401: 'returnNull' })).toBeNull();
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiGet('/api/auth/user')).rejects.toThrow('401: Unauthorized');
  });

  it('uploads multipart form data with cookies and no JSON content type', async () => {
    const spy = stubFetch(new Response('{"imageUrl":"/api/images/abc"}', { status: 201 }));
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    expect(await apiUpload('/api/upload-image', form)).toEqual({ imageUrl: '/api/images/abc' });
    expect(spy.mock.calls[0]![1]).toEqual({ method: 'POST', body: form, credentials: 'include' });
    stubFetch(new Response('', { status: 413, statusText: 'Payload Too Large' }));
    await expect(apiUpload('/api/upload-image', form)).rejects.toThrow('413: Payload Too Large');
  });
});

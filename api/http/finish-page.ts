import { shareIcons } from './icon-sprite.ts';
import { narrowPolicy } from './page-csp.ts';

/**
 * A rendered HTML page, made lighter before it is sent (and cached): each repeated icon defined once
 * (icon-sprite.ts), and its Content-Security-Policy allowing its own inline scripts and styles instead of
 * the whole site's (page-csp.ts). The body is read whole: the policy travels ahead of it and depends on it.
 */
export async function finishPage(response: Response): Promise<Response> {
  if (!response.body || !/^text\/html/i.test(response.headers.get('Content-Type') ?? '')) return response;
  // A 404 is rendered by a second pass through the middleware, which has finished and compressed it already.
  if (response.headers.has('Content-Encoding')) return response;
  const html = shareIcons(await response.text());
  const headers = new Headers(response.headers);
  headers.set('Content-Length', String(Buffer.byteLength(html)));
  const policy = headers.get('Content-Security-Policy');
  if (policy) headers.set('Content-Security-Policy', narrowPolicy(policy, html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

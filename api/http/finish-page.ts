import { shareIcons } from './icon-sprite.ts';
import { narrowPolicy } from './page-csp.ts';

/**
 * A rendered HTML page, made lighter before it is sent (and cached): each repeated icon defined once
 * (icon-sprite.ts), and its Content-Security-Policy allowing its own inline scripts and styles instead of
 * the whole site's (page-csp.ts). The body is read whole: the policy travels ahead of it and depends on it.
 */
export async function finishPage(response: Response): Promise<Response> {
  if (!isUnfinishedHtml(response)) return response;
  const { html, headers } = finishHtml(await response.text(), response.headers);
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** An HTML answer finishPage has yet to finish. A 404 is rendered by a second pass through the middleware, which has finished and compressed it already. */
export function isUnfinishedHtml(response: Response): boolean {
  return (
    !!response.body &&
    /^text\/html/i.test(response.headers.get('Content-Type') ?? '') &&
    !response.headers.has('Content-Encoding')
  );
}

/** finishPage on a page already read as text: its finished text and the headers to send it with (a copy). */
export function finishHtml(text: string, pageHeaders: Headers): { html: string; headers: Headers } {
  const html = shareIcons(text);
  const headers = new Headers(pageHeaders);
  headers.set('Content-Length', String(Buffer.byteLength(html)));
  const policy = headers.get('Content-Security-Policy');
  if (policy) headers.set('Content-Security-Policy', narrowPolicy(policy, html));
  return { html, headers };
}

/**
 * Whether a request comes from a person's form or link (answer an HTML page) rather than a script's fetch
 * (answer JSON): the browser's `Sec-Fetch-Mode: navigate` when it sends one, else an `Accept` header that
 * names `text/html` and ranks it above JSON.
 */
export function wantsPage(headers: Headers): boolean {
  const mode = headers.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  const accept = headers.get('accept');
  if (!accept) return false;
  const html = qualityOf(accept, 'text/html', false);
  return html > 0 && html > qualityOf(accept, 'application/json', true);
}

/** The q-value `accept` gives `type` (named exactly, or through `*\/*` when `wildcards`), 0 when it gives none. */
function qualityOf(accept: string, type: string, wildcards: boolean): number {
  const [major] = type.split('/');
  let best = 0;
  for (const range of accept.split(',')) {
    const [name = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const matches = name === type || (wildcards && (name === '*/*' || name === `${major}/*`));
    if (!matches) continue;
    const q = params.find((param) => param.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    if (Number.isFinite(value)) best = Math.max(best, value);
  }
  return best;
}

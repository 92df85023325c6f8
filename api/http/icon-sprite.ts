/*
 * Icons are inline SVG (@lucide/astro), and a list page repeats the same few dozens of times, a large share
 * of its bytes (docs/performance.md). Once a page is rendered, an icon drawn MIN_DRAWN (4) times or more is defined
 * once, in a hidden sprite at the start of <body>, and each place keeps its own <svg> element (size, class,
 * aria-hidden, everything a person or a screen reader meets) with a <use> of that definition.
 *
 * The definition carries the icon's paint (stroke, its width and caps, no fill) and its shapes, which the
 * <use> copy inherits its colour into (currentColor) exactly as the inline drawing did. It is named after
 * the icon (#i-check), so a region another page's HTML is swapped in from (lib/refresh-regions.ts) points at
 * the same name; that script copies a definition the page lacks.
 * Left alone: icons drawn fewer times, icons with a <title> (a use copy has no accessible name), an icon whose
 * class sets its own paint, and anything inside a React island (hydration compares its markup), a script,
 * a stylesheet or a <template>.
 */

const PAINT = ' fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
/** Below four copies the definition costs brotli (which sends a repeat for a few bytes) more than it saves (docs/performance.md). */
const MIN_DRAWN = 4;
const XMLNS = ' xmlns="http://www.w3.org/2000/svg"';
/** A Tailwind class that paints the icon itself would lose to the definition's attributes. */
const OWN_PAINT = /(?:^|\s)(?:[\w-]+:)*(?:fill|stroke)-/;
const TOKEN =
  /<script\b[\s\S]*?<\/script\s*>|<style\b[\s\S]*?<\/style\s*>|<(\/?)(astro-island|template)\b[^>]*>|<svg\b([^>]*?\sclass="(lucide lucide-([a-z0-9-]+)[^"]*)"[^>]*)>([\s\S]*?)<\/svg>/g;

interface Icon {
  start: number;
  end: number;
  attributes: string;
  name: string;
  shapes: string;
}

/** The icons the page draws outside islands, scripts, styles and templates that could share a definition. */
function icons(html: string): Icon[] {
  const found: Icon[] = [];
  let closedDepth = 0;
  for (const match of html.matchAll(TOKEN)) {
    const [whole, closing, container, attributes, className = '', name, shapes = ''] = match;
    if (container) {
      closedDepth = Math.max(0, closedDepth + (closing ? -1 : 1));
      continue;
    }
    if (attributes === undefined || name === undefined || closedDepth > 0) continue;
    if (!attributes.includes(PAINT) || OWN_PAINT.test(className) || /<(svg|title|desc)\b/i.test(shapes)) continue;
    found.push({ start: match.index, end: match.index + whole.length, attributes, name, shapes });
  }
  return found;
}

/** The page with each icon it draws MIN_DRAWN times or more defined once; other pages come back as they were. */
export function shareIcons(html: string): string {
  const all = icons(html);
  const byName = new Map<string, Icon[]>();
  for (const icon of all) byName.set(icon.name, [...(byName.get(icon.name) ?? []), icon]);
  const shared = new Map<string, string>();
  for (const [name, drawn] of byName) {
    // The same name always draws the same shapes; should it not, the icon stays inline.
    if (drawn.length >= MIN_DRAWN && drawn.every((icon) => icon.shapes === drawn[0]!.shapes))
      shared.set(name, drawn[0]!.shapes);
  }
  const body = /<body\b[^>]*>/i.exec(html);
  if (shared.size === 0 || !body) return html;
  const bodyOpenEnd = body.index + body[0].length;
  const sprite = `<svg style="display:none" aria-hidden="true"><defs>${[...shared]
    .map(([name, shapes]) => `<g id="i-${name}"${PAINT}>${shapes}</g>`)
    .join('')}</defs></svg>`;
  let out = '';
  let at = 0;
  for (const icon of all) {
    if (!shared.has(icon.name) || icon.start < bodyOpenEnd) continue;
    out += html.slice(at, icon.start);
    out += `<svg${icon.attributes.replace(XMLNS, '').replace(PAINT, '')}><use href="#i-${icon.name}"></use></svg>`;
    at = icon.end;
  }
  out += html.slice(at);
  return out.slice(0, bodyOpenEnd) + sprite + out.slice(bodyOpenEnd);
}

/**
 * A case study's Markdown as HTML: the one renderer of the public project page, the owner's preview page
 * and the editor's preview endpoint, so what the owner previews is what visitors read.
 *
 * Safety is by construction, not by cleaning afterwards: markdown-it parses with raw HTML off (a `<script>`
 * typed in the body is shown as text), every link and picture address passes `safeAddress` (http(s),
 * mailto, or a path or fragment of this site; never javascript:, data:, vbscript: or a protocol-relative
 * address), a picture shows only when it is one of the project's own (anything else is shown as its alt
 * text), and no rule of ours writes a style or event attribute. case-study-render.test.ts holds the output
 * to an allowlist of elements and attributes against the OWASP XSS filter-evasion payloads.
 */
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
import { CASE_STUDY } from '#domain/vocabulary.ts';
import { IMAGE_WIDTHS } from './image-widths.ts';

/** A picture the body may show: one of the project's gallery pictures or its own picture. */
export interface CaseStudyPicture {
  /** Its address, as the gallery or the project holds it (`/api/images/{key}` or http(s)). */
  url: string;
  /** What the editor lists it as. */
  title: string;
  /** Pixel size of the stored image, when known (so the page keeps its place while it loads). */
  width: number | null;
  height: number | null;
}

export interface CaseStudyHeading {
  id: string;
  text: string;
  /** The HTML level on the page: the body's top level is h3, under the page's h2. */
  level: number;
}

export interface RenderedCaseStudy {
  html: string;
  headings: CaseStudyHeading[];
  words: number;
  readingMinutes: number;
  /** Four headings or more earn a table of contents. */
  toc: boolean;
}

/** Ids the project page itself uses; a heading slug never takes one. */
const PAGE_IDS = ['main', 'about', 'case-study', 'contents', 'gallery', 'tech', 'info', 'tags'];

/** Sites whose links are videos or demos: shown as a labelled link, never an embedded frame. */
const VIDEO_HOSTS: Record<string, string> = {
  'youtube.com': 'YouTube',
  'youtu.be': 'YouTube',
  'vimeo.com': 'Vimeo',
  'loom.com': 'Loom',
  'codepen.io': 'CodePen',
  'codesandbox.io': 'CodeSandbox',
  'figma.com': 'Figma',
};

const OUR_IMAGE = /^\/api\/images\/[A-Za-z0-9_-]+$/;

/** The only addresses a link or picture may have. */
export function safeAddress(url: string): boolean {
  const value = url.trim();
  if (value.startsWith('#')) return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^(https?:\/\/|mailto:)/i.test(value);
}

function videoSite(href: string): string | null {
  try {
    const host = new URL(href).hostname.toLowerCase().replace(/^(www|m|player)\./, '');
    return VIDEO_HOSTS[host] ?? null;
  } catch {
    return null;
  }
}

/** Lowercase words joined by dashes, letters of every script kept. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.join('-')
    .slice(0, 60);
  return slug || 'section';
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

type Env = { pictures: ReadonlyMap<string, CaseStudyPicture>; headings: CaseStudyHeading[]; markdownItAnchor?: unknown };

/**
 * How deep blocks may nest (a list level is two: the list and its item). Past it markdown-it stops parsing,
 * so a save deeper than MAX_SAVED_DEPTH is refused rather than cut short on the page.
 */
const MAX_NESTING = 50;
const MAX_SAVED_DEPTH = 40;

const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false });
// Deep nesting (10,000 list levels) stops being parsed as structure past this depth; the rest stays text.
md.set({ maxNesting: MAX_NESTING });
md.validateLink = safeAddress;

// The body's headings sit under the page's h2: its top level becomes h3, the rest follow, h6 at most.
md.core.ruler.push('case_study_headings', (state) => {
  const levels = state.tokens.filter((token) => token.type === 'heading_open').map((token) => Number(token.tag.slice(1)));
  const top = Math.min(...levels, 6);
  for (const token of state.tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close')
      token.tag = `h${Math.min(6, Number(token.tag.slice(1)) - top + 3)}`;
  }
});

md.use(anchor, {
  level: 1,
  slugify,
  tabIndex: -1,
  // The whole heading is the link to itself: one focusable, labelled by its own text.
  permalink: anchor.permalink.headerLink({ class: 'heading-anchor' }),
});

md.core.ruler.push('case_study_collect', (state) => {
  const env = state.env as Env;
  state.tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const inline = state.tokens[index + 1];
      const text = (inline?.children ?? [])
        .filter((child) => child.type === 'text' || child.type === 'code_inline')
        .map((child) => child.content)
        .join('');
      env.headings.push({ id: String(token.attrGet('id') ?? ''), text, level: Number(token.tag.slice(1)) });
    }
    // Table cell alignment as a class, so no rule of ours writes a style attribute.
    if ((token.type === 'th_open' || token.type === 'td_open') && token.attrGet('style')) {
      const align = /text-align:(left|right|center)/.exec(String(token.attrGet('style')))?.[1];
      token.attrs = align ? [['class', `align-${align}`]] : null;
    }
    // A paragraph that is just a link to a video or demo site reads as one, with the site named.
    if (token.type === 'paragraph_open') {
      const children = state.tokens[index + 1]?.children ?? [];
      const open = children[0];
      const close = children.at(-1);
      if (children.length >= 3 && open?.type === 'link_open' && close?.type === 'link_close') {
        const site = videoSite(String(open.attrGet('href') ?? ''));
        if (site && children.slice(1, -1).every((child) => child.type === 'text')) {
          token.attrJoin('class', 'case-study-media');
          open.attrJoin('class', 'case-study-media-link');
          const label = new state.Token('text', '', 0);
          label.content = ` (${site}, opens the site)`;
          children.splice(children.length - 1, 0, label);
        }
      }
    }
  });
});

// Links to other sites leave without telling them where from.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:/i.test(String(token.attrGet('href') ?? ''))) token.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// A picture shows only when it is one of the project's own; otherwise its alt text stands in, as text.
md.renderer.rules.image = (tokens, idx, _options, env) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet('src') ?? '');
  const alt = md.utils.escapeHtml(token.content);
  const picture = (env as Env | undefined)?.pictures.get(src);
  if (!picture) return `<span class="case-study-missing">[${alt || 'picture'}]</span>`;
  const ours = OUR_IMAGE.test(src);
  const size = picture.width && picture.height ? ` width="${picture.width}" height="${picture.height}"` : '';
  const widths = ours ? IMAGE_WIDTHS.filter((width) => !picture.width || width < picture.width) : [];
  const srcset = widths.length > 0 ? ` srcset="${widths.map((width) => `${src}?w=${width} ${width}w`).join(', ')}" sizes="(min-width: 1024px) 760px, calc(100vw - 4rem)"` : '';
  const main = ours && widths.length > 0 ? `${src}?w=${widths.at(-1)}` : src;
  const title = token.attrGet('title');
  const titleText = title === null ? '' : String(title);
  return `<img src="${md.utils.escapeHtml(main)}"${srcset} alt="${alt}"${size}${titleText ? ` title="${md.utils.escapeHtml(titleText)}"` : ''} loading="lazy" decoding="async" class="case-study-picture">`;
};

/** Renders the body. `pictures` are the project's own, by address. */
export function renderCaseStudy(markdown: string, pictures: readonly CaseStudyPicture[] = []): RenderedCaseStudy {
  const env: Env = {
    pictures: new Map(pictures.map((picture) => [picture.url, picture])),
    headings: [],
    markdownItAnchor: { slugs: Object.fromEntries(PAGE_IDS.map((id) => [id, true])) },
  };
  const html = md.render(markdown, env);
  const words = countWords(plainText(markdown));
  return {
    html,
    headings: env.headings,
    words,
    readingMinutes: words === 0 ? 0 : Math.max(1, Math.round(words / CASE_STUDY.wordsPerMinute)),
    toc: env.headings.length >= CASE_STUDY.tocMinHeadings,
  };
}

/** The words a reader reads: the text of every block, pictures by their alt text. */
export function plainText(markdown: string): string {
  const out: string[] = [];
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const token of tokens) {
      if (token.children) walk(token.children);
      else if (['text', 'code_inline', 'code_block', 'fence'].includes(token.type)) out.push(token.content);
      else if (token.type === 'image') out.push(token.content);
      else if (token.type === 'softbreak' || token.type === 'hardbreak') out.push(' ');
      if (token.block) out.push(' ');
    }
  };
  walk(md.parse(markdown, { pictures: new Map(), headings: [] }));
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** Every picture the body asks for: its address and alt text. */
export function picturesIn(markdown: string): { src: string; alt: string }[] {
  const found: { src: string; alt: string }[] = [];
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const token of tokens) {
      if (token.type === 'image') found.push({ src: String(token.attrGet('src') ?? ''), alt: token.content.trim() });
      if (token.children) walk(token.children);
    }
  };
  walk(md.parse(markdown, { pictures: new Map(), headings: [] }));
  return found;
}

/**
 * Why the body cannot be saved for this project, or null: a picture that is not one of its own, or one
 * without alt text. Shown beside the field (400 naming it).
 */
export function caseStudyProblem(markdown: string, pictures: readonly CaseStudyPicture[]): string | null {
  const known = new Set(pictures.map((picture) => picture.url));
  const asked = picturesIn(markdown);
  const depth = md.parse(markdown, { pictures: new Map(), headings: [] }).reduce((deepest, token) => Math.max(deepest, token.level), 0);
  if (depth >= MAX_SAVED_DEPTH) return `must not nest lists or quotes more than ${MAX_SAVED_DEPTH / 2} levels deep`;
  if (asked.length > CASE_STUDY.maxPictures) return `must show at most ${CASE_STUDY.maxPictures} pictures`;
  for (const { src, alt } of asked) {
    if (!known.has(src)) return `picture ${JSON.stringify(src.slice(0, 120))} is not one of this project's pictures: insert it from the list`;
    if (!alt) return `picture ${JSON.stringify(src.slice(0, 120))} needs alt text (a few words saying what it shows)`;
  }
  return null;
}

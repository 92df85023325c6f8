import { createHash } from 'node:crypto';
import { CATEGORY_LABELS, STATUS, type ProjectCategory } from '#domain/vocabulary.ts';
import { CARD_FONT_FAMILIES } from './fonts.ts';

/*
 * The share card's design as an SVG template: 1200×630 (the size Open Graph and X show large), the site's light
 * theme (src/styles/global.css), text large enough to read when an app shows the card 300 px wide. The
 * project's name is set apart (text.ts): it wraps and shrinks, which SVG text cannot do by itself.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const MARGIN = 64;

/** Where the picture (or the site's mark) goes, right, and where the title wraps, left. */
export const PICTURE_BOX = { left: 720, top: MARGIN, width: 416, height: CARD_HEIGHT - 2 * MARGIN, radius: 24 } as const;
export const TITLE_BOX = { left: MARGIN, top: 214, height: 268, width: 600 } as const;

/** The light theme's colours (global.css :root): text pairs meet 4.5:1 on the background. */
const COLOURS = {
  bg: '#f6f8fb',
  surface: '#ffffff',
  border: '#d5dde8',
  text: '#0d1526',
  muted: '#4a5568',
  accent: '#6fffe9',
  accentText: '#00736a',
  navy: '#0b1220',
};
export const TITLE_COLOUR = COLOURS.text;

/** Status colours of the light theme; any other status is grey (DESIGN: always with the word). */
const STATUS_COLOURS: Record<string, string> = { planned: '#b7791f', active: '#d92d20', completed: '#1f9d55' };
const UNKNOWN_STATUS_COLOUR = '#6b7280';

/** What a project's card shows: when none of it changes, neither does the card (or its address). */
export interface CardProject {
  name: string;
  category: string;
  status: string;
  /** An /api/images/{key} address, or null for the card without a picture. */
  imageUrl: string | null;
}

/** Bump when the design changes, so share-card addresses (?v=) change with it. */
const TEMPLATE_VERSION = '1';

/** A short fingerprint of what the card shows: the `v` of its address, so apps fetch an edited card anew. */
export function cardVersion(project: CardProject): string {
  const inputs = [TEMPLATE_VERSION, project.name, project.category, project.status, project.imageUrl ?? ''];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 12);
}

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` user-perceived characters (never half an emoji or a letter without its marks), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const graphemes = Array.from(segmenter.segment(text.replace(/\s+/g, ' ').trim()), (part) => part.segment);
  return graphemes.length <= max ? graphemes.join('') : `${graphemes.slice(0, max - 1).join('').trimEnd()}…`;
}

export function categoryLine(category: string): string {
  const label = Object.hasOwn(CATEGORY_LABELS, category)
    ? CATEGORY_LABELS[category as ProjectCategory]
    : category.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || 'General';
  return `${clip(label, 40)} Project`;
}

function statusOf(status: string): { label: string; colour: string } {
  if (Object.hasOwn(STATUS, status)) return { label: STATUS[status as keyof typeof STATUS].label, colour: STATUS_COLOURS[status]! };
  const word = clip(status || 'Planned', 24);
  return { label: word.charAt(0).toUpperCase() + word.slice(1), colour: status ? UNKNOWN_STATUS_COLOUR : STATUS_COLOURS.planned! };
}

/** The site's mark (public/logo.svg), drawn at `size` pixels from (x, y). */
function logo(x: number, y: number, size: number): string {
  const scale = size / 64;
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <rect width="64" height="64" rx="16" fill="${COLOURS.navy}"/>
    <path d="M22 20 L12 32 L22 44" fill="none" stroke="url(#mark)" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M42 20 L52 32 L42 44" fill="none" stroke="url(#mark)" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="32" cy="32" r="6" fill="${COLOURS.accent}"/>
  </g>`;
}

/**
 * The design's rings of mint in the top corner, in flat colours: a soft gradient over the whole card took most
 * of a card's time to draw and to compress as PNG.
 */
const rings = () => `<circle cx="${CARD_WIDTH}" cy="0" r="360" fill="#e6fcf8"/>
  <circle cx="${CARD_WIDTH}" cy="0" r="240" fill="#cff8f1"/>
  <circle cx="${CARD_WIDTH}" cy="0" r="120" fill="#b3f5ea"/>`;

const DEFS = `<defs>
    <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6fffe9"/><stop offset="1" stop-color="#3a86ff"/></linearGradient>
  </defs>`;

/** The top line every card has: the mark and the site's name. */
function siteLine(): string {
  return `${logo(MARGIN, MARGIN, 64)}
  <text x="${MARGIN + 84}" y="${MARGIN + 43}" font-family="${CARD_FONT_FAMILIES}" font-size="32" font-weight="700" fill="${COLOURS.text}">Creative Technologist</text>`;
}

/** The panel standing in for a picture: the mark large on the dark surface, with the design's rings. */
function markPanel(): string {
  const { left, top, width, height, radius } = PICTURE_BOX;
  const cx = left + width / 2;
  const cy = top + height / 2;
  return `<rect x="${left}" y="${top}" width="${width}" height="${height}" rx="${radius}" fill="${COLOURS.navy}"/>
  <g fill="none" stroke="${COLOURS.accent}" stroke-opacity="0.22" stroke-width="2">
    <circle cx="${cx}" cy="${cy}" r="120"/><circle cx="${cx}" cy="${cy}" r="170"/>
  </g>
  ${logo(cx - 80, cy - 80, 160)}`;
}

/** The card's background, labels and picture frame as SVG; the title and picture are laid over it (render.ts). */
export function projectCardSvg(project: CardProject, host: string, hasPicture: boolean): string {
  const status = statusOf(project.status);
  const pillWidth = 72 + status.label.length * 17;
  const pillTop = 506;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  ${DEFS}
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.bg}"/>
  ${rings()}
  <rect x="0" y="0" width="12" height="${CARD_HEIGHT}" fill="${COLOURS.accent}"/>
  ${siteLine()}
  <text x="${MARGIN}" y="190" font-family="${CARD_FONT_FAMILIES}" font-size="30" font-weight="700" fill="${COLOURS.accentText}">${escapeXml(categoryLine(project.category))}</text>
  <rect x="${MARGIN}" y="${pillTop}" width="${pillWidth}" height="56" rx="28" fill="${COLOURS.surface}" stroke="${COLOURS.border}" stroke-width="2"/>
  <circle cx="${MARGIN + 32}" cy="${pillTop + 28}" r="10" fill="${status.colour}"/>
  <text x="${MARGIN + 54}" y="${pillTop + 38}" font-family="${CARD_FONT_FAMILIES}" font-size="28" font-weight="700" fill="${COLOURS.text}">${escapeXml(status.label)}</text>
  <text x="${MARGIN + pillWidth + 24}" y="${pillTop + 38}" font-family="${CARD_FONT_FAMILIES}" font-size="26" fill="${COLOURS.muted}">${escapeXml(clip(host, 32))}</text>
  ${hasPicture ? `<rect x="${PICTURE_BOX.left - 2}" y="${PICTURE_BOX.top - 2}" width="${PICTURE_BOX.width + 4}" height="${PICTURE_BOX.height + 4}" rx="${PICTURE_BOX.radius + 2}" fill="${COLOURS.border}"/>` : markPanel()}
</svg>`;
}

/** The site's own card (the landing, the lists, every page without one of its own). */
export function siteCardSvg(host: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  ${DEFS}
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.bg}"/>
  ${rings()}
  <rect x="0" y="0" width="12" height="${CARD_HEIGHT}" fill="${COLOURS.accent}"/>
  ${logo(MARGIN, 150, 120)}
  <text x="${MARGIN}" y="360" font-family="${CARD_FONT_FAMILIES}" font-size="80" font-weight="700" fill="${COLOURS.text}">Creative Technologist</text>
  <text x="${MARGIN}" y="430" font-family="${CARD_FONT_FAMILIES}" font-size="40" font-weight="700" fill="${COLOURS.accentText}">Ideas. Tempered by AI.</text>
  <text x="${MARGIN}" y="540" font-family="${CARD_FONT_FAMILIES}" font-size="30" fill="${COLOURS.muted}">Portfolio and case studies · ${escapeXml(clip(host, 32))}</text>
</svg>`;
}

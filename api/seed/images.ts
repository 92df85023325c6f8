import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSharp, type EncodedVariant } from '../services/image-encoding.ts';
import type { Motif } from './data.ts';

/*
 * Demo artwork, drawn here as SVG and never fetched: an ink-navy gradient, a soft glow in the
 * item's accent, and one geometric motif in the accent and the site's mint. No text, so nothing
 * depends on the host's fonts and no words hide inside pictures. The same seed string always
 * gives the same picture.
 */

const INK = '#0b132b';
const NAVY = '#1c2541';
const SLATE = '#3a506b';
const MINT = '#6fffe9';

export const COVER_SIZE = { width: 1600, height: 1000 };
export const GALLERY_SIZE = { width: 1200, height: 800 };
export const PLAYLIST_SIZE = { width: 640, height: 640 };

/** A small deterministic random source (mulberry32) seeded from a string. */
function random(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function motifShapes(motif: Motif, w: number, h: number, accent: string, rand: () => number): string {
  const cx = w * (0.55 + rand() * 0.2);
  const cy = h * (0.35 + rand() * 0.3);
  const unit = Math.min(w, h);
  const parts: string[] = [];
  switch (motif) {
    case 'orbits': {
      for (let i = 1; i <= 6; i++) {
        const rx = unit * 0.08 * i;
        const ry = rx * (0.55 + rand() * 0.1);
        const angle = r1(-20 + rand() * 10);
        parts.push(`<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" transform="rotate(${angle} ${r1(cx)} ${r1(cy)})" fill="none" stroke="${i % 2 ? MINT : accent}" stroke-opacity="${r1(0.25 + i * 0.08)}" stroke-width="2"/>`);
        const t = rand() * Math.PI * 2;
        const px = cx + rx * Math.cos(t);
        const py = cy + ry * Math.sin(t);
        parts.push(`<circle cx="${r1(px)}" cy="${r1(py)}" r="${r1(unit * (0.008 + rand() * 0.014))}" fill="${i % 2 ? accent : MINT}" transform="rotate(${angle} ${r1(cx)} ${r1(cy)})"/>`);
      }
      parts.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(unit * 0.045)}" fill="url(#accent)"/>`);
      break;
    }
    case 'grid': {
      const step = unit / 10;
      for (let x = step; x < w; x += step) {
        for (let y = step; y < h; y += step) {
          const roll = rand();
          if (roll > 0.82) {
            const size = step * 0.7;
            parts.push(`<rect x="${r1(x - size / 2)}" y="${r1(y - size / 2)}" width="${r1(size)}" height="${r1(size)}" rx="${r1(size * 0.22)}" fill="${roll > 0.93 ? MINT : accent}" fill-opacity="${r1(0.35 + rand() * 0.6)}"/>`);
          } else {
            parts.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(unit * 0.004)}" fill="${SLATE}"/>`);
          }
        }
      }
      break;
    }
    case 'waves': {
      for (let i = 0; i < 9; i++) {
        const base = h * (0.25 + i * 0.07);
        const amp = h * (0.03 + rand() * 0.06);
        const freq = 1.5 + rand() * 1.5;
        const phase = rand() * Math.PI * 2;
        const points: string[] = [];
        for (let x = 0; x <= w; x += w / 48) {
          points.push(`${r1(x)},${r1(base + amp * Math.sin((x / w) * Math.PI * 2 * freq + phase))}`);
        }
        parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="url(#stroke)" stroke-opacity="${r1(0.3 + i * 0.07)}" stroke-width="${r1(2 + i * 0.4)}" stroke-linecap="round"/>`);
      }
      break;
    }
    case 'blocks': {
      for (let i = 0; i < 7; i++) {
        const bw = unit * (0.15 + rand() * 0.3);
        const bh = unit * (0.1 + rand() * 0.25);
        const x = w * (0.3 + rand() * 0.55) - bw / 2;
        const y = h * (0.15 + rand() * 0.6) - bh / 2;
        const fill = i % 3 === 0 ? MINT : i % 3 === 1 ? accent : SLATE;
        parts.push(`<rect x="${r1(x)}" y="${r1(y)}" width="${r1(bw)}" height="${r1(bh)}" rx="${r1(unit * 0.02)}" fill="${fill}" fill-opacity="${r1(0.25 + rand() * 0.5)}"/>`);
      }
      parts.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(unit * 0.12)}" fill="none" stroke="${MINT}" stroke-width="3"/>`);
      break;
    }
    case 'bloom': {
      const petals = 10 + Math.floor(rand() * 6);
      for (let i = 0; i < petals; i++) {
        const angle = r1((360 / petals) * i);
        const length = unit * (0.18 + rand() * 0.08);
        parts.push(`<ellipse cx="${r1(cx)}" cy="${r1(cy - length / 2)}" rx="${r1(length * 0.18)}" ry="${r1(length / 2)}" transform="rotate(${angle} ${r1(cx)} ${r1(cy)})" fill="${i % 2 ? accent : MINT}" fill-opacity="${r1(0.18 + rand() * 0.2)}" stroke="${i % 2 ? accent : MINT}" stroke-opacity="0.6" stroke-width="1.5"/>`);
      }
      parts.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(unit * 0.035)}" fill="${INK}" stroke="${MINT}" stroke-width="3"/>`);
      break;
    }
    case 'bars': {
      const count = 18;
      const gap = w * 0.012;
      const left = w * 0.38;
      const barWidth = (w * 0.56 - gap * (count - 1)) / count;
      for (let i = 0; i < count; i++) {
        const height = h * (0.12 + 0.55 * Math.abs(Math.sin(i * 0.45 + rand() * 0.6)));
        const x = left + i * (barWidth + gap);
        parts.push(`<rect x="${r1(x)}" y="${r1(h * 0.82 - height)}" width="${r1(barWidth)}" height="${r1(height)}" rx="${r1(barWidth / 2)}" fill="url(#bar)" fill-opacity="${r1(0.55 + rand() * 0.45)}"/>`);
      }
      parts.push(`<line x1="${r1(left)}" y1="${r1(h * 0.86)}" x2="${r1(w * 0.94)}" y2="${r1(h * 0.86)}" stroke="${SLATE}" stroke-width="2"/>`);
      break;
    }
  }
  return parts.join('');
}

/** An abstract picture: ink-navy gradient, accent glow, one motif. */
export function artworkSvg(options: { seed: string; accent: string; motif: Motif; width: number; height: number }): string {
  const { seed, accent, motif, width: w, height: h } = options;
  const rand = random(seed);
  const glowX = r1(20 + rand() * 60);
  const glowY = r1(20 + rand() * 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${INK}"/></linearGradient>
<radialGradient id="glow" cx="${glowX}%" cy="${glowY}%" r="60%"><stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
<radialGradient id="accent"><stop offset="0" stop-color="${MINT}"/><stop offset="1" stop-color="${accent}"/></radialGradient>
<linearGradient id="stroke" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${MINT}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
<linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${MINT}"/><stop offset="1" stop-color="${accent}"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<rect width="${w}" height="${h}" fill="url(#glow)"/>
${motifShapes(motif, w, h, accent, rand)}
<rect x="1" y="1" width="${w - 2}" height="${h - 2}" fill="none" stroke="${SLATE}" stroke-opacity="0.5" stroke-width="2"/>
</svg>`;
}

/** Renders an SVG to PNG bytes (fast, light compression: encodeImage re-encodes to WebP anyway). */
export async function renderSvg(svg: string): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** One demo picture to draw: the same seed string always gives the same picture. */
export interface Artwork {
  seed: string;
  accent: string;
  motif: Motif;
  size: { width: number; height: number };
}

/** The child's module: beside this file in the sources; from the checkout (or the image's copy) in the built server. */
const drawer = (): string => {
  const beside = fileURLToPath(new URL('./draw-artworks.ts', import.meta.url));
  return existsSync(beside) ? beside : resolve('api/seed/draw-artworks.ts');
};

/**
 * Draws, renders and encodes the pictures in a child process (./draw-artworks.ts) and returns each one's
 * encoded variants, in order. sharp's threads leave several hundred MB of memory behind in the process
 * that ran them (libvips' buffers, the allocator's per-thread arenas); the server that seeds at its
 * first start never gets it back, the child returns it by exiting.
 */
export function drawArtworks(artworks: Artwork[]): Promise<EncodedVariant[][]> {
  return new Promise((done, failed) => {
    // No flags of ours (--import hooks, the test server's module log) in the child; advanced serialization sends the bytes as they are.
    const child = fork(drawer(), [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer: { pictures?: EncodedVariant[][]; error?: string } | undefined;
    child.once('message', (message) => (answer = message as typeof answer));
    child.once('error', failed);
    child.once('exit', (code) => {
      if (answer?.pictures) done(answer.pictures.map((variants) => variants.map((variant) => ({ ...variant, data: Buffer.from(variant.data.buffer, variant.data.byteOffset, variant.data.byteLength) }))));
      else failed(new Error(`Drawing the demo pictures failed: ${answer?.error ?? `the drawing process exited with code ${code}`}`));
    });
    child.send(artworks);
  });
}

import { IMAGE_WIDTHS } from './image-widths.ts';

/*
 * Decoding and encoding of stored images (sharp only, no database): uploads run it in the server, the demo
 * seed in a child process of its own (api/seed/draw-artworks.ts), so libvips' memory leaves with that process.
 * Every image is decoded and re-encoded as WebP: what we serve is always pixels we produced, never the
 * uploaded file (no EXIF location, no polyglot files), and responsive variants let a phone fetch 480 px
 * instead of 2560 px.
 */

/**
 * sharp, loaded on the first picture this process decodes or encodes: libvips and its threads add memory to a
 * process that loads it (docs/performance.md), and a server mostly serves stored pictures (the demo's are drawn in
 * a child).
 */
type SharpFunction = (typeof import('sharp'))['default'];
let loadingSharp: Promise<SharpFunction> | undefined;
export function loadSharp(): Promise<SharpFunction> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Every stored picture is new (an upload, or a demo image drawn once): libvips' operation cache, up to
    // 50 MB by default, would never be hit and only keeps the server's memory up after the seed.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/** Longest side of the stored full image: sharp on a retina screen, yet a few hundred KB as WebP. */
export const MAX_SIDE = 2560;

/** Decompression-bomb guard: a 10 MB file may still claim 100k x 100k pixels. 40 MP covers any camera photo. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Raster formats we accept. SVG is refused: it is a document that can reference other files, not pixels. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * WebP quality 80: visually clean photos and flat artwork at a fraction of the PNG size.
 * Effort 2 (of 0-6): much less CPU than the default 4 for files barely larger (docs/performance.md).
 */
const WEBP = { quality: 80, effort: 2 };

/** An upload sharp will not store; `status` is the HTTP answer (413 too many pixels, 415 not an image). */
export class ImageRejected extends Error {
  readonly status: 413 | 415;
  constructor(status: 413 | 415, message: string) {
    super(message);
    this.name = 'ImageRejected';
    this.status = status;
  }
}

function rejection(error: unknown): ImageRejected {
  if (error instanceof ImageRejected) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ImageRejected(413, `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
  }
  return new ImageRejected(415, 'The file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF).');
}

/** One encoded picture: the full image (variant 0) or a narrower variant (its width). */
export interface EncodedVariant {
  variant: number;
  contentType: 'image/webp';
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decodes, orients, downsizes and re-encodes `input`: the full image and its narrower variants. */
export async function encodeImage(input: Uint8Array): Promise<EncodedVariant[]> {
  const variants: EncodedVariant[] = [];
  const sharp = await loadSharp();
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await source.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw rejection(null);
    // Decode once to raw pixels (EXIF orientation applied, metadata dropped); every output is encoded from them.
    const { data, info } = await source
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = async (variant: number, width?: number) => {
      const pipeline = sharp(data, raw);
      if (width) pipeline.resize({ width });
      const out = await pipeline.webp(WEBP).toBuffer({ resolveWithObject: true });
      variants.push({ variant, contentType: 'image/webp', width: out.info.width, height: out.info.height, data: out.data });
    };
    await Promise.all([encode(0), ...IMAGE_WIDTHS.filter((width) => width < info.width).map((width) => encode(width, width))]);
  } catch (error) {
    throw rejection(error);
  }
  return variants;
}

import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { images } from '../db/schema.ts';
import { IMAGE_WIDTHS } from './image-widths.ts';

/*
 * The image store shared by uploads and the seed. Every image is decoded and re-encoded as WebP:
 * what we serve is always pixels we produced, never the uploaded file (no EXIF location, no
 * polyglot files), and responsive variants let a phone fetch 480 px instead of 2560 px.
 */

// Every stored picture is new (an upload, or a demo image drawn once): libvips' operation cache, up to
// 50 MB by default, would never be hit and only keeps the server's memory up after the seed.
sharp.cache(false);

export { IMAGE_WIDTHS };

/** Longest side of the stored full image: sharp on a retina screen, yet a few hundred KB as WebP. */
export const MAX_SIDE = 2560;

/** Decompression-bomb guard: a 10 MB file may still claim 100k x 100k pixels. 40 MP covers any camera photo. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Raster formats we accept. SVG is refused: it is a document that can reference other files, not pixels. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * WebP quality 80: visually clean photos and flat artwork at a fraction of the PNG size.
 * Effort 2 (of 0-6) takes half the CPU of the default 4 for files about 2% larger.
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

export type StoredImage = typeof images.$inferSelect;

function rejection(error: unknown): ImageRejected {
  if (error instanceof ImageRejected) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ImageRejected(413, `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
  }
  return new ImageRejected(415, 'The file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF).');
}

/** Decodes, orients, downsizes and re-encodes `input`; stores the full image and its variants under a new key. */
export async function storeImage(db: Db, input: Uint8Array): Promise<{ key: string; imageUrl: string }> {
  type Row = typeof images.$inferInsert;
  const rows: Omit<Row, 'key'>[] = [];
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
      rows.push({ variant, contentType: 'image/webp', width: out.info.width, height: out.info.height, data: out.data });
    };
    await Promise.all([encode(0), ...IMAGE_WIDTHS.filter((width) => width < info.width).map((width) => encode(width, width))]);
  } catch (error) {
    throw rejection(error);
  }
  const key = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
  await db.insert(images).values(rows.map((row) => ({ ...row, key })));
  return { key, imageUrl: `/api/images/${key}` };
}

/**
 * The smallest stored variant at least `width` pixels wide, else the full image; null when the key
 * is unknown. Without a width, the full image.
 */
export async function readImage(db: Db, key: string, width?: number): Promise<StoredImage | null> {
  const wanted = width !== undefined && Number.isFinite(width) && width > 0 ? width : undefined;
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.key, key), wanted === undefined ? eq(images.variant, 0) : or(eq(images.variant, 0), gte(images.width, wanted))))
    // Variants before the full image, narrowest first.
    .orderBy(sql`${images.variant} = 0`, asc(images.width))
    .limit(1);
  return row ?? null;
}

const OUR_IMAGE = /^\/api\/images\/[a-z0-9]+$/;

/** A `srcset` for one of our images ("/api/images/k?w=480 480w, ..."); undefined for any other address. */
export function imageSrcset(imageUrl: string, widths: readonly number[] = IMAGE_WIDTHS): string | undefined {
  if (!OUR_IMAGE.test(imageUrl) || widths.length === 0) return undefined;
  return widths.map((width) => `${imageUrl}?w=${width} ${width}w`).join(', ');
}

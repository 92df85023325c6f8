// The image store shared by uploads and the seed; decoding and encoding (sharp) is in ./image-encoding.ts.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { images } from '../db/schema.ts';
import { encodeImage, type EncodedVariant } from './image-encoding.ts';
import { IMAGE_WIDTHS } from './image-widths.ts';

export { IMAGE_WIDTHS };
export { ImageRejected, MAX_SIDE } from './image-encoding.ts';

export type StoredImage = typeof images.$inferSelect;

/** Decodes, orients, downsizes and re-encodes `input`; stores the full image and its variants under a new key. */
export async function storeImage(db: Db, input: Uint8Array): Promise<{ key: string; imageUrl: string }> {
  return saveEncodedImage(db, await encodeImage(input));
}

/** Stores already encoded variants (encodeImage) under a new key. */
export async function saveEncodedImage(db: Db, variants: EncodedVariant[]): Promise<{ key: string; imageUrl: string }> {
  const key = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
  await db.insert(images).values(variants.map((variant) => ({ ...variant, key })));
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

/*
 * Keeps an upload small enough to send. Vercel refuses request bodies over 4.5 MB, while SPEC lets
 * the owner pick images up to 10 MB (and phones take larger ones). A file that is too big, or in a
 * format the server does not read (HEIC from an iPhone, BMP), is decoded in the browser and
 * re-encoded, smaller if need be. The server re-encodes everything anyway (api/services/images.ts),
 * so nothing is lost that would have been kept.
 */

/** Under Vercel's 4.5 MB request limit, with room for the multipart envelope. */
export const UPLOAD_BUDGET_BYTES = 4 * 1024 * 1024;

/** The server keeps at most this many pixels on the longest side (MAX_SIDE in api/services/images.ts). */
export const MAX_SIDE_PX = 2560;

/** What the server accepts as it is (api/services/uploads.ts). */
const SERVER_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** Tried in turn until the result fits the budget: each one smaller than the one before. */
export const ENCODE_ATTEMPTS: readonly { maxSide: number; quality: number }[] = [
  { maxSide: MAX_SIDE_PX, quality: 0.85 },
  { maxSide: MAX_SIDE_PX, quality: 0.7 },
  { maxSide: 1920, quality: 0.7 },
  { maxSide: 1280, quality: 0.65 },
  { maxSide: 960, quality: 0.6 },
];

/** The browser could not decode the file (SPEC §8 'Failed to read file'). */
export class ImageReadError extends Error {
  constructor(cause?: unknown) {
    super('Failed to read file', { cause });
    this.name = 'ImageReadError';
  }
}

/** A file is sent untouched when it fits the budget and the server reads its format. */
export function needsDownscale(file: { size: number; type: string }): boolean {
  return file.size > UPLOAD_BUDGET_BYTES || !SERVER_TYPES.has(file.type);
}

/** The size that fits within `maxSide` on the longest side, keeping the aspect ratio; never enlarged. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file itself, or a re-encoded copy under the budget. */
export async function downscaleImage(file: File): Promise<Blob> {
  if (!needsDownscale(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (error) {
    throw new ImageReadError(error);
  }
  try {
    for (const attempt of ENCODE_ATTEMPTS) {
      const blob = await encode(bitmap, fitWithin(bitmap.width, bitmap.height, attempt.maxSide), attempt.quality);
      if (blob.size <= UPLOAD_BUDGET_BYTES) return blob;
    }
  } finally {
    bitmap.close();
  }
  throw new ImageReadError('The image stays too large even when reduced.');
}

async function encode(bitmap: ImageBitmap, size: { width: number; height: number }, quality: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageReadError('No 2D canvas');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  const toBlob = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  // WebP keeps transparency; a browser that cannot encode it answers PNG, so fall back to JPEG then.
  const webp = await toBlob('image/webp');
  if (webp && webp.type === 'image/webp') return webp;
  const jpeg = await toBlob('image/jpeg');
  if (!jpeg) throw new ImageReadError('The canvas could not be encoded');
  return jpeg;
}

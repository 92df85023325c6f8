import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/client.ts';
import { ImageRejected, storeImage } from './images.ts';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '#domain/vocabulary.ts';

export { MAX_UPLOAD_BYTES };

/** What we take from a client, by its bytes (never its name or declared type): SVG and HTML are documents, not pictures. */
export const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** Checks an uploaded file by its content, then stores it through the image pipeline. */
export async function acceptUpload(db: Db, bytes: Uint8Array): Promise<{ key: string; imageUrl: string }> {
  if (bytes.byteLength === 0) throw new ImageRejected(415, 'The file is empty.');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ImageRejected(413, `Please select an image smaller than ${MAX_UPLOAD_LABEL}.`);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new ImageRejected(415, 'Only PNG, JPEG, WebP, GIF or AVIF images are accepted.');
  }
  return storeImage(db, bytes);
}

/** A `data:image/...;base64,` URL's bytes, or null when the text is not one. */
export function decodeDataUrl(value: string): Uint8Array | null {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]*)$/i.exec(value);
  if (!match) return null;
  return new Uint8Array(Buffer.from(match[1]!, 'base64'));
}

import { apiUpload } from './api-client.ts';
import { downscaleImage } from './downscale-image.ts';
import { MAX_UPLOAD_LABEL } from '#domain/vocabulary.ts';

/** SPEC §8: a non-ok upload call raises 'Upload failed'. */
export class UploadFailed extends Error {
  constructor(cause: unknown) {
    super('Upload failed', { cause });
    this.name = 'UploadFailed';
  }
}

/** The toast for a file that may not be sent (SPEC §8), or null when it may. */
export function imageFileProblem(file: { type: string; size: number }, maxBytes = Infinity): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: 'Please select an image file.' };
  if (file.size > maxBytes) return { title: 'File too large', description: `Please select an image smaller than ${MAX_UPLOAD_LABEL}.` };
  return null;
}

/** SPEC §3: a gallery upload is titled after its file name without the extension. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim();
  return (base || 'Untitled image').slice(0, 120);
}

/**
 * Sends an image to POST /api/upload-image (downscaled first when needed) and answers its address.
 * Throws ImageReadError when the browser cannot read the file, UploadFailed when the call fails.
 */
export async function uploadImage(file: File): Promise<string> {
  const body = await downscaleImage(file);
  const form = new FormData();
  form.append('image', body, file.name || 'image');
  try {
    const { imageUrl } = await apiUpload<{ imageUrl: string }>('/api/upload-image', form);
    return imageUrl;
  } catch (error) {
    throw new UploadFailed(error);
  }
}

import { imageSweepSwitch } from '#domain/shapes.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { sweepOrphanedImages } from '../services/image-sweep.ts';
import { ImageRejected, readImage } from '../services/images.ts';
import { acceptUpload, MAX_UPLOAD_BYTES } from '../services/uploads.ts';
import { readFormData, readJson } from './body.ts';
import type { Handler } from './context.ts';
import { HttpError, badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

/** Room for the multipart envelope around a 10 MB file. */
const MULTIPART_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/** POST /api/upload-image: multipart field `image` → `{ imageUrl }`. */
export const uploadImageRoute: Handler = ({ locals, request }) =>
  handle(async () => {
    requireAdmin(locals.user);
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '')) throw new HttpError(415, 'Send the image as multipart/form-data.');
    // Refused from the declared length, or while streaming, before the whole body is held in memory.
    const form = await readFormData(request, MULTIPART_LIMIT).catch((error) => {
      if (error instanceof HttpError && error.status === 413) throw new HttpError(413, 'Please select an image smaller than 10MB.', 'image');
      if (error instanceof HttpError && error.status === 400) throw badRequest('image: the form data could not be read', 'image');
      throw error;
    });
    const file = form.get('image');
    if (!(file instanceof Blob)) throw badRequest('image: is required', 'image');
    try {
      const { imageUrl } = await acceptUpload(db(), new Uint8Array(await file.arrayBuffer()));
      return json({ imageUrl }, 201);
    } catch (error) {
      if (error instanceof ImageRejected) throw new HttpError(error.status, error.message, 'image');
      throw error;
    }
  });

/** GET /api/images/{key}?w=480: the stored pixels, cacheable forever (a key never changes content). */
export const serveImageRoute: Handler = ({ params, url }) =>
  handle(async () => {
    const key = params.key ?? '';
    if (!/^[a-z0-9]{10,64}$/.test(key)) throw notFound('Image not found.');
    const width = Number(url.searchParams.get('w') ?? '') || undefined;
    const image = await readImage(db(), key, width);
    if (!image) throw notFound('Image not found.');
    return new Response(image.data as BodyInit, {
      headers: {
        'Content-Type': image.contentType,
        'Content-Length': String(image.data.byteLength),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  });

/**
 * POST /api/test/sweep-images `{ key, hoursLater }`: one sweep pass over that image with the clock moved on.
 * Exists only with ALLOW_TEST_SWITCHES (404 otherwise), for the admin, so a test sees a day pass in a moment.
 */
export const imageSweepSwitchRoute: Handler = ({ locals, request }) =>
  handle(async () => {
    if (!config().ALLOW_TEST_SWITCHES) throw notFound('No such API endpoint.');
    requireAdmin(locals.user);
    const { key, hoursLater } = await readJson(request, imageSweepSwitch);
    return json(await sweepOrphanedImages(db(), new Date(Date.now() + hoursLater * 60 * 60 * 1000), [key]));
  });

import { galleryPaths, invalidatePaths } from '../cache/invalidation.ts';
import { db } from '../db/client.ts';
import { galleryImageCreate, galleryImageUpdate } from '#domain/shapes.ts';
import { addGalleryImage, deleteGalleryImage, listGalleryImages, updateGalleryImage } from '../services/gallery.ts';
import { findProject, parseId } from '../services/projects.ts';
import { readJson } from './body.ts';
import type { Handler, RequestContext } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json, noContent } from './respond.ts';

/*
 * /api/projects/{id}/gallery and /api/projects/{id}/gallery/{imageId}: anyone may read a gallery,
 * only the owner changes it. The picture itself is uploaded first (POST /api/upload-image); these
 * calls only record where it is and what it is called.
 */

/**
 * A new picture needs a title and its address; the rest has defaults (SPEC §3): an empty description,
 * uncategorized, placed last (order = count + 1). Otherwise the same rules as galleryImageCreate.
 */
export const galleryImageAdd = galleryImageCreate.partial({ description: true, category: true, order: true });

function ids(context: RequestContext): { projectId: number; imageId: number | null } {
  const projectId = parseId(context.params.id);
  if (projectId === null) throw badRequest('id: must be a positive whole number', 'id');
  if (context.params.imageId === undefined) return { projectId, imageId: null };
  const imageId = parseId(context.params.imageId);
  if (imageId === null) throw badRequest('imageId: must be a positive whole number', 'imageId');
  return { projectId, imageId };
}

async function requireProject(projectId: number): Promise<void> {
  if (!(await findProject(db(), projectId))) throw notFound('Project not found.');
}

/** Pictures are stored through /api/upload-image, never as data: URLs inside a gallery row. */
function refuseDataUrl(imageUrl: string | undefined): void {
  if (imageUrl?.startsWith('data:')) throw badRequest('imageUrl: upload the file to /api/upload-image first', 'imageUrl');
}

export const listGalleryRoute: Handler = (context) =>
  handle(async () => {
    const { projectId } = ids(context);
    await requireProject(projectId);
    return json(await listGalleryImages(db(), projectId));
  });

export const createGalleryImageRoute: Handler = (context) =>
  handle(async () => {
    requireAdmin(context.locals.user);
    const { projectId } = ids(context);
    const values = await readJson(context.request, galleryImageAdd);
    refuseDataUrl(values.imageUrl);
    await requireProject(projectId);
    const image = await addGalleryImage(db(), projectId, values);
    await invalidatePaths(galleryPaths(projectId));
    return json(image, 201);
  });

export const updateGalleryImageRoute: Handler = (context) =>
  handle(async () => {
    requireAdmin(context.locals.user);
    const { projectId, imageId } = ids(context);
    const values = await readJson(context.request, galleryImageUpdate);
    refuseDataUrl(values.imageUrl);
    const image = await updateGalleryImage(db(), projectId, imageId!, values);
    if (!image) throw notFound('Gallery image not found.');
    await invalidatePaths(galleryPaths(projectId));
    return json(image);
  });

export const deleteGalleryImageRoute: Handler = (context) =>
  handle(async () => {
    requireAdmin(context.locals.user);
    const { projectId, imageId } = ids(context);
    if (!(await deleteGalleryImage(db(), projectId, imageId!))) throw notFound('Gallery image not found.');
    await invalidatePaths(galleryPaths(projectId));
    return noContent();
  });

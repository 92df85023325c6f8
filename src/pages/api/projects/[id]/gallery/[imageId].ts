export { deleteGalleryImageRoute as DELETE, updateGalleryImageRoute as PATCH } from '#api/http/gallery-routes.ts';

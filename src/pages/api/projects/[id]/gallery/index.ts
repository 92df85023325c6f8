export { createGalleryImageRoute as POST, listGalleryRoute as GET } from '#api/http/gallery-routes.ts';

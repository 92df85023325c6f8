export { uploadImageRoute as POST } from '#api/http/image-routes.ts';

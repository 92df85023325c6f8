export { serveImageRoute as GET } from '#api/http/image-routes.ts';

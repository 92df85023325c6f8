export { projectCardRoute as GET } from '#api/http/share-card-routes.ts';

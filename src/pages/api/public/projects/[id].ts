export { getPublicProjectRoute as GET } from '#api/http/project-routes.ts';

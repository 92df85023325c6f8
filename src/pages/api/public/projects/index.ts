export { listPublicProjectsRoute as GET } from '#api/http/project-routes.ts';

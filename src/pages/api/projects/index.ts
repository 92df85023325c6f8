export { createProjectRoute as POST, listProjectsRoute as GET } from '#api/http/project-routes.ts';

export {
  deleteProjectRoute as DELETE,
  getProjectRoute as GET,
  updateProjectRoute as PATCH,
} from '#api/http/project-routes.ts';

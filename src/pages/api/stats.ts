export { statsRoute as GET } from '#api/http/dashboard-routes.ts';

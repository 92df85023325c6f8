export { currentUserRoute as GET } from '#api/http/auth-routes.ts';

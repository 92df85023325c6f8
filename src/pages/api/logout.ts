export { logoutRoute as GET } from '#api/http/auth-routes.ts';

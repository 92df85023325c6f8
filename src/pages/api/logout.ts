export { logoutRoute as GET, logoutPostRoute as POST } from '#api/http/auth-routes.ts';

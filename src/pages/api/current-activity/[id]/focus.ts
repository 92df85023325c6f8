export { makeFocusRoute as POST } from '#api/http/focus-routes.ts';

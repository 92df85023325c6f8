export { getPreferencesRoute as GET, putPreferencesRoute as PUT } from '#api/http/preferences-routes.ts';

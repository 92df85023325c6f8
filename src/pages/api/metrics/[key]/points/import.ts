export { adminPointsImport as POST } from '#api/http/metric-routes.ts';

import { metricsCollection } from '#api/http/metric-routes.ts';

export const { GET, POST } = metricsCollection;

import { metricPoints } from '#api/http/metric-routes.ts';

// POST is the bearer-token endpoint (see api/auth/bearer.ts); GET is the admin's list.
export const { GET, POST } = metricPoints;

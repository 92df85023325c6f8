import { metricItem } from '#api/http/metric-routes.ts';

export const { GET, PATCH, DELETE } = metricItem;

import { pointItem } from '#api/http/metric-routes.ts';

export const { PATCH, DELETE } = pointItem;

import { tokensCollection } from '#api/http/metric-routes.ts';

export const { GET, POST } = tokensCollection;

import { trendsRead } from '#api/http/dashboard-routes.ts';
import { recordCollection } from '#api/http/record-routes.ts';
import { trendKind } from '#api/services/record-kinds.ts';

export const { POST } = recordCollection(trendKind);
export const GET = trendsRead;

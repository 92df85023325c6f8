import { trendRead } from '#api/http/dashboard-routes.ts';
import { recordItem } from '#api/http/record-routes.ts';
import { trendKind } from '#api/services/record-kinds.ts';

export const { PATCH, DELETE } = recordItem(trendKind);
export const GET = trendRead;

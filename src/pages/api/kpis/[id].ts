import { kpiRead } from '#api/http/dashboard-routes.ts';
import { recordItem } from '#api/http/record-routes.ts';
import { kpiKind } from '#api/services/record-kinds.ts';

export const { PATCH, DELETE } = recordItem(kpiKind);
export const GET = kpiRead;

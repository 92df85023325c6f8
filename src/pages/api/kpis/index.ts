import { kpisRead } from '#api/http/dashboard-routes.ts';
import { recordCollection } from '#api/http/record-routes.ts';
import { kpiKind } from '#api/services/record-kinds.ts';

export const { POST } = recordCollection(kpiKind);
export const GET = kpisRead;

import { recordItem } from '#api/http/record-routes.ts';
import { kpiKind } from '#api/services/record-kinds.ts';

export const { GET, PATCH, DELETE } = recordItem(kpiKind);

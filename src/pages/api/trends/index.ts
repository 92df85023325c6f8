import { recordCollection } from '#api/http/record-routes.ts';
import { trendKind } from '#api/services/record-kinds.ts';

export const { GET, POST } = recordCollection(trendKind);

import { recordCollection } from '#api/http/record-routes.ts';
import { nowItemKind } from '#api/services/record-kinds.ts';

export const { GET, POST } = recordCollection(nowItemKind);

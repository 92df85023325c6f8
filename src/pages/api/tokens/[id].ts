import { tokenItem } from '#api/http/metric-routes.ts';

export const { DELETE } = tokenItem;

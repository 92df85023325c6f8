import { checkinItem } from '#api/http/checkin-routes.ts';

export const { GET, PUT } = checkinItem;

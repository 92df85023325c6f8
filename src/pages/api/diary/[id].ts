import { diaryItem } from '#api/http/diary-routes.ts';

export const { PATCH, DELETE } = diaryItem;

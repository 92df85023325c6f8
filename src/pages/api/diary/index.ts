import { diaryCollection } from '#api/http/diary-routes.ts';

export const { GET, POST } = diaryCollection;

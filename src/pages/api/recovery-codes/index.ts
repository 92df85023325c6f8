import { recoveryCodesCollection } from '#api/http/recovery-code-routes.ts';

export const { GET, POST } = recoveryCodesCollection;

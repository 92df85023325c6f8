import { passkeyItem } from '#api/http/passkey-routes.ts';

export const { DELETE } = passkeyItem;

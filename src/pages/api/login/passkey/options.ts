import { passkeySignInOptions } from '#api/http/passkey-routes.ts';

export const { POST } = passkeySignInOptions;

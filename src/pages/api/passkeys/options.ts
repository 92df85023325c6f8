import { passkeyRegistrationOptions } from '#api/http/passkey-routes.ts';

export const { POST } = passkeyRegistrationOptions;

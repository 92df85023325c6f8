import { passkeySignInRoute } from '#api/http/passkey-routes.ts';

export const { POST } = passkeySignInRoute;

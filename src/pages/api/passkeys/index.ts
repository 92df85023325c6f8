import { passkeysCollection } from '#api/http/passkey-routes.ts';

export const { GET, POST } = passkeysCollection;

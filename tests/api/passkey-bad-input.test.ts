import { beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ATTEMPTS } from '#api/auth/rate-limit.ts';
import { call, getJson } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sessionCookie, sessionCookieFrom } from '../support/sign-in.ts';

/*
 * Malformed attestation and assertion bodies are refused with 400 naming the field (never a 500), a
 * refused one changes nothing, and the sign-in door is rate-limited like the others.
 */
let admin = '';
const from = () => ({ [TEST_CLIENT_HEADER]: freshClientAddress() });
const b64 = (text: string) => Buffer.from(text).toString('base64url');

beforeAll(async () => {
  admin = await sessionCookie('admin', { fresh: true });
});

const assertion = (response: Record<string, unknown>) => ({ id: 'AAAA', rawId: 'AAAA', type: 'public-key', response, clientExtensionResults: {} });

describe('Passkey endpoints refuse malformed bodies', () => {
  const signIn = (body: unknown) => call('/api/login/passkey', { method: 'POST', body, headers: from() });

  it.each([
    ['no response at all', 'response', {}],
    ['a response that is not an object', 'response', { response: 'yes' }],
    ['an unknown field', 'extra', { response: assertion({ clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' }), extra: 1 }],
    ['a missing clientDataJSON', 'response.response.clientDataJSON', { response: assertion({ authenticatorData: 'AAAA', signature: 'AAAA' }) }],
    ['a signature that is not base64url', 'response.response.signature', { response: assertion({ clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'no spaces!' }) }],
    ['the wrong credential type', 'response.type', { response: { ...assertion({ clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' }), type: 'password' } }],
    ['clientDataJSON that is not JSON', 'response.response.clientDataJSON', { response: assertion({ clientDataJSON: b64('not json'), authenticatorData: 'AAAA', signature: 'AAAA' }) }],
    ['clientDataJSON without a challenge', 'response.response.clientDataJSON', { response: assertion({ clientDataJSON: b64('{"type":"webauthn.get"}'), authenticatorData: 'AAAA', signature: 'AAAA' }) }],
  ])('sign-in with %s: 400 naming %s', async (_case, field, body) => {
    const response = await signIn(body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.field).toBe(field);
    expect(answer.error).toContain(field);
  });

  it('sign-in with garbage authenticator data for a genuine challenge: refused with 400, no session', async () => {
    const options = await call('/api/login/passkey/options', { method: 'POST', headers: from() });
    const { challenge } = (await options.json()) as { challenge: string };
    const clientDataJSON = b64(JSON.stringify({ type: 'webauthn.get', challenge, origin: new URL(options.url).origin }));
    const response = await signIn({ response: assertion({ clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' }) });
    expect(response.status).toBe(400);
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it('registration with a malformed or forged attestation: 400, and no passkey appears', async () => {
    const before = await getJson('/api/passkeys', admin);
    const register = (body: unknown) => call('/api/passkeys', { method: 'POST', body, cookie: admin, headers: from() });
    const attestation = (response: Record<string, unknown>) => ({ id: 'AAAA', rawId: 'AAAA', type: 'public-key', response, clientExtensionResults: {} });

    const noName = await register({ name: '', response: attestation({ clientDataJSON: 'AAAA', attestationObject: 'AAAA' }) });
    expect(noName.status).toBe(400);
    expect((await noName.json()).field).toBe('name');

    const noAttestation = await register({ name: 'Key', response: attestation({ clientDataJSON: 'AAAA' }) });
    expect((await noAttestation.json()).field).toBe('response.response.attestationObject');

    const options = await call('/api/passkeys/options', { method: 'POST', cookie: admin, headers: from() });
    const { challenge } = (await options.json()) as { challenge: string };
    const clientDataJSON = b64(JSON.stringify({ type: 'webauthn.create', challenge, origin: new URL(options.url).origin }));
    const forged = await register({ name: 'Key', response: attestation({ clientDataJSON, attestationObject: b64('not cbor') }) });
    expect(forged.status).toBe(400);
    expect(await getJson('/api/passkeys', admin)).toEqual(before);
  });

  it('the sign-in door counts attempts per address like the other sign-in doors', async () => {
    const headers = from();
    let last = 0;
    for (let attempt = 0; attempt <= SIGN_IN_ATTEMPTS; attempt++) {
      last = (await call('/api/login/passkey/options', { method: 'POST', headers })).status;
    }
    expect(last).toBe(429);
    const refused = await call('/api/login/passkey', { method: 'POST', body: {}, headers });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

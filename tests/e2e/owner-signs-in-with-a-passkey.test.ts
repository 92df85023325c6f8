import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sessionCookieFrom } from '../support/sign-in.ts';
import { addAuthenticator, expectToast, forgetToast, hydrated, signedInPage, unique } from './owner-journey.ts';

/*
 * Passkeys for real: Chromium's virtual authenticator (CDP WebAuthn: CTAP2, resident keys, user
 * verification) registers a passkey on /data-management/passkeys and signs in with it on /api/login.
 * The refusals replay assertion bodies captured from that authenticator straight to the API.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let other: Server;
const passkeyName = unique('Laptop');
const address = freshClientAddress();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, 'admin', {}, { fresh: true }));
  // The browser's sign-in attempts count against an address of this file's own (see the rate limit).
  await context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: address });
  await addAuthenticator(context, page);
  // Another origin with the same host (rpID "localhost"): what a phishing page relaying assertions would be.
  other = createServer((_request, response) => response.end('<!doctype html><title>Elsewhere</title><p>Another site'));
  await new Promise<void>((listening) => other.listen(0, listening));
});
afterAll(async () => {
  await browser?.close();
  await new Promise((closed) => other?.close(closed));
});

/** An assertion from the virtual authenticator for a fresh sign-in challenge, serialized as the browser library sends it, not submitted. */
async function captureAssertion(options?: { challenge: string }): Promise<Record<string, unknown>> {
  return page.evaluate(async (given) => {
    const fromB64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
    const toB64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const options = given ?? ((await (await fetch('/api/login/passkey/options', { method: 'POST' })).json()) as { challenge: string });
    const credential = (await navigator.credentials.get({
      publicKey: { challenge: fromB64(options.challenge), rpId: 'localhost', userVerification: 'required', timeout: 60_000 },
    })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAssertionResponse;
    return {
      id: credential.id,
      rawId: toB64(credential.rawId),
      type: credential.type,
      response: {
        clientDataJSON: toB64(response.clientDataJSON),
        authenticatorData: toB64(response.authenticatorData),
        signature: toB64(response.signature),
        ...(response.userHandle ? { userHandle: toB64(response.userHandle) } : {}),
      },
      clientExtensionResults: {},
    };
  }, options ?? null);
}

/** Posts an assertion to the sign-in endpoint as the site's own page would. */
const submit = (assertion: unknown) =>
  call('/api/login/passkey', { method: 'POST', body: { response: assertion }, headers: { [TEST_CLIENT_HEADER]: address } });

// One person's story with one authenticator, in order: the passkey registered first is the one later steps use
// and the last step removes (so the steps are not shuffled).
describe('Owner signs in with a passkey', { shuffle: false }, () => {
  it('registers a named passkey in Data Management, signs out, and signs in with it from /api/login', async () => {
    await page.goto('/data-management');
    await page.getByRole('link', { name: 'Passkeys' }).click();
    await page.waitForURL('**/data-management/passkeys');
    await hydrated(page);

    // The name is required, and said so beside the field.
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect.poll(() => page.locator('[data-field-error]').textContent()).toBe('Name is required');

    await page.getByLabel('Name').fill(passkeyName);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey added');
    await expect.poll(() => page.locator('[data-list="passkeys"]').textContent()).toContain(passkeyName);

    await page.goto('/api/logout');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    await page.goto('/api/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    const user = await page.request.get('/api/auth/user');
    expect(user.status()).toBe(200);
    expect((await user.json()).email).toBe('owner@example.test');
  });

  it('refuses a replayed assertion, and an older one whose signature counter has been passed', async () => {
    await page.goto('/api/login?choose');
    const older = await captureAssertion();
    const newer = await captureAssertion();

    const first = await submit(newer);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(sessionCookieFrom(first)).not.toBeNull();

    const replay = await submit(newer);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toMatch(/already used/);

    // Its challenge is unused and its signature genuine, but the authenticator has counted past it since.
    const stale = await submit(older);
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toMatch(/counter/);
  });

  it('refuses an assertion made on another origin, even for a genuine challenge', async () => {
    const options = await call('/api/login/passkey/options', { method: 'POST', headers: { [TEST_CLIENT_HEADER]: address } });
    const { challenge } = (await options.json()) as { challenge: string };
    await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`);
    const relayed = await captureAssertion({ challenge });
    const response = await submit(relayed);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/origin/);
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it('removes the passkey after a confirmation, and its assertions are refused from then on', async () => {
    await page.goto('/api/login?choose');
    const captured = await captureAssertion();

    await page.goto('/data-management/passkeys');
    await hydrated(page);
    await forgetToast(page);
    await page.getByRole('button', { name: `Remove ${passkeyName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('[data-list="passkeys"]').textContent()).toContain(passkeyName);
    await page.getByRole('button', { name: `Remove ${passkeyName}` }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Passkey removed');
    await expect.poll(() => page.locator('main').textContent()).not.toContain(passkeyName);

    const response = await submit(captured);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/not registered/);
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.ts';
import { baseUrl, launchBrowser } from '../support/browser.ts';
import { holdScripts } from '../support/page-helpers.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress } from '../support/sign-in.ts';
import { addAuthenticator, expectToast, hydrated, makeStale, signedInPage, unique } from './owner-journey.ts';

/*
 * The way back in when every passkey is lost, on a phone-sized page: the owner adds a first passkey (Chromium's
 * virtual authenticator), is offered recovery codes, makes them and reads them off the page, signs out, and
 * signs in by typing one code into the plain form (before any script ran); the same code again is refused.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, 'admin', { width: 390, height: 844 }, { fresh: true }));
  // The browser's sign-in attempts count against an address of this file's own (see the rate limit).
  await context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: freshClientAddress() });
  await addAuthenticator(context, page);
});
afterAll(async () => {
  await browser?.close();
});

describe('Owner signs in with a recovery code', () => {
  it('makes codes after the first passkey (confirming it is them), signs out, signs in by typing one, and cannot use it twice', async () => {
    await page.goto('/data-management/passkeys');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Recovery codes' });
    await expect.poll(() => section.textContent()).toContain('You have no recovery codes.');

    // The first passkey: the offer grows insistent.
    await page.getByLabel('Name').fill(unique('Phone'));
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey added');
    await expect.poll(() => section.textContent()).toContain('Make them now, so losing your passkeys does not lock you out.');

    // Days later, as it were: a new set is a new way in, so the owner confirms it is them first (a passkey, here).
    await makeStale(context);
    await section.getByRole('button', { name: 'Make recovery codes' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    // Nothing is made until the owner presses again.
    await section.getByRole('status').filter({ hasText: 'Thank you, it’s you. Press “Make recovery codes” again.' }).waitFor();
    await section.getByRole('button', { name: 'Make recovery codes' }).click();
    const list = page.locator('[data-list="recovery-codes"] li');
    await expect.poll(() => list.count()).toBe(10);
    const codes = await list.allTextContents();
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);

    // Download keeps them as a text file, one a line.
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download .txt' }).click()]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const file = Buffer.concat(chunks).toString('utf8');
    for (const code of codes) expect(file).toContain(`\n${code}\n`);

    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => section.getByTestId('recovery-count').textContent()).toBe('10 of 10 unused');

    await page.goto('/api/logout');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // From the sign-in page, by the plain link and form; typed at once, before any script of the page ran.
    await page.goto('/api/login');
    await page.getByRole('link', { name: 'Use a recovery code' }).click();
    await page.waitForURL('**/api/login/recovery-code');
    const release = await holdScripts(page);
    await page.reload();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[2]!.toUpperCase());
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Home's own scripts are still held: its arrival is enough.
    await page.waitForURL(`${baseUrl()}/`, { waitUntil: 'commit' });
    await release();
    const user = await page.request.get('/api/auth/user');
    expect(user.status()).toBe(200);
    expect((await user.json()).email).toBe('owner@example.test');

    // The account page lists it used.
    await page.goto('/data-management/passkeys');
    await hydrated(page);
    await expect.poll(() => section.getByTestId('recovery-count').textContent()).toBe('9 of 10 unused');
    expect(await section.locator('[data-list="recovery-code-uses"] li').nth(2).textContent()).toMatch(/^Code 3: used /);

    // The same code again is refused, with a clear message and the field kept for another try.
    await page.goto('/api/logout');
    await page.goto('/api/login/recovery-code');
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[2]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('This recovery code does not work');
    expect(await page.getByRole('textbox', { name: 'Recovery code' }).getAttribute('aria-invalid')).toBe('true');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await expectNoAxeViolations(page, 'the recovery-code form with its error');
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress } from '../support/sign-in.ts';
import { unique } from './owner-journey.ts';

/*
 * The GitHub door, used as a person uses it: on the sign-in page press 'Continue with GitHub', type a username
 * and a password on GitHub's sign-in page (the local stand-in's, tests/support/github-standin.ts), come back
 * signed in, and sign out from the menu. Every request is the browser's own.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a person signs in with GitHub', () => {
  it('types an email address on GitHub’s page, comes back signed in, and signs out, on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    page.setDefaultTimeout(15_000);
    await context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: freshClientAddress() });
    const email = `${unique('gh').replace(/\W+/g, '-').toLowerCase()}@example.test`;

    await page.goto('/api/login?choose');
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();

    // GitHub's sign-in page, on its own origin.
    await page.getByRole('heading', { name: 'Sign in to GitHub' }).waitFor();
    expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl()).origin);
    await page.getByLabel('Username or email address').pressSequentially(email);
    await page.getByLabel('Password').pressSequentially('any password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin && !url.pathname.startsWith('/api/'));
    const user = await page.request.get('/api/auth/user');
    expect(user.status()).toBe(200);
    expect(await user.json()).toMatchObject({ email, role: 'viewer' });

    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Sign out' }).locator('visible=true').click();
    await page.waitForURL(`${baseUrl()}/`);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });
});

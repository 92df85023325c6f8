import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base, call } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sessionCookie } from '../support/sign-in.ts';
import { launchBrowser } from '../support/browser.ts';
import { expectToast, forgetToast, hydrated, signedInPage, unique } from './owner-journey.ts';

/*
 * The owner issues a personal access token on /data-management/tokens, sees it once, uses it from a
 * client with no cookie (as a phone shortcut would), sees its last use, then revokes it.
 */
let browser: Browser;
let admin = '';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const key = `e2e-token-${run}`;
const metricName = unique('Token metric');
const address = freshClientAddress();

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
  expect((await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name: metricName } })).status).toBe(201);
});
afterAll(async () => {
  await call(`/api/metrics/${key}`, { method: 'DELETE', cookie: admin });
  await browser?.close();
});

/** A client with a bearer token and nothing else: no cookie, no Origin. */
const push = (metric: string, token: string) =>
  fetch(new URL(`/api/metrics/${metric}/points`, base()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, [TEST_CLIENT_HEADER]: address },
    body: JSON.stringify({ value: 3, at: '2025-06-01' }),
  });

describe('the owner issues and revokes an access token', () => {
  it('creates a token limited to one metric, shows it once with a copy button, lists its last use, and revokes it', async () => {
    const { context, page } = await signedInPage(browser, 'admin', {}, { fresh: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/data-management');
    await hydrated(page);
    await page.getByRole('link', { name: 'Access tokens' }).click();
    await page.waitForURL('**/data-management/tokens');
    await hydrated(page);

    const form = page.getByRole('form', { name: 'Create token' });
    await form.getByRole('button', { name: 'Create token' }).click();
    await form.getByText('Name is required').waitFor();

    const name = unique('Phone shortcut');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Expires', { exact: true }).fill('2099-12-31');
    await form.getByRole('checkbox', { name: new RegExp(metricName) }).check();
    await form.getByRole('button', { name: 'Create token' }).click();
    await expectToast(page, 'Token created successfully!');

    const shown = page.getByRole('region', { name: `Your new token “${name}”` });
    const token = await shown.getByLabel('Token', { exact: true }).inputValue();
    expect(token).toMatch(/^pat_[a-z2-7]{32}$/);
    await forgetToast(page);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await expectToast(page, 'Token copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    const listed = page.getByRole('article', { name });
    expect((await listed.innerText()).replace(/\s+/g, ' ')).toContain(`Last used Never Expires 2099-12-31 23:59 Metrics ${key}`);

    // The token writes to its metric and only there.
    expect((await push(key, token)).status).toBe(200);
    expect((await push('steps', token)).status).toBe(403);

    // Shown once: a fresh visit lists it, with its last use, but never the token.
    await page.reload();
    await hydrated(page);
    expect(await page.content()).not.toContain(token);
    expect(await page.getByRole('article', { name }).innerText()).not.toContain('Never\nExpires');

    await page.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog.getByText(`“${name}” stops working at once`).waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Token revoked successfully!');
    await page.getByRole('article', { name }).getByText('Revoked', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: `Revoke ${name}` }).count()).toBe(0);
    expect((await push(key, token)).status).toBe(401);
    await context.close();
  });
});

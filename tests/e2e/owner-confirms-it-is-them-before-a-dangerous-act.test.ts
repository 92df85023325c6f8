import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from '../support/browser.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, ownerLinkPrintedBy } from '../support/sign-in.ts';
import { addPasskey, expectToast, hydrated, makeStale, signedInPage, unique } from './owner-journey.ts';

/*
 * Step-up in the browser (api/auth/step-up.ts): the owner's session is weeks old (the harness's stale session),
 * they type a token's name and press Create token; the page asks "Confirm it's you", they confirm (a passkey
 * right there, or the printed owner link by leaving and coming back) and find the name still typed. Removing a
 * passkey asks the same way. (Restoring an archive: owner-exports-and-restores-their-data.test.ts.)
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

describe('the owner confirms it is them before creating a token', () => {
  it('with a passkey, in a dialog, and the typed name is still there', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE, { fresh: true });
    try {
      await context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: freshClientAddress() });
      // A passkey added while the sign-in was fresh.
      await addPasskey(context, page, unique('Phone'));

      await makeStale(context);
      await page.goto('/data-management/tokens');
      await hydrated(page);
      const form = page.getByRole('form', { name: 'Create token' });
      const name = unique('Shortcut');
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByRole('button', { name: 'Create token' }).click();

      const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('To create a token, you need to have signed in within the last few minutes.');
      await dialog.getByRole('button', { name: 'Use a passkey' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await form.getByRole('status').filter({ hasText: 'Press “Create token” again.' }).waitFor();
      expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Create token');
      await form.getByRole('button', { name: 'Create token' }).click();
      await expectToast(page, 'Token created successfully!');
      await page.getByRole('region', { name: `Your new token “${name}”` }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('with the printed owner link, leaving the page and coming back to the name typed', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    try {
      await context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: freshClientAddress() });
      await page.goto('/data-management/tokens');
      await hydrated(page);
      const form = page.getByRole('form', { name: 'Create token' });
      const name = unique('Cron job');
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByRole('button', { name: 'Create token' }).click();

      const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
      await dialog.getByRole('button', { name: 'Sign in another way' }).click();
      await page.waitForURL('**/api/login?choose&return_to=*');
      await page.getByRole('heading', { name: "Confirm it's you" }).waitFor();
      const link = await ownerLinkPrintedBy(async () => {
        await page.getByRole('button', { name: 'Print a sign-in link to the console' }).click();
        await page.getByRole('status').filter({ hasText: 'A fresh sign-in link was printed' }).waitFor();
      });
      await page.goto(link);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/data-management/tokens`);
      await hydrated(page);

      expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
      await form.getByRole('button', { name: 'Create token' }).click();
      await expectToast(page, 'Token created successfully!');
      await page.getByRole('region', { name: `Your new token “${name}”` }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the owner confirms it is them before removing a passkey', () => {
  it('with that passkey, in a dialog, then removes it', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE, { fresh: true });
    try {
      await context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: freshClientAddress() });
      const name = unique('Old phone');
      await addPasskey(context, page, name);

      await makeStale(context);
      const list = page.getByRole('region', { name: /^Your passkeys/ });
      const remove = async () => {
        await list.getByRole('button', { name: `Remove ${name}` }).click();
        await page.getByRole('dialog', { name: `Remove “${name}”?` }).getByRole('button', { name: 'Remove' }).click();
      };
      await remove();
      const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('To remove a passkey, you need to have signed in within the last few minutes.');
      await dialog.getByRole('button', { name: 'Use a passkey' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Nothing was removed yet: the list says to press Remove again, and the passkey is still there.
      await list.getByRole('status').filter({ hasText: 'Thank you, it’s you. Press “Remove” again.' }).waitFor();
      await remove();
      await expectToast(page, 'Passkey removed');
      await list.getByRole('button', { name: `Remove ${name}` }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

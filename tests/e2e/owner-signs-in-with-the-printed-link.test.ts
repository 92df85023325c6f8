import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.ts';
import { baseUrl, launchBrowser, newPage } from '../support/browser.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, ownerLinkPrintedBy } from '../support/sign-in.ts';

/*
 * The owner's first door, used as a person uses it: press 'Print a sign-in link' on the sign-in page, open the
 * link the server console shows, press 'Sign in', land on the dashboard, and sign out from the menu. No request
 * here is made by hand: every one is the browser's own, with the headers it chooses (Origin, Referer, Sec-Fetch-*).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sizes = [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
];

describe('Owner signs in with the link printed to the console', () => {
  for (const size of sizes) {
    it(`prints a link, opens it and presses Sign in, on ${size.name}`, async () => {
      const { context, page } = await newPage(browser, size);
      page.setDefaultTimeout(15_000);
      // The sign-in doors are rate-limited per client address: this file's presses count as an address of their own.
      await context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: freshClientAddress() });

      await page.goto('/api/login?choose');
      const link = await ownerLinkPrintedBy(async () => {
        await page.getByRole('button', { name: 'Print a sign-in link to the console' }).click();
        await page.getByRole('status').filter({ hasText: 'A fresh sign-in link was printed' }).waitFor();
      });

      const confirmation = await page.goto(link);
      expect(confirmation?.status()).toBe(200);
      // The link's token stays on this site: no Referer leaves it, and the form's POST keeps its Origin.
      expect(confirmation?.headers()['referrer-policy']).toBe('same-origin');
      await page.getByRole('heading', { name: 'Sign in as the site owner' }).waitFor();
      await expectNoAxeViolations(page, 'the owner-link confirmation');

      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${baseUrl()}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const user = await page.request.get('/api/auth/user');
      expect(user.status()).toBe(200);
      expect((await user.json()).role).toBe('admin');

      // The link was spent: opening it again and pressing Sign in says so, on a page.
      await page.goto(link);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'This sign-in link does not work' }).waitFor();

      // Sign out as a person does: the header's control on a desktop, the menu's on a phone.
      await page.goto('/');
      if (size.width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Sign out' }).locator('visible=true').click();
      await page.waitForURL(`${baseUrl()}/`);
      expect((await page.request.get('/api/auth/user')).status()).toBe(401);
      await context.close();
    });
  }

  it('shows a page, not JSON, when a form is sent from another site', async () => {
    const { context, page } = await newPage(browser);
    // What a form on another site posting here looks like: the browser's own navigation, with a foreign Origin.
    await page.setContent(
      `<form method="post" action="${baseUrl()}/api/login/owner/redeem"><input name="token" value="x"><button>Go</button></form>`,
    );
    const [answer] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Go' }).click()]);
    expect(answer?.status()).toBe(403);
    expect(answer?.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { name: 'Request refused' }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).waitFor();
    await expectNoAxeViolations(page, 'the refusal page');
    await context.close();
  });
});

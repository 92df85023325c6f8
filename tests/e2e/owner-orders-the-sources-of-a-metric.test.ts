import type { Browser, Locator } from 'playwright-core';
import { holdScripts } from '../support/page-helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { expectToast, forgetToast, signedInPage, unique } from './owner-journey.ts';

/*
 * A metric's page says which source each day's value came from (one device per day; what a person entered
 * always counts) and takes the owner's order of preference for a tie between devices
 * (docs/decisions/014-daily-rollups-and-one-source-per-day.md). Typed on a phone before the script has run.
 */

let browser: Browser;
let admin = '';
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const key = `sources-${run}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
});
afterAll(async () => {
  await call(`/api/metrics/${key}`, { method: 'DELETE', cookie: admin });
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

const ready = (form: Locator) => expect.poll(() => form.evaluate((element) => element.hasAttribute('data-hydrating'))).toBe(false);

describe('the owner sees where each day came from and orders the sources', () => {
  it('shows a hand-entered day as counted, and saves the order typed before the script ran; a name twice is refused', async () => {
    expect((await call('/api/metrics', { method: 'POST', cookie: admin, body: { key, name: unique('Steps by source'), unit: 'steps' } })).status).toBe(201);
    expect((await call(`/api/metrics/${key}/points/import`, { method: 'POST', cookie: admin, body: [{ at: '2025-03-01', value: 1200 }] })).status).toBe(200);

    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const release = await holdScripts(page);
    await page.goto(`/data-management/metrics/${key}`, { waitUntil: 'commit' });
    const sources = page.locator('[data-section="sources"]');
    const form = page.getByRole('form', { name: 'Order of preference for sources' });
    const field = form.getByLabel('Sources, most preferred first', { exact: true });
    await field.fill('Apple Watch\niPhone');
    await form.getByRole('button', { name: 'Save order' }).click();
    expect(await field.inputValue()).toBe('Apple Watch\niPhone');
    // Rendered by the server: the day and its one source, entered by hand.
    expect((await sources.locator('[data-day="2025-03-01"]').innerText()).replace(/\s+/g, ' ')).toContain(
      'Counted: entered by hand (1 point, 1,200 steps)',
    );

    await release();
    await ready(form);
    await expectToast(page, 'Order of preference saved!');
    expect(await (await call(`/api/metrics/${key}`, { cookie: admin })).json()).toMatchObject({ sourcePriority: ['Apple Watch', 'iPhone'] });

    // The same name twice: said beside the field, nothing stored.
    await forgetToast(page);
    await field.fill('iPhone\nApple Watch\niPhone');
    await form.getByRole('button', { name: 'Save order' }).click();
    await form.getByText('must not name a source twice').waitFor();
    expect(await (await call(`/api/metrics/${key}`, { cookie: admin })).json()).toMatchObject({ sourcePriority: ['Apple Watch', 'iPhone'] });
    await context.close();
  });

  it('refuses a bad order through the API with 400 naming the field, and only for the owner', async () => {
    const refused = await call(`/api/metrics/${key}`, { method: 'PATCH', cookie: admin, body: { sourcePriority: ['ok', 'x'.repeat(81)] } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).field).toMatch(/^sourcePriority/);
    const viewer = await sessionCookie('viewer');
    expect((await call(`/api/metrics/${key}`, { method: 'PATCH', cookie: viewer, body: { sourcePriority: ['x'] } })).status).not.toBe(200);
  });
});

import type { Browser, Page } from 'playwright-core';
import { holdScripts } from '../support/page-helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { signedInPage, unique } from './owner-journey.ts';

/*
 * The owner's daily check-in on the dashboard (issue 30), as a person does it on a phone: tapping a level
 * before the page's script has run, editing it the same day, and checking in with the connection down.
 */
let browser: Browser;
let admin = '';
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
});
afterAll(async () => {
  await browser?.close();
});

/** The owner's today, as the check-in form says. */
async function today(page: Page): Promise<string> {
  return (await page.locator('[data-checkin]').getAttribute('data-day'))!;
}
const checkinOf = async (day: string) => (await call(`/api/checkins/${day}`, { cookie: admin })).json();
/** A clean slate for today, so each tap is a change. */
async function clearToday(day: string) {
  const response = await call(`/api/checkins/${day}`, { method: 'PUT', cookie: admin, body: { mood: null, energy: null, note: '', tags: [] } });
  expect(response.status).toBe(200);
}

/** The check-in's script has taken over its form (the dashboard's islands wait until they are scrolled to). */
const hydrated = (page: Page) => expect.poll(() => page.locator('[data-checkin]').getAttribute('data-hydrated')).toBe('');

describe('the owner checks in on the dashboard', () => {
  it('taps mood and energy and writes a note before the script has run, then changes the mood the same day', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/');
    const day = await today(page);
    await clearToday(day);
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const form = page.locator('[data-checkin]');
    const mood = page.getByRole('group', { name: 'Mood' });
    const energy = page.getByRole('group', { name: 'Energy' });
    await mood.getByText('Good', { exact: true }).click();
    await energy.getByText('Lively', { exact: true }).click();
    const note = unique('Walked to the <b>river</b>');
    await form.getByLabel(/^Note/).fill(note);
    await form.getByLabel(/^Tags/).fill('Outdoors, slept badly');
    await form.getByRole('button', { name: 'Save note and tags' }).click();

    await release();
    await hydrated(page);
    await expect.poll(() => checkinOf(day)).toMatchObject({ mood: 4, energy: 4, note, tags: expect.arrayContaining(['outdoors', 'slept-badly']) });
    await expect.poll(() => page.locator('#checkin-status').filter({ hasText: 'saved' }).count()).toBeGreaterThan(0);

    // Later the same day: the page shows what was saved, and one tap changes it.
    await page.reload();
    await hydrated(page);
    expect(await mood.getByRole('radio', { name: /Good/ }).isChecked()).toBe(true);
    expect(await form.getByLabel(/^Note/).inputValue()).toBe(note);
    await mood.getByText('Great', { exact: true }).click();
    await expect.poll(() => checkinOf(day)).toMatchObject({ mood: 5, energy: 4, note });
    // The server has it; the page says so once its answer has arrived.
    await expect.poll(() => page.locator('#checkin-status').textContent()).toContain('Mood “Great” saved.');
    // The note is the day's diary entry, shown as typed.
    const diary = await (await call('/api/diary', { cookie: admin })).json();
    expect(diary.filter((entry: { checkinDay: string | null }) => entry.checkinDay === day)).toMatchObject([{ content: note }]);
    await context.close();
  });

  it('checks in with the connection down: kept on the phone, said so, and sent when it returns', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/');
    const day = await today(page);
    await clearToday(day);
    await page.reload();
    await hydrated(page);
    await context.setOffline(true);
    await page.getByRole('group', { name: 'Energy' }).getByText('Drained', { exact: true }).click();
    await expect.poll(() => page.locator('#checkin-status').textContent()).toMatch(/offline.*kept on this device/i);
    expect(await checkinOf(day)).toMatchObject({ energy: null });
    expect(await page.evaluate(() => localStorage.getItem('checkin-outbox'))).toContain(day);

    await context.setOffline(false);
    await expect.poll(() => checkinOf(day)).toMatchObject({ energy: 1 });
    await expect.poll(() => page.locator('#checkin-status').textContent()).toMatch(/Back online/);
    expect(await page.evaluate(() => localStorage.getItem('checkin-outbox'))).toBeNull();
    await context.close();
  });

  it('signing out forgets a check-in still waiting on this device', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/');
    await hydrated(page);
    // A check-in kept while offline, still waiting (the connection has not come back yet).
    const user = await page.locator('[data-checkin]').getAttribute('data-user');
    await page.evaluate((owner) => localStorage.setItem('checkin-outbox', JSON.stringify({ user: owner, days: { '2019-01-01': { mood: 3 } } })), user);
    await page.getByRole('button', { name: 'Menu' }).click();
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.locator('a[href="/api/logout"]:visible').first().click()]);
    expect(await page.evaluate(() => localStorage.getItem('checkin-outbox'))).toBeNull();
    expect((await call('/api/checkins/2019-01-01', { cookie: admin })).status).toBe(404);
    await context.close();
  });

  it('shows last year\'s check-in and note on this day, and a viewer sees no check-in at all', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/');
    await expect.poll(() => page.locator('[data-on-this-day]').textContent()).toContain('First swim of the year');
    // Under the hero, before the stats.
    const order = await page.evaluate(() => {
      const checkin = document.getElementById('check-in')!;
      const stats = document.getElementById('stats')!;
      return Boolean(checkin.compareDocumentPosition(stats) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(order).toBe(true);
    await context.close();
    const viewer = await signedInPage(browser, 'viewer', PHONE);
    await viewer.page.goto('/');
    expect(await viewer.page.locator('#check-in').count()).toBe(0);
    expect(await viewer.page.content()).not.toContain('First swim of the year');
    await viewer.context.close();
  });
});

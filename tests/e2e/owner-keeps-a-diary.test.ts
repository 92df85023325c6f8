import type { Browser } from 'playwright-core';
import { holdScripts } from '../support/page-helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { signedInPage, unique } from './owner-journey.ts';

/*
 * The owner's diary (issue 30), as a person keeps it on a phone: a new entry typed before the editor's
 * script has run, found again by a word of its text (the word marked), edited, and deleted after the question.
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

type Entry = { id: number; title: string; content: string; mood: number | null; tags: string[]; day: string };
const entries = async () => (await (await call('/api/diary', { cookie: admin })).json()) as Entry[];

describe('the owner keeps a diary', () => {
  it('writes an entry before the page is ready, finds it by a word, edits it and deletes it', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/diary');
    await page.getByRole('link', { name: 'New Entry' }).click();
    await page.waitForURL(/new=1/);
    // Typed at once on a slowed phone, before the editor's script has come.
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const release = await holdScripts(page);
    await page.reload({ waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'New entry' });
    const title = unique('Heron at dawn');
    const word = `kingfisher${Date.now().toString(36)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByRole('group', { name: 'Mood' }).getByText('Good', { exact: true }).click();
    await form.getByLabel('Text').fill(`Saw a ${word} by the <b>weir</b> before work.`);
    await form.getByLabel(/^Tags/).fill('outdoors, birds');
    await form.getByRole('button', { name: 'Save entry' }).click();
    await release();
    await page.waitForURL(/done=saved/);
    expect(await page.getByRole('status').filter({ hasText: 'Entry saved.' }).count()).toBe(1);
    const saved = (await entries()).find((entry) => entry.title === title);
    expect(saved).toMatchObject({ mood: 4, tags: ['outdoors', 'birds'], content: `Saw a ${word} by the <b>weir</b> before work.` });
    // HTML in the text is shown as typed, never as markup.
    expect(await page.locator(`#entry-${saved!.id}`).innerText()).toContain('<b>weir</b>');
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Search: the database's full text, the found word marked.
    const search = page.getByRole('searchbox', { name: 'Search entries' });
    await search.fill(word.slice(0, 12));
    await search.press('Enter');
    await page.waitForURL(/q=/);
    expect(await page.locator('[data-entry] h3').allTextContents()).toEqual([title]);
    expect(await page.locator('[data-entry] mark').first().textContent()).toBe(word);
    await page.getByRole('link', { name: /^Edit “Heron at dawn/ }).click();

    const edit = page.getByRole('form', { name: 'Edit entry' });
    await edit.waitFor();
    await expect.poll(() => edit.getAttribute('data-hydrated')).toBe('');
    await edit.getByLabel('Text').fill(`Saw a ${word} again.`);
    await edit.getByRole('button', { name: 'Save entry' }).click();
    await page.waitForURL(/done=saved/);
    expect((await entries()).find((entry) => entry.id === saved!.id)?.content).toBe(`Saw a ${word} again.`);

    await page.goto(`/diary?edit=${saved!.id}`);
    const again = page.getByRole('form', { name: 'Edit entry' });
    await expect.poll(() => again.getAttribute('data-hydrated')).toBe('');
    await again.getByRole('button', { name: 'Delete entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/done=deleted/);
    expect((await entries()).some((entry) => entry.id === saved!.id)).toBe(false);
    expect(await page.getByText(title).count()).toBe(0);
    await context.close();
  });

  it('refuses a date after today with the reason, and writes nothing', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/diary?new=1');
    const form = page.getByRole('form', { name: 'New entry' });
    await expect.poll(() => form.getAttribute('data-hydrated')).toBe('');
    const title = unique('From the future');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Date').fill('2999-01-01');
    await form.getByRole('button', { name: 'Save entry' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'must not be after today' }).textContent()).toContain('day');
    expect((await entries()).some((entry) => entry.title === title)).toBe(false);
    await context.close();
  });
});

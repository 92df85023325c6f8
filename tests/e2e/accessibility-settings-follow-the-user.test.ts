import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '#src/lib/accessibility-settings.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { personSessionCookie, sameOriginHeaders, sessionCookie, useCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

/** A person no other test file signs in as, so their stored settings start empty. */
const newPerson = () => `prefs-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** Changes land after a script loads or a debounced save: give them time on a busy machine. */
const POLL = { timeout: 15_000 };

const base = workerServer().baseUrl;
const url = new URL('/api/me/preferences', base);

const get = (cookie?: string) => fetch(url, { headers: sameOriginHeaders(cookie) });
const put = (body: unknown, cookie?: string) =>
  fetch(url, { method: 'PUT', headers: { ...sameOriginHeaders(cookie), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/api/me/preferences', () => {
  it('answers 401 to visitors, for reading and for writing', async () => {
    expect((await get()).status).toBe(401);
    expect((await put({ theme: 'dark' })).status).toBe(401);
  });

  it('lets a viewer read and write their own settings, and only their own', async () => {
    const email = newPerson();
    const viewer = await personSessionCookie(email);
    const admin = await sessionCookie('admin');
    const before = await (await get(admin)).json();

    const saved = await put({ accessibility: { fontSize: 20, quietMode: true, colorScheme: 'warm' }, theme: 'dark' }, viewer);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ accessibility: { fontSize: 20, quietMode: true, colorScheme: 'warm' }, theme: 'dark', presets: [] });
    expect(await (await get(viewer)).json()).toEqual({ accessibility: { fontSize: 20, quietMode: true, colorScheme: 'warm' }, theme: 'dark', presets: [] });

    // The choices are replaced as a whole (a choice left out went back to its default); the theme is kept.
    await put({ accessibility: { reduceMotion: true } }, viewer);
    expect(await (await get(viewer)).json()).toEqual({ accessibility: { reduceMotion: true }, theme: 'dark', presets: [] });

    // A second session of the same person sees the same; another person's are untouched.
    expect(await (await get(await personSessionCookie(email))).json()).toEqual({ accessibility: { reduceMotion: true }, theme: 'dark', presets: [] });
    expect(await (await get(admin)).json()).toEqual(before);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const viewer = await sessionCookie('viewer');
    for (const [body, field] of [
      [{ accessibility: { fontSize: 40 } }, 'accessibility.fontSize'],
      [{ accessibility: { lineHeight: 1.25 } }, 'accessibility.lineHeight'],
      [{ accessibility: { reduceMotion: 'yes' } }, 'accessibility.reduceMotion'],
      [{ accessibility: { colorScheme: 'neon' } }, 'accessibility.colorScheme'],
      [{ accessibility: { noSuchSetting: true } }, 'noSuchSetting'],
      [{ theme: 'blue' }, 'theme'],
      [{ theme: 'dark', userId: 'someone-else' }, 'userId'],
      [{ accessibility: { readingRuler: 2 } }, 'accessibility.readingRuler'],
      [{ presets: [{ name: 'x'.repeat(10_000), settings: {} }] }, 'presets.0.name'],
      [{ presets: [{ name: '<b>Loud</b>', settings: {} }] }, 'presets.0.name'],
      [{ presets: [{ name: 'Mine', settings: { fontSize: 99 } }] }, 'presets.0.settings.fontSize'],
      [{ presets: Array.from({ length: 500 }, (_, i) => ({ name: `P${i}`, settings: {} })) }, 'presets'],
      [{ presets: [{ name: 'Twice', settings: {} }, { name: 'twice', settings: {} }] }, 'presets'],
    ] as const) {
      const response = await put(body, viewer);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).field, JSON.stringify(body)).toBe(field);
    }
    const empty = await put({}, viewer);
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toContain('accessibility, theme or presets');
    // Nothing refused was written.
    expect((await (await get(viewer)).json()).presets).toEqual([]);
  });

  it('keeps own presets beside the choices: each part saved alone, the others kept', async () => {
    const viewer = await personSessionCookie(newPerson());
    const presets = [
      { name: 'Evening', settings: { colorScheme: 'calm', readingRuler: 3 } },
      { name: 'Lecture notes — big', settings: { fontSize: 20 } },
    ];
    expect((await put({ presets }, viewer)).status).toBe(200);
    await put({ accessibility: { quietMode: true } }, viewer);
    await put({ theme: 'light' }, viewer);
    expect(await (await get(viewer)).json()).toEqual({ accessibility: { quietMode: true }, theme: 'light', presets });
    await put({ presets: [] }, viewer);
    expect(await (await get(viewer)).json()).toEqual({ accessibility: { quietMode: true }, theme: 'light', presets: [] });
  });
});

/** A device: a browser context with its own storage, signed in as `email`, and some local settings. */
async function device(local: Record<string, unknown>, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await page.goto('/no-such-page');
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEY, JSON.stringify(local)] as const);
  await useCookie(context, await personSessionCookie(email));
  return { context, page };
}

const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEY);

describe('a signed-in person’s settings follow them to other devices', () => {
  it('sends up the first device’s choices, then every change; the next device takes the server’s copy at sign-in', async () => {
    const email = newPerson();
    const owner = await personSessionCookie(email);
    expect(await (await get(owner)).json()).toEqual({ accessibility: null, theme: null, presets: [] });

    // Device one: nothing on the server yet, so its own choices go up.
    const one = await device({ quietMode: true }, email);
    await one.page.goto('/no-such-page');
    await expect.poll(async () => (await (await get(owner)).json()).accessibility, POLL).toEqual({ quietMode: true });

    // A change in the drawer is sent too.
    await one.page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    await one.page.getByRole('switch', { name: 'Reduce motion' }).click();
    await expect.poll(async () => (await (await get(owner)).json()).accessibility, POLL).toEqual({ quietMode: true, reduceMotion: true });

    // And the theme, when it changes.
    await one.page.evaluate(() => {
      localStorage.setItem('theme', 'dark');
      document.documentElement.classList.add('dark');
    });
    await expect.poll(async () => (await (await get(owner)).json()).theme, POLL).toBe('dark');

    // Device two had other local settings: at sign-in the server's copy wins, once.
    const two = await device({ fontSize: 13 }, email);
    await two.page.goto('/no-such-page');
    await expect.poll(() => stored(two.page), POLL).toEqual({ quietMode: true, reduceMotion: true });
    const root = await two.page.evaluate(() => document.documentElement.className);
    expect(root).toContain('a11y-quiet-mode');
    expect(root).toContain('a11y-reduce-motion');
    expect(root).toContain('dark');
    expect(await two.page.evaluate(() => document.documentElement.style.getPropertyValue('--font-size'))).toBe('100%');

    // After that, this device's own changes are kept and sent, not overwritten on the next page.
    await two.page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    await two.page.getByRole('switch', { name: 'Quiet mode' }).click();
    await expect.poll(async () => (await (await get(owner)).json()).accessibility, POLL).toEqual({ reduceMotion: true });
    await two.page.goto('/no-such-page');
    expect(await stored(two.page)).toEqual({ reduceMotion: true });

    await one.context.close();
    await two.context.close();
  });

  it('shows the theme the sign-in brought in the theme menu, not the one the device had', async () => {
    const email = newPerson();
    await put({ accessibility: { quietMode: true }, theme: 'dark' }, await personSessionCookie(email));
    const { context, page } = await device({}, email);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.goto('/projects');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.themePreference), POLL).toBe('dark');
    // The button says it, and the menu ticks it (for the eye) and marks it pressed (for screen readers: the menu's
    // script, which starts beside the preference sync and may finish after it).
    await page.locator('html[data-chrome="ready"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Theme: dark' }).first().click();
    const dark = page.locator('.theme-menu:popover-open [data-theme-choice="dark"]');
    expect(await dark.getAttribute('aria-pressed')).toBe('true');
    expect(await dark.locator('.tick').isVisible()).toBe(true);
    expect(await page.locator('.theme-menu:popover-open [data-theme-choice="light"]').getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it('a preset saved on a phone is there on the next device the person signs in on, and applies there', async () => {
    const email = newPerson();
    const owner = await personSessionCookie(email);
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await useCookie(context, owner);
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Accessibility settings' });
    await drawer.getByLabel('Reading ruler').selectOption({ label: '3 lines' });
    await drawer.getByRole('switch', { name: 'Quiet mode' }).click();
    await drawer.getByLabel('Name for the current settings').pressSequentially('Evening reading');
    await drawer.getByRole('button', { name: 'Save preset' }).click();
    await expect.poll(() => drawer.locator('[data-announcement]').innerText()).toBe('Current settings saved as Evening reading.');
    await expect
      .poll(async () => (await (await get(owner)).json()).presets, POLL)
      .toEqual([{ name: 'Evening reading', settings: { readingRuler: 3, quietMode: true } }]);
    // Back to the defaults on this device; the preset stays.
    await drawer.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('a11y-ruler-3'))).toBe(false);

    // A second browser, signed in as the same person: the preset is in the drawer and brings the settings back.
    const second = await newPage(browser, { width: 1280, height: 800 });
    await useCookie(second.context, await personSessionCookie(email));
    await second.page.goto('/projects');
    await second.page.locator('html[data-chrome="ready"]').waitFor({ state: 'attached' });
    await second.page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    const there = second.page.getByRole('dialog', { name: 'Accessibility settings' });
    await there.getByRole('button', { name: 'Apply Evening reading' }).click();
    await expect.poll(() => second.page.evaluate(() => document.documentElement.classList.contains('a11y-ruler-3'))).toBe(true);
    const classes = await second.page.evaluate(() => document.documentElement.className);
    expect(classes).toContain('a11y-ruler-3');
    expect(classes).toContain('a11y-quiet-mode');

    // Renamed there, deleted: the account follows.
    await there.getByRole('button', { name: 'Rename Evening reading' }).click();
    await there.getByLabel('New name for Evening reading').fill('Nights');
    await there.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(async () => (await (await get(owner)).json()).presets.map((p: { name: string }) => p.name), POLL).toEqual(['Nights']);
    await there.getByRole('button', { name: 'Delete Nights' }).click();
    await expect.poll(async () => (await (await get(owner)).json()).presets, POLL).toEqual([]);
    await context.close();
    await second.context.close();
  });

  it('a preset saved before signing in joins the account’s presets at sign-in, beside them', async () => {
    const email = newPerson();
    const owner = await personSessionCookie(email);
    await put({ accessibility: { quietMode: true }, presets: [{ name: 'Work', settings: { fontSize: 18 } }] }, owner);
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/no-such-page');
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Accessibility settings' });
    await drawer.getByRole('switch', { name: 'Reduce motion' }).click();
    await drawer.getByLabel('Name for the current settings').pressSequentially('Commute');
    await drawer.getByRole('button', { name: 'Save preset' }).click();
    await expect.poll(() => drawer.locator('[data-announcement]').innerText()).toBe('Current settings saved as Commute.');

    await useCookie(context, owner);
    await page.goto('/projects');
    await expect
      .poll(async () => (await (await get(owner)).json()).presets, POLL)
      .toEqual([
        { name: 'Work', settings: { fontSize: 18 } },
        { name: 'Commute', settings: { reduceMotion: true } },
      ]);
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    expect(await drawer.locator('[data-own-presets] li').allInnerTexts()).toEqual([expect.stringContaining('Work'), expect.stringContaining('Commute')]);
    await context.close();
  });

  it('a visitor’s presets stay in the browser; damaged ones in storage are passed over', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'accessibility-presets',
        JSON.stringify([
          { name: 'x'.repeat(10_000), settings: {} },
          { name: '<img src=x onerror=alert(1)>', settings: {} },
          { name: 'Kept', settings: { fontSize: 99, calmColors: true } },
          ...Array.from({ length: 500 }, (_, i) => ({ name: `Many ${i}`, settings: {} })),
        ]),
      );
    });
    await page.goto('/no-such-page');
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Accessibility settings' });
    await drawer.getByRole('button', { name: 'Apply Kept' }).click();
    expect(await page.evaluate(() => document.documentElement.className)).toContain('a11y-calm-colors');
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--font-size'))).toBe('100%');
    expect(await drawer.locator('[data-own-presets] li').count()).toBe(20);
    // The limit is said in words, beside the field.
    await drawer.getByLabel('Name for the current settings').fill('One more');
    await drawer.getByRole('button', { name: 'Save preset' }).click();
    expect(await drawer.getByText('You have 20 presets, the most there can be: delete one to save another.').isVisible()).toBe(true);
    expect(requests).not.toContain('/api/me/preferences');
    await context.close();
  });

  it('leaves a visitor’s settings on their device alone', async () => {
    const { context, page } = await newPage(browser);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/no-such-page');
    await page.evaluate((key) => localStorage.setItem(key, '{"calmColors":true}'), STORAGE_KEY);
    await page.goto('/no-such-page');
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    await page.getByRole('switch', { name: 'Reduce motion' }).click();
    expect(await stored(page)).toEqual({ calmColors: true, reduceMotion: true });
    expect(requests).not.toContain('/api/me/preferences');
    await context.close();
  });
});

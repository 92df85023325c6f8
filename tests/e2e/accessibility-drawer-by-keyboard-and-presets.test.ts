import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESSIBILITY_SWITCHES,
  PRESETS,
  PRESET_NAMES,
  STORAGE_KEY,
  SETTING_LABELS,
  applyPreset,
  describeChanges,
  effectiveDefaults,
  mergeStored,
  settingsToDom,
  type AccessibilitySettings,
} from '#src/lib/accessibility-settings.ts';
import { visitWith } from '../support/a11y-matrix.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const base = effectiveDefaults({ reducedMotion: false, moreContrast: false });

async function savedSettings(page: Page): Promise<AccessibilitySettings> {
  return mergeStored(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)) ?? '{}'), base);
}

/** What has focus, described well enough to act on it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      role: element?.getAttribute('role') ?? '',
      type: element?.getAttribute('type') ?? '',
      name: element?.id ? (document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent ?? '') : (element?.textContent ?? ''),
      inDialog: Boolean(element?.closest('dialog[open]')),
      isFab: Boolean(element?.classList.contains('a11y-fab')),
    };
  });

async function tabTo(page: Page, matches: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (matches(await focused(page))) return;
  }
  throw new Error('never reached the element by Tab');
}

describe('the settings drawer', () => {
  it('is not loaded until the button is pressed: public pages carry only the small helper script', async () => {
    const { context, page } = await newPage(browser);
    const scripts: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), bytes: (await response.body()).length });
    });
    await page.goto('/public-projects');
    await page.waitForLoadState('networkidle');
    const onLoad = [...scripts];
    expect(onLoad.some((script) => /mount|client\./.test(script.url))).toBe(false);
    expect(onLoad.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThan(20_000);

    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    await page.getByRole('dialog', { name: 'Accessibility settings' }).waitFor();
    expect(scripts.some((script) => /mount/.test(script.url))).toBe(true);
    await context.close();
  });

  it('asks for the helper script when first needed, never before the page has loaded', async () => {
    const { context, page } = await newPage(browser);
    const events: string[] = [];
    page.on('request', (request) => {
      if (/\/_astro\/chrome\./.test(request.url())) events.push('chrome requested');
    });
    page.on('load', () => events.push('load'));
    const ready = () => page.waitForFunction(() => document.documentElement.dataset.chrome === 'ready');

    // A visitor who only reads: not at all, until they first scroll, touch, click, type or focus.
    await page.goto('/public-projects');
    await page.waitForLoadState('networkidle');
    expect(events).toEqual(['load']);
    await page.keyboard.press('Tab');
    await ready();
    expect(events).toEqual(['load', 'chrome requested']);

    // Someone with settings of their own (break reminders, a taller top bar...): once the page has loaded.
    await page.evaluate(() => localStorage.setItem('accessibility-settings', JSON.stringify({ breakReminders: true })));
    events.length = 0;
    await page.reload();
    await ready();
    expect(events).toEqual(['load', 'chrome requested']);
    await context.close();
  });

  it('still opens when pressed before its script has arrived', async () => {
    const { context, page } = await newPage(browser);
    // The helper script held back for a second: the press comes first and is replayed once it runs.
    await page.route(/\/_astro\/chrome\./, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/public-projects', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.chrome)).toBeUndefined();
    await page.getByRole('dialog', { name: 'Accessibility settings' }).waitFor();
    await context.close();
  });

  it('opens from the button, changes every setting by keyboard alone, and closes with Escape back to the button', async () => {
    const { context, page } = await newPage(browser);
    await visitWith(page, '/public-projects', null);
    await tabTo(page, (f) => f.isFab);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Accessibility settings' }).waitFor();
    expect((await focused(page)).inDialog).toBe(true);

    const changed = new Set<string>();
    // Walk the whole dialog once (Tab wraps inside it), changing each control on the way.
    for (let i = 0; i < 120; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      expect(f.inDialog, 'focus stays in the dialog').toBe(true);
      if (f.name.includes('Close accessibility settings')) break;
      if (f.role === 'switch') {
        await page.keyboard.press('Space');
        changed.add(f.name);
      } else if (f.type === 'range') {
        // Up from the defaults where there is room (spacing starts at none), down where the default is the top.
        await page.keyboard.press(/Line spacing|Text size|Letter spacing|Word spacing|Paragraph spacing/.test(f.name) ? 'ArrowRight' : 'ArrowLeft');
        changed.add(f.name);
      } else if (f.tag === 'select') {
        await page.keyboard.press('ArrowDown');
        changed.add(f.name);
      }
    }
    expect(changed.size).toBe(ACCESSIBILITY_SWITCHES.length + 11);

    const saved = await savedSettings(page);
    for (const key of ACCESSIBILITY_SWITCHES) expect(saved[key], key).toBe(!base[key]);
    expect(saved).toMatchObject({
      fontSize: 17,
      lineHeight: 1.6,
      breakReminderMinutes: 20,
      colorScheme: 'calm',
      layout: 'minimal',
      typeface: 'atkinson-hyperlegible',
      letterSpacing: 0.01,
      wordSpacing: 0.1,
      paragraphSpacing: 0.5,
      contentWidth: 'medium',
      readingRuler: 1,
    });
    expect(await page.evaluate(() => document.documentElement.classList.contains('a11y-quiet-mode'))).toBe(true);

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect((await focused(page)).isFab).toBe(true);
    await context.close();
  });

  it('traps focus inside and returns it to the button however it closes', async () => {
    const { context, page } = await newPage(browser);
    await visitWith(page, '/', null);
    const button = page.getByRole('button', { name: 'Accessibility settings', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });

    await button.click();
    await dialog.waitFor();
    expect((await focused(page)).name).toContain('Close accessibility settings');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).name).toContain('Reset to defaults');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toContain('Close accessibility settings');
    // The page behind is inert while the drawer is open.
    const behind = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('main a')!;
      link.focus();
      return document.activeElement === link;
    });
    expect(behind).toBe(false);

    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).isFab).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    await dialog.waitFor();
    await page.mouse.click(40, 400); // the backdrop, left of the drawer
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).isFab).toBe(true);

    // Opened from the status panel, focus goes back there.
    await page.getByRole('button', { name: /^Accessibility status/ }).click();
    const allSettings = page.getByRole('button', { name: 'All settings' });
    await allSettings.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await allSettings.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('gives every switch a state and every control a target of at least 24 by 24 pixels', async () => {
    const { context, page } = await newPage(browser);
    await visitWith(page, '/', null);
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
    await dialog.waitFor();
    const switches = dialog.getByRole('switch');
    expect(await switches.count()).toBe(ACCESSIBILITY_SWITCHES.length);
    for (const control of await dialog.locator('button, input, select').all()) {
      const box = (await control.boundingBox())!;
      expect(box.width, await control.evaluate((element) => element.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    for (const toggle of await switches.all()) expect(['true', 'false']).toContain(await toggle.getAttribute('aria-checked'));
    await context.close();
  });
});

describe('presets', () => {
  // A person who already changed a few things: the presets must leave those alone.
  const start: Partial<AccessibilitySettings> = { breadcrumbs: true, colorBlindFriendly: true, breakReminderMinutes: 40 };

  for (const name of PRESET_NAMES) {
    it(`${name} sets exactly its own settings, leaves the rest, and announces what changed`, async () => {
      const { context, page } = await newPage(browser);
      await visitWith(page, '/', start);
      await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
      await page.getByRole('button', { name: new RegExp(`^${PRESETS[name].label}`) }).click();

      const expected = applyPreset({ ...base, ...start }, name);
      expect(await savedSettings(page)).toEqual(expected);
      const rootClasses = await page.evaluate(() => [...document.documentElement.classList].filter((c) => c.startsWith('a11y-')).sort());
      expect(rootClasses).toEqual([...settingsToDom(expected).classes].sort());

      const status = page.getByRole('status').filter({ hasText: 'preset' });
      expect(await status.textContent()).toBe(
        `${PRESETS[name].label} preset applied. Changed: ${describeChanges({ ...base, ...start }, expected).join(', ')}.`,
      );
      // The drawer's switches show the new state, ready to adjust from there.
      for (const key of ACCESSIBILITY_SWITCHES) {
        const toggle = page.getByRole('dialog').getByRole('switch', { name: SETTING_LABELS[key], exact: true });
        expect(await toggle.getAttribute('aria-checked'), key).toBe(String(expected[key]));
      }
      await context.close();
    });
  }

  it('says so when a preset changes nothing, and Reset returns to the defaults', async () => {
    const { context, page } = await newPage(browser);
    await visitWith(page, '/', PRESETS.dyslexia.changes);
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    await page.getByRole('button', { name: /^Dyslexia/ }).click();
    expect(await page.getByRole('status').filter({ hasText: 'Dyslexia' }).textContent()).toBe('Dyslexia preset: these settings were already in place.');
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    expect(await savedSettings(page)).toEqual(base);
    expect(await page.getByRole('status').filter({ hasText: 'reset' }).textContent()).toContain('Enlarge text off');
    await context.close();
  });
});

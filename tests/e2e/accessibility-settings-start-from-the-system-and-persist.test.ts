import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESETS, STORAGE_KEY, applyPreset, effectiveDefaults, settingsToDom } from '#src/lib/accessibility-settings.ts';
import { storeSettings } from '../support/a11y-matrix.ts';
import { baseUrl, launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference', ...options });
  return { context, page: await context.newPage() };
}

interface FirstRender {
  className: string;
  fontSize: string;
  lineHeight: string;
  motionScale: string;
  badges: string | null;
}

/**
 * Records <html> as it is when <body> is first inserted: nothing can have been painted before that,
 * and the page's own deferred scripts have not run yet.
 */
async function recordFirstRender(context: BrowserContext, stored?: string) {
  await context.addInitScript(
    ([key, value]) => {
      if (value !== undefined && !sessionStorage.getItem('seeded')) {
        localStorage.setItem(key!, value);
        sessionStorage.setItem('seeded', 'yes');
      }
      const observer = new MutationObserver(() => {
        if (!document.body) return;
        const root = document.documentElement;
        (window as unknown as { firstRender: FirstRender }).firstRender = {
          className: root.className,
          fontSize: root.style.getPropertyValue('--font-size'),
          lineHeight: root.style.getPropertyValue('--line-height'),
          motionScale: root.style.getPropertyValue('--motion-scale'),
          badges: root.getAttribute('data-a11y-badges'),
        };
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    [STORAGE_KEY, stored] as const,
  );
}

const firstRender = (page: Page) => page.evaluate(() => (window as unknown as { firstRender: FirstRender }).firstRender);
const classesOf = (className: string) => className.split(/\s+/).filter((name) => name.startsWith('a11y-')).sort();
const base = effectiveDefaults({ reducedMotion: false, moreContrast: false });

describe('accessibility settings start from the system and persist', () => {
  it('applies stored settings before the first paint, on every page', async () => {
    const { context, page } = await open();
    const settings = applyPreset(base, 'low-vision');
    await recordFirstRender(context, JSON.stringify(PRESETS['low-vision'].changes));
    const expected = settingsToDom(settings);
    for (const path of ['/', '/public-projects', '/public-projects/1', '/no-such-page']) {
      await page.goto(path);
      const first = await firstRender(page);
      expect(classesOf(first.className), path).toEqual([...expected.classes].sort());
      expect(first.fontSize).toBe('140.625%');
      expect(first.lineHeight).toBe('2');
      expect(first.badges).toBe('high-contrast large-text');
    }
    // And the palette and size are really in force: the high-contrast scheme's black text, 22.5 px type.
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(0, 0, 0)');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('22.5px');
    await context.close();
  });

  it('keeps a change made in the drawer across reloads and new visits', async () => {
    const { context, page } = await open();
    await page.goto('/public-projects');
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Accessibility settings' });
    await dialog.getByRole('switch', { name: 'Calm colours' }).click();
    await dialog.getByRole('combobox', { name: 'Layout' }).selectOption('spacious');
    await dialog.getByRole('slider', { name: 'Text size' }).fill('20');
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--font-size'))).toBe('125%');
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY))!)).toEqual({
      calmColors: true,
      layout: 'spacious',
      fontSize: 20,
    });

    await page.reload();
    const root = await page.evaluate(() => ({ className: document.documentElement.className, size: document.documentElement.style.getPropertyValue('--font-size') }));
    expect(classesOf(root.className)).toEqual(expect.arrayContaining(['a11y-calm-colors', 'a11y-layout-spacious']));
    expect(root.size).toBe('125%');
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    expect(await dialog.getByRole('switch', { name: 'Calm colours' }).getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('slider', { name: 'Text size' }).inputValue()).toBe('20');

    const second = await context.newPage();
    await second.goto('/');
    expect(await second.evaluate(() => document.documentElement.classList.contains('a11y-calm-colors'))).toBe(true);
    await context.close();
  });

  it('recovers from corrupt or partly invalid storage: valid fields kept, the rest default, the page works', async () => {
    for (const [stored, expectedClasses] of [
      ['{"fontSize": "huge", "quietMode": true, "colorScheme": "neon"', settingsToDom(base).classes],
      ['{"fontSize": 99, "quietMode": true, "colorScheme": "neon", "lineHeight": "x"}', settingsToDom({ ...base, quietMode: true }).classes],
      ['[1,2,3]', settingsToDom(base).classes],
    ] as const) {
      const { context, page } = await open();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await recordFirstRender(context, stored);
      await page.goto('/');
      const first = await firstRender(page);
      expect(classesOf(first.className), stored).toEqual([...expectedClasses].sort());
      expect(first.fontSize).toBe('100%');
      // The drawer opens and works on top of it, and the next change stores clean values.
      await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
      await page.getByRole('switch', { name: 'Reduce motion' }).click();
      const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY))!);
      expect(saved.reduceMotion).toBe(true);
      expect(saved.fontSize).toBeUndefined();
      expect(saved.colorScheme).toBeUndefined();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('turns reduce motion on when the system asks for reduced motion, and Reset keeps it so', async () => {
    const { context, page } = await open({ reducedMotion: 'reduce' });
    await page.goto('/public-projects');
    expect(await page.evaluate(() => document.documentElement.classList.contains('a11y-reduce-motion'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.btn-primary')!).transitionDuration)).toBe('1e-05s');
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    const motion = page.getByRole('switch', { name: 'Reduce motion' });
    expect(await motion.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('switch', { name: 'Enlarge text' }).click();
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    expect(await motion.getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe('{}');
    await context.close();
  });

  it('turns high contrast on when the system asks for more contrast', async () => {
    const { context, page } = await open({ contrast: 'more' });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-a11y-badges'))).toBe('high-contrast');
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(0, 0, 0)');
    await context.close();
  });

  it('follows a dark system theme with the dark palette, and the schemes have dark versions', async () => {
    const { context, page } = await open({ colorScheme: 'dark' });
    await page.goto('/');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await background()).toBe('rgb(11, 18, 32)');
    await storeSettings(page, { colorScheme: 'warm' });
    await page.reload();
    expect(await background()).toBe('rgb(28, 20, 15)');
    await context.close();
  });

  it('keeps switch states visible in forced-colours mode, where the system paints every colour', async () => {
    const { context, page } = await open({ forcedColors: 'active' });
    await page.goto('/');
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    // The thumb's position, not only its colour, says on or off.
    const thumb = (name: string) =>
      page.getByRole('switch', { name, exact: true }).evaluate((element) => getComputedStyle(element, '::after').transform);
    expect(await thumb('Strong focus indicators')).not.toBe(await thumb('Reduce motion'));
    expect(await thumb('Reduce motion')).toBe('none');
    await context.close();
  });
});

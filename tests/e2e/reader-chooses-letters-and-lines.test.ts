import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { storeSettingsBeforeLoad } from '../support/page-helpers.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * Reading comfort, as a reader uses it: the drawer's 'Letters and lines' — typeface, letter, word and
 * paragraph spacing, line length. Chosen in the drawer by keyboard and pointer, applied at once, kept for the
 * next page before first paint, reaching the four kinds of page (landing, a project, the diary, data
 * management) without sideways scrolling on a phone; the typefaces download only for those who choose one.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FONT_FILE = /\.(woff2?|ttf)(\?|$)/;

/** What the reading settings change, read off a paragraph of the page's main content. */
const reading = (page: Page) =>
  page.evaluate(() => {
    const paragraph = [...document.querySelectorAll('main p')].find((p) => (p.textContent ?? '').trim().length > 40)!;
    const style = getComputedStyle(paragraph);
    return {
      family: style.fontFamily,
      letterSpacing: style.letterSpacing,
      wordSpacing: style.wordSpacing,
      maxWidth: style.maxWidth,
      fontSize: style.fontSize,
      marginBottom: style.marginBottom,
      sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Accessibility settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Accessibility settings' });
  await drawer.waitFor();
  return drawer;
}

describe('letters and lines', () => {
  it('a reader picks a typeface, spacing and line length in the drawer; the page changes at once and the next page keeps it', async () => {
    const { context, page } = await newPage(browser);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (FONT_FILE.test(request.url())) fonts.push(request.url());
    });
    await page.goto('/public-projects/1');
    const before = await reading(page);
    expect(fonts, 'no typeface is downloaded for a reader who changes nothing').toEqual([]);

    const drawer = await openDrawer(page);
    await drawer.getByLabel('Typeface').selectOption({ label: 'OpenDyslexic' });
    // A slider moved by keyboard, as a person does: focus it and press the arrow keys.
    await drawer.getByRole('slider', { name: 'Letter spacing' }).focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    await drawer.getByRole('slider', { name: 'Word spacing' }).focus();
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
    await drawer.getByRole('slider', { name: 'Paragraph spacing' }).focus();
    await page.keyboard.press('ArrowRight');
    await drawer.getByLabel('Line length').selectOption({ label: 'Narrow (about 60 characters)' });
    expect(await drawer.getByRole('slider', { name: 'Letter spacing' }).getAttribute('aria-valuetext')).toBe('0.12 em');
    await page.keyboard.press('Escape');

    await expect.poll(() => reading(page)).toMatchObject({ letterSpacing: expect.stringMatching(/^1\.92px$/), wordSpacing: '3.2px' });
    const after = await reading(page);
    expect(after.family).toMatch(/^OpenDyslexic/);
    expect(after.marginBottom).toBe('8px');
    // 60ch of the chosen face at 16 px: narrower than the design's line.
    expect(Number.parseFloat(after.maxWidth)).toBeGreaterThan(300);
    expect(Number.parseFloat(after.maxWidth)).toBeLessThan(900);
    expect(before.maxWidth).toBe('none');
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px OpenDyslexic'))).toBe(true);
    expect(fonts.some((url) => /opendyslexic/i.test(url))).toBe(true);
    expect(fonts.some((url) => /atkinson/i.test(url)), 'only the chosen typeface downloads').toBe(false);

    // The next page starts with the choices before first paint.
    await page.goto('/');
    const landing = await page.evaluate(() => [
      document.documentElement.className,
      getComputedStyle(document.documentElement).getPropertyValue('--letter-spacing').trim(),
    ]);
    expect(landing[0]).toEqual(expect.stringContaining('a11y-typeface-opendyslexic'));
    expect(landing[0]).toEqual(expect.stringContaining('a11y-width-narrow'));
    expect(landing[1]).toBe('0.12em');

    // The status panel says what is on, in words.
    await page.getByRole('button', { name: /Accessibility status/ }).click();
    const status = await page.locator('[data-status-body]').innerText();
    expect(status).toContain('Letters and lines: OpenDyslexic, letter spacing 0.12 em, word spacing 0.2 em, paragraph spacing 0.5 em, narrow lines');
    await context.close();
  });

  it('every choice at its largest reaches the landing, a project, the diary and data management, on a phone without sideways scrolling', async () => {
    const largest: Partial<AccessibilitySettings> = {
      typeface: 'atkinson-hyperlegible',
      letterSpacing: 0.2,
      wordSpacing: 0.5,
      paragraphSpacing: 2,
      contentWidth: 'narrow',
      fontSize: 24,
      lineHeight: 2.5,
    };
    for (const width of [320, 1280]) {
      const { context, page } = await newPage(browser, { width, height: 800 });
      await storeSettingsBeforeLoad(page, largest);
      for (const path of ['/', '/public-projects/1', '/diary', '/data-management']) {
        if (path === '/diary') await signIn(context, 'admin');
        await page.goto(path);
        const shown = await reading(page);
        expect(shown.family, path).toMatch(/^"?Atkinson Hyperlegible/);
        expect(Number.parseFloat(shown.letterSpacing), path).toBeCloseTo(0.2 * Number.parseFloat(shown.fontSize), 2);
        expect(shown.sideways, `${path} at ${width} px scrolls sideways`).toBe(false);
      }
      await context.close();
    }
  });

  it('stored values out of range or off their step are ignored: the page keeps its design', async () => {
    const { context, page } = await newPage(browser);
    await storeSettingsBeforeLoad(page, {
      letterSpacing: 5,
      wordSpacing: -1,
      paragraphSpacing: 0.3,
      typeface: '<script>' as never,
      contentWidth: 'enormous' as never,
    });
    await page.goto('/public-projects/1');
    const shown = await reading(page);
    expect(shown).toMatchObject({ letterSpacing: 'normal', wordSpacing: '0px', maxWidth: 'none' });
    expect(shown.family).not.toMatch(/OpenDyslexic|Atkinson/);
    expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/typeface|width-|spacing/);
    await context.close();
  });
});

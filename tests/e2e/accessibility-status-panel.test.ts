import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '#src/lib/accessibility-settings.ts';
import { visitWith } from '../support/a11y-matrix.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

/** Changes land after a script loads or a debounced save: give them time on a busy machine. */
const POLL = { timeout: 15_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const chip = (page: Page) => page.getByRole('button', { name: /^Accessibility status/ });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Accessibility status' });

async function expand(page: Page) {
  if ((await chip(page).getAttribute('aria-expanded')) !== 'true') await chip(page).click();
  await page.getByRole('heading', { name: 'Quick switches' }).waitFor();
}

const visibleBadges = (page: Page) => panel(page).locator('li[data-badge]:visible').allInnerTexts();

describe('the accessibility status panel', () => {
  it('shows on every page unless both progress and section labels are off', async () => {
    const { context, page } = await newPage(browser);
    for (const [settings, shown] of [
      [{}, true],
      [{ showProgress: false }, true],
      [{ sectionLabels: false }, true],
      [{ showProgress: false, sectionLabels: false }, false],
    ] as const) {
      for (const path of ['/', '/public-projects/1', '/no-such-page']) {
        await visitWith(page, path, settings);
        expect(await panel(page).isVisible(), `${path} ${JSON.stringify(settings)}`).toBe(shown);
      }
    }
    // Turned back on from the drawer, it reappears at once.
    await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
    await page.getByRole('switch', { name: 'Show progress' }).click();
    expect(await panel(page).isVisible()).toBe(true);
    await context.close();
  });

  it('sits below the row of the top bar, clear of the logo and navigation, as a small chip until opened', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/', '/public-projects', '/public-projects/1', '/no-such-page']) {
      await visitWith(page, path, { breadcrumbs: true });
      // The breadcrumb trail and the top bar's own row end above the chip (it sits in the strip the bar keeps for it).
      const barsEnd = await page.evaluate(() => {
        const header = document.querySelector('header');
        const trail = document.querySelector('.breadcrumb-bar')?.getBoundingClientRect().bottom ?? 0;
        if (!header) return trail;
        return Math.max(trail, header.getBoundingClientRect().bottom - parseFloat(getComputedStyle(header).paddingBottom));
      });
      const box = (await chip(page).boundingBox())!;
      expect(box.y, path).toBeGreaterThanOrEqual(barsEnd);
      expect(box.x).toBeLessThan(40);
      expect(box.height).toBeLessThan(60);
      expect(await page.locator('[data-status-body]').isVisible()).toBe(false);
    }
    await context.close();
  });

  it('lists exactly the active badges', async () => {
    const { context, page } = await newPage(browser);
    await visitWith(page, '/', {});
    await expand(page);
    expect(await visibleBadges(page)).toEqual([]);
    expect(await page.getByText('None yet: the page follows your device').isVisible()).toBe(true);

    for (const [settings, badges] of [
      [{ reduceMotion: true }, ['Reduced Motion']],
      [{ colorScheme: 'high-contrast' }, ['High Contrast']],
      [{ fontSize: 17 }, ['Large Text']],
      [{ enlargeText: true, hideDistractions: true }, ['Large Text', 'Focus Mode']],
      [{ colorScheme: 'calm' }, ['Calm Mode']],
      [{ reducedStimuli: true, highContrast: true, singleTaskMode: true }, ['High Contrast', 'Focus Mode', 'Calm Mode']],
    ] as const) {
      await visitWith(page, '/', settings);
      expect(await visibleBadges(page), JSON.stringify(settings)).toEqual(badges);
      expect(await page.getByText('None yet: the page follows your device').isVisible()).toBe(false);
      // The chip names them too, for a screen reader, while closed.
      const name = await chip(page).evaluate((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' '));
      for (const badge of badges) expect(name).toContain(badge);
    }
    await context.close();
  });

  it('has four quick switches that change the setting, the page and the badges at once', async () => {
    const { context, page } = await newPage(browser);
    await visitWith(page, '/', {});
    await expand(page);
    const rootHas = (name: string) => page.evaluate((cls) => document.documentElement.classList.contains(cls), name);
    for (const [label, key, cls, badge] of [
      ['Reduce motion', 'reduceMotion', 'a11y-reduce-motion', 'Reduced Motion'],
      ['High contrast', 'highContrast', 'a11y-high-contrast', 'High Contrast'],
      ['Reduce stimuli', 'reducedStimuli', 'a11y-reduced-stimuli', 'Calm Mode'],
      ['Single-task mode', 'singleTaskMode', 'a11y-single-task-mode', 'Focus Mode'],
    ] as const) {
      const toggle = panel(page).getByRole('switch', { name: label });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('true');
      expect(await rootHas(cls)).toBe(true);
      expect(await visibleBadges(page)).toContain(badge);
      const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY))!);
      expect(stored[key]).toBe(true);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('false');
      expect(await rootHas(cls)).toBe(false);
    }
    await context.close();
  });

  it('shows reading progress and the current section while open', async () => {
    const { context, page } = await newPage(browser, { height: 500 });
    await visitWith(page, '/', {});
    await expand(page);
    expect(await panel(page).getByText('Read so far:').innerText()).toBe('Read so far: 0%');
    await page.getByRole('heading', { name: 'Dual-Purpose Platform' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => panel(page).getByText('Read so far:').innerText(), POLL).toBe('Read so far: 100%');
    await expect.poll(() => panel(page).getByText('Section:').innerText(), POLL).toBe('Section: About the site');
    await context.close();
  });

  it('collapses with Escape and stays as the person left it', async () => {
    const { context, page } = await newPage(browser);
    await visitWith(page, '/', {});
    await expand(page);
    await page.reload();
    expect(await chip(page).getAttribute('aria-expanded')).toBe('true');
    await panel(page).getByRole('switch', { name: 'High contrast' }).focus();
    // Escape is the chrome's script's (started on idle or by that focus): a busy CI machine pressed it before.
    await page.locator('html[data-chrome="ready"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    expect(await chip(page).getAttribute('aria-expanded')).toBe('false');
    expect(await chip(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.reload();
    expect(await chip(page).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('steps aside rather than cover whatever has keyboard focus', async () => {
    const { context, page } = await newPage(browser);
    await visitWith(page, '/', {});
    // Something focusable right where the chip and the settings button sit.
    await page.evaluate(() => {
      const place = (selector: string, name: string) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        const button = document.createElement('button');
        button.textContent = name;
        Object.assign(button.style, { position: 'fixed', left: `${box.left + 4}px`, top: `${box.top + 4}px`, zIndex: '1' });
        document.querySelector('main')!.append(button);
      };
      place('[data-status-toggle]', 'Under the chip');
      place('.a11y-fab', 'Under the button');
    });
    const helper = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).visibility);
    await page.getByRole('button', { name: 'Under the chip' }).focus();
    await expect.poll(() => helper('[data-a11y-status]'), POLL).toBe('hidden');
    expect(await helper('.a11y-fab')).toBe('visible');
    await page.getByRole('button', { name: 'Under the button' }).focus();
    await expect.poll(() => helper('.a11y-fab'), POLL).toBe('hidden');
    expect(await helper('[data-a11y-status]')).toBe('visible');
    await page.getByRole('link', { name: 'View Portfolio' }).focus();
    await expect.poll(() => helper('.a11y-fab'), POLL).toBe('visible');
    await context.close();
  });
});

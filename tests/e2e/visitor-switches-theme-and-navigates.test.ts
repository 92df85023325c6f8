import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { classBeforePaint, eventually, recordClassBeforePaint } from '../support/page-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a visitor picks a theme', () => {
  it('keeps the chosen theme across reloads and pages, applied before first paint', async () => {
    // A light operating system, so dark can only come from the saved choice.
    const { context, page } = await newPage(browser, { colorScheme: 'light' });
    await recordClassBeforePaint(page);
    await page.goto('/projects');
    expect(await classBeforePaint(page)).toContain('light');
    await page.getByRole('button', { name: 'Theme: system' }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    // <html> also carries the accessibility classes; the theme is the dark/light pair among them. The menu's
    // script starts with that first press and then replays it (load-chrome.js): on a busy machine, a moment later.
    await eventually(() =>
      page.evaluate(() => [document.documentElement.classList.contains('dark'), document.documentElement.classList.contains('light'), localStorage.getItem('theme')]),
    ).toEqual([true, false, 'dark']);
    expect(await page.locator('[data-theme-choice="dark"]').getAttribute('aria-pressed')).toBe('true');

    for (const path of ['/no-such-page', '/', '/public-projects', '/public-projects/1', '/projects', '/portfolio-showcase']) {
      await page.goto(path);
      expect(await classBeforePaint(page), path).toContain('dark');
      expect(await classBeforePaint(page), path).not.toContain('light');
    }
    expect(await page.getByRole('button', { name: 'Theme: dark' }).isVisible()).toBe(true);

    // Back to system: the operating system's light wins again, and stays after a reload.
    await page.goto('/public-projects');
    await page.getByRole('button', { name: 'Theme: dark' }).click();
    await page.getByRole('button', { name: 'System', exact: true }).click();
    await eventually(() =>
      page.evaluate(() => [document.documentElement.classList.contains('light'), document.documentElement.classList.contains('dark'), localStorage.getItem('theme')]),
    ).toEqual([true, false, 'system']);
    await page.reload();
    expect(await classBeforePaint(page)).toContain('light');
    await context.close();
  });

  it('follows a dark operating system when nothing is saved', async () => {
    const { context, page } = await newPage(browser, { colorScheme: 'dark' });
    await recordClassBeforePaint(page);
    await page.goto('/');
    expect(await classBeforePaint(page)).toContain('dark');
    await context.close();
  });
});

describe('a visitor uses the navigation bar', () => {
  it('sees the current page highlighted and reaches the stats from another page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/projects');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Portfolio' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    // Visitors get no private links, and a sign-in link instead of an account.
    for (const label of ['Manage Data', 'Diary', 'Lab', 'Mind & Body']) expect(await page.getByRole('link', { name: label }).count(), label).toBe(0);
    expect(await nav.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/api/login');

    await page.goto('/projects/1');
    expect(await nav.getByRole('link', { name: 'Portfolio' }).getAttribute('aria-current')).toBe('page');

    await nav.getByRole('link', { name: 'Stats' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#stats');
    // Scrolled to the section: its top sits just below the fixed top bar (and the accessibility chip).
    await eventually(() => page.locator('#stats').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(260);
    await context.close();
  });

  it('opens the phone menu at 390 px and closes it once a link is chosen', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/portfolio-showcase');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const menu = page.locator('#mobile-menu');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).isVisible()).toBe(false);
    expect(await menu.isVisible()).toBe(false);

    await menuButton.click();
    await menu.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    await menu.getByRole('link', { name: 'Portfolio' }).click();
    await page.waitForURL('**/projects');
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);

    // The Stats anchor from the menu leads to the landing's stats section.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#mobile-menu').waitFor();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Stats' }).click();
    await page.waitForURL((url) => url.hash === '#stats');
    await context.close();
  });
});

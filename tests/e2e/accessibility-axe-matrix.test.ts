import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeMatrix, DEFAULT_VARIANTS, PRESET_VARIANTS } from '../support/a11y-matrix.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

/** The public routes; signed-in routes join this matrix once their pages exist (see tests/support/a11y-matrix.ts). */
const PUBLIC_PATHS = ['/', '/public-projects', '/public-projects/1', '/no-such-page'];
const MODES = ['light', 'dark'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Accessibility settings', exact: true }).click();
  await page.getByRole('dialog', { name: 'Accessibility settings' }).waitFor();
}

async function openPanel(page: Page) {
  // The panel remembers being open, so it may already be.
  const chip = page.getByRole('button', { name: /^Accessibility status/ });
  if ((await chip.getAttribute('aria-expanded')) !== 'true') await chip.click();
  await page.getByRole('heading', { name: 'Quick switches' }).waitFor();
}

// One test per mode and variant: each stays well inside the time limit on a busy two-core machine.
describe('every public page meets WCAG 2.2 AA in every look the settings give it', () => {
  for (const mode of MODES) {
    for (const variant of DEFAULT_VARIANTS) {
      it(`has no axe violations in ${mode} with ${variant.name}`, async () => {
        const { context, page } = await newPage(browser, { colorScheme: mode });
        expect(await axeMatrix(page, PUBLIC_PATHS, { modes: [mode], variants: [variant] })).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('the accessibility helpers meet WCAG 2.2 AA themselves', () => {
  for (const mode of MODES) {
    it(`has no axe violations in ${mode} with the drawer open or the status panel expanded, in each palette the presets give`, async () => {
      const { context, page } = await newPage(browser, { colorScheme: mode });
      // autism: the calm scheme; dyslexia: high contrast within the scheme; low vision: the high-contrast scheme.
      const palettes = new Set(['autism preset', 'dyslexia preset', 'low-vision preset']);
      const variants = [{ name: 'no settings', settings: {} }, ...PRESET_VARIANTS.filter((variant) => palettes.has(variant.name))];
      const failures = [
        ...(await axeMatrix(page, ['/no-such-page'], { modes: [mode], variants, prepare: openDrawer })),
        ...(await axeMatrix(page, ['/no-such-page'], { modes: [mode], variants, prepare: openPanel })),
      ];
      expect(failures).toEqual([]);
      await context.close();
    });
  }
});

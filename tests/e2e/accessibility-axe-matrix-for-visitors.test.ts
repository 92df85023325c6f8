import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeMatrix, DEFAULT_VARIANTS, PRESET_VARIANTS } from '../support/a11y-matrix.ts';
import { axeViolations } from '../support/axe.ts';
import { newPage } from '../support/browser.ts';
import { VISITOR_ROUTES } from '../support/routes.ts';
import { describeAxeMatrix, MODES } from './axe-matrix-suite.ts';

// Visitors also get the palettes no preset reaches (warm, colour-blind) and every switch at once.
const browser = describeAxeMatrix('a visitor', null, VISITOR_ROUTES, DEFAULT_VARIANTS);

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

describe('the accessibility helpers meet WCAG 2.2 AA themselves', () => {
  for (const mode of MODES) {
    it(`has no axe violations in ${mode} with the drawer open or the status panel expanded, in each palette the presets give`, async () => {
      const { context, page } = await newPage(browser(), { colorScheme: mode });
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

describe('the checker behind these matrices', () => {
  it('finds what a person would stumble on: a picture without words and grey text on white', async () => {
    const { context, page } = await newPage(browser());
    await page.setContent('<html lang="en"><title>Check</title><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#bbb;background:#fff">Faint</p></main></html>');
    expect(await axeViolations(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^image-alt \(critical\): img/), expect.stringMatching(/^color-contrast \(serious\): p/)]));
    await context.close();
  });
});

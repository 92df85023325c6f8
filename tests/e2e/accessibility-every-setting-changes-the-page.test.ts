import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { visitWith } from '../support/a11y-matrix.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

/*
 * Each setting has an effect a person can see (and this test can measure): the same measurement is
 * taken without the setting and with it, and must differ as described.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Settings = Partial<AccessibilitySettings>;

/** Elements other pages will carry (skeletons, secondary sections, key figures...), added to a real page. */
async function addFixtures(page: Page) {
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML(
      'beforeend',
      `<section data-testid="secondary" data-secondary><p>Carousel</p></section>
       <div data-testid="skeleton" class="animate-pulse">Loading</div>
       <div data-testid="looping" class="animate-ping">Looping</div>
       <div data-testid="decoration" data-decorative>✦</div>
       <p><span data-testid="figure" data-key-figure>42</span></p>`,
    );
  });
}

/** Measures the page once without and once with the settings. */
async function compare<T>(path: string, settings: Settings, measure: (page: Page) => Promise<T>, base: Settings = {}): Promise<{ before: T; after: T }> {
  const { context, page } = await newPage(browser);
  await visitWith(page, path, base);
  await addFixtures(page);
  const before = await measure(page);
  await visitWith(page, path, { ...base, ...settings });
  await addFixtures(page);
  const after = await measure(page);
  await context.close();
  return { before, after };
}

const style = (page: Page, selector: string, property: string, pseudo?: string) =>
  page.evaluate(
    ([sel, prop, pse]) => getComputedStyle(document.querySelector(sel!)!, pse).getPropertyValue(prop!),
    [selector, property, pseudo ?? null] as const,
  );

describe('every accessibility setting visibly changes the page', () => {
  it('reduce motion removes transitions', async () => {
    const { before, after } = await compare('/', { reduceMotion: true }, (page) => style(page, '.btn-primary', 'transition-duration'));
    expect(before).toBe('0.2s, 0.2s, 0.2s');
    expect(after).toBe('1e-05s');
  });

  it('slow animations doubles their duration', async () => {
    const { before, after } = await compare('/', { slowAnimations: true }, (page) => style(page, '.btn-primary', 'transition-duration'));
    expect(before).toBe('0.2s, 0.2s, 0.2s');
    expect(after).toBe('0.4s, 0.4s, 0.4s');
  });

  it('stop autoplay stops things that loop by themselves', async () => {
    const { before, after } = await compare('/', { disableAutoplay: true }, async (page) => [
      await style(page, '[data-testid=looping]', 'animation-name'),
      await style(page, '[data-testid=looping]', 'animation-play-state'),
    ]);
    expect(before).toEqual(['ping', 'running']);
    expect(after).toEqual(['ping', 'paused']);
  });

  it('high contrast darkens secondary text within the scheme', async () => {
    const { before, after } = await compare('/', { highContrast: true }, (page) => style(page, '.text-muted', 'color'));
    expect(before).toBe('rgb(74, 85, 104)');
    expect(after).toBe('rgb(31, 31, 31)');
  });

  it('each colour scheme brings its own palette', async () => {
    for (const [colorScheme, background] of [
      ['calm', 'rgb(242, 243, 239)'],
      ['high-contrast', 'rgb(255, 255, 255)'],
      ['warm', 'rgb(251, 245, 236)'],
    ] as const) {
      const { before, after } = await compare('/', { colorScheme }, (page) => style(page, 'body', 'background-color'));
      expect(before).toBe('rgb(246, 248, 251)');
      expect(after, colorScheme).toBe(background);
    }
  });

  it('reduce transparency makes the top bar solid, without blur', async () => {
    const { before, after } = await compare('/public-projects', { reducedTransparency: true }, async (page) => ({
      blur: await style(page, 'header', 'backdrop-filter'),
      background: await style(page, 'header', 'background-color'),
    }));
    expect(before.blur).not.toBe('none');
    expect(after).toEqual({ blur: 'none', background: 'rgb(246, 248, 251)' });
  });

  it('enlarge text, text size and line spacing change the text', async () => {
    const text = (page: Page) => Promise.all([style(page, 'html', 'font-size'), style(page, 'body', 'line-height')]);
    expect(await compare('/', { enlargeText: true }, text)).toEqual({ before: ['16px', '24px'], after: ['18px', '27px'] });
    expect((await compare('/', { fontSize: 20, lineHeight: 2 }, text)).after).toEqual(['20px', '40px']);
    expect((await compare('/', { fontSize: 20, enlargeText: true }, text)).after).toEqual(['22.5px', '33.75px']);
  });

  it('strong focus indicators draw a thicker ring than the plain one', async () => {
    const ring = async (page: Page) => {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      return page.evaluate(() => getComputedStyle(document.activeElement!).outlineWidth);
    };
    const { before, after } = await compare('/', { focusIndicators: false }, ring);
    expect(before).toBe('3px');
    expect(after).toBe('2px');
  });

  it('colour-blind friendly colours give statuses a shape as well as a safer colour', async () => {
    const dot = '[data-status] > [aria-hidden="true"]';
    const { before, after } = await compare('/public-projects/1', { colorBlindFriendly: true }, async (page) => ({
      shape: await style(page, dot, 'mask-image'),
      completed: await style(page, 'html', '--status-completed'),
    }));
    expect(before.shape).toBe('none');
    expect(after.shape).toContain('data:image/svg+xml');
    expect(after.completed).not.toBe(before.completed);
  });

  it('simpler language swaps the long explanations for plain ones', async () => {
    const hero = (page: Page) => page.locator('main p.text-lg').innerText();
    const { before, after } = await compare('/', { simplerLanguage: true }, hero);
    expect(before).toContain('An interactive portfolio and personal dashboard');
    expect(after).toBe('My projects, and my own dashboard. You can change how this site looks to suit you.');
  });

  it('show progress draws a reading-progress bar that fills as the page scrolls', async () => {
    const bar = async (page: Page) => {
      await page.setViewportSize({ width: 1280, height: 400 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return {
        shown: await style(page, '.reading-progress', 'display'),
        transform: await style(page, '.reading-progress > span', 'transform'),
      };
    };
    const { before, after } = await compare('/', { showProgress: false }, bar);
    expect(before).toEqual({ shown: 'block', transform: 'matrix(1, 0, 0, 1, 0, 0)' });
    expect(after.shown).toBe('none');
  });

  it('breadcrumbs show the trail to the current page', async () => {
    const trail = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).isVisible();
    const { before, after } = await compare('/public-projects/1', { breadcrumbs: true }, trail);
    expect(before).toBe(false);
    expect(after).toBe(true);
    const { context, page } = await newPage(browser);
    await visitWith(page, '/public-projects/1', { breadcrumbs: true });
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Home', 'Portfolio']);
    expect(await nav.locator('[aria-current=page]').innerText()).toBe(await page.getByRole('heading', { level: 1 }).innerText());
    await context.close();
  });

  it('section labels name each labelled section on the page', async () => {
    const label = (page: Page) => style(page, '[data-section-label="Overview"]', 'content', '::before');
    const { before, after } = await compare('/', { sectionLabels: false }, label);
    expect(before).toContain('Overview');
    expect(after).toBe('none');
  });

  it('reduce stimuli removes glows, shadows and pulsing', async () => {
    const { before, after } = await compare('/', { reducedStimuli: true }, async (page) => ({
      glow: await style(page, '.hero-glow', 'display'),
      shadow: await style(page, '.card', 'box-shadow'),
      pulse: await style(page, '[data-testid=skeleton]', 'animation-name'),
    }));
    expect(before.glow).toBe('block');
    expect(before.shadow).not.toBe('none');
    expect(before.pulse).toBe('pulse');
    expect(after).toEqual({ glow: 'none', shadow: 'none', pulse: 'none' });
  });

  it('calm colours soften the accent', async () => {
    const { before, after } = await compare('/', { calmColors: true }, (page) => style(page, '.btn-primary', 'background-color'));
    expect(before).toBe('rgb(111, 255, 233)');
    expect(after).toBe('rgb(178, 216, 208)');
  });

  it('no flashing stops pulsing placeholders', async () => {
    const { before, after } = await compare('/', { noFlashing: true }, (page) => style(page, '[data-testid=skeleton]', 'animation-name'));
    expect(before).toBe('pulse');
    expect(after).toBe('none');
  });

  it('quiet mode hides decoration', async () => {
    const { before, after } = await compare('/', { quietMode: true }, async (page) => [
      await page.getByTestId('decoration').isVisible(),
      await style(page, '.hero-glow', 'display'),
    ]);
    expect(before).toEqual([true, 'block']);
    expect(after).toEqual([false, 'none']);
  });

  for (const setting of ['singleTaskMode', 'hideDistractions'] as const) {
    it(`${setting === 'singleTaskMode' ? 'single-task mode' : 'hide distractions'} hides secondary sections and gives one column`, async () => {
      const { before, after } = await compare('/public-projects', { [setting]: true }, async (page) => ({
        secondary: await page.getByTestId('secondary').isVisible(),
        columns: (await style(page, 'main ul.grid', 'grid-template-columns')).split(' ').length,
      }));
      expect(before).toEqual({ secondary: true, columns: 3 });
      expect(after).toEqual({ secondary: false, columns: 1 });
    });
  }

  it('emphasise important items rings the main actions and strengthens key figures', async () => {
    const { before, after } = await compare('/', { emphasizeImportant: true }, async (page) => ({
      ring: await style(page, 'main .btn-primary', 'box-shadow'),
      figure: await style(page, '[data-testid=figure]', 'font-weight'),
    }));
    expect(before).toEqual({ ring: 'none', figure: '400' });
    expect(after.ring).not.toBe('none');
    expect(after.figure).toBe('800');
  });

  it('the layouts change width and density', async () => {
    const container = (page: Page) => Promise.all([style(page, 'main .container-page', 'max-width'), style(page, 'main .container-page', 'padding-left')]);
    const minimal = await compare('/', { layout: 'minimal' }, container);
    expect(minimal.before).toEqual(['1200px', '24px']);
    expect(minimal.after).toEqual(['960px', '24px']);
    expect((await compare('/', { layout: 'spacious' }, container)).after).toEqual(['1200px', '30px']);
  });

  it('break reminders suggest a short break after the chosen time of continuous use, gently and dismissibly', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await visitWith(page, '/public-projects', { breakReminders: true, breakReminderMinutes: 5 });
    const reminder = page.getByText('Time for a short break?');
    // The reminders start once their script has loaded; then the page's clock is held still and moved by hand.
    const host = page.locator('[data-break-host][data-break-due]');
    await host.waitFor({ state: 'attached' });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const untilDue = async () => Number(await host.getAttribute('data-break-due')) - (await page.evaluate(() => Date.now()));
    expect(await untilDue()).toBeGreaterThan(4 * 60_000);
    expect(await untilDue()).toBeLessThanOrEqual(5 * 60_000);

    await page.clock.runFor((await untilDue()) - 5000);
    expect(await reminder.isVisible()).toBe(false);
    await page.clock.runFor(10_000);
    await reminder.waitFor();
    // It is announced politely and does not take focus from what the person was doing.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(await page.locator('[data-break-host]').getAttribute('aria-live')).toBe('polite');

    // Dismissed, it comes back after another full stretch of use.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(await reminder.isVisible()).toBe(false);
    expect(await untilDue()).toBe(5 * 60_000);
    await page.clock.runFor(5 * 60_000 - 5000);
    expect(await reminder.isVisible()).toBe(false);
    await page.clock.runFor(10_000);
    await reminder.waitFor();
    await context.close();
  });
});

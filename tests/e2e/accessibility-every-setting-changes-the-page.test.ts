import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessibilitySettings } from '#src/lib/accessibility-settings.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { eventually, storeSettingsBeforeLoad } from '../support/page-helpers.ts';
import { signIn } from '../support/sign-in.ts';
import { holdRequests } from './dashboard-journey.ts';

/*
 * Every switch of the drawer changes the real pages it is meant to change (docs/decisions/005): set the way
 * a person sets it (stored on this device before the page loads, as after choosing it in the drawer), then
 * measured on one route of each kind of content it affects — the landing page, the dashboard signed in, a
 * project's page and an admin page — against the same measurement with default settings. One browser
 * context per switch, its routes visited one after another (signed out first, then signed in as the owner).
 */

type Settings = Partial<AccessibilitySettings>;
type Kind = 'landing' | 'dashboard' | 'project' | 'admin';
const ROUTES: Record<Kind, string> = { landing: '/', dashboard: '/', project: '/public-projects/1', admin: '/lab' };
const KINDS: Kind[] = ['landing', 'dashboard', 'project', 'admin'];

let browser: Browser;
let base: Record<Kind, Snapshot>;
let baseRing: string;
let baseSkeleton: SkeletonAnimation;

beforeAll(async () => {
  browser = await launchBrowser();
  const measured = {} as Record<Kind, Snapshot>;
  await visitEach({}, KINDS, async (page, kind) => {
    measured[kind] = await snapshot(page);
    if (kind === 'admin') baseRing = await focusRingWidth(page);
  });
  base = measured;
  await visitEach({}, [], async () => {}, async (page) => {
    baseSkeleton = await skeletonAnimation(page);
  });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Opens one context with `settings` stored before every load and visits the route of each kind in order,
 * signing in as the owner before the first signed-in kind. `dashboardSkeletons`, when given, also opens
 * the dashboard with its timeline held in flight, so its skeletons can be measured.
 */
async function visitEach(
  settings: Settings,
  kinds: Kind[],
  check: (page: Page, kind: Kind) => Promise<void>,
  dashboardSkeletons?: (page: Page) => Promise<void>,
) {
  const { context, page } = await newPage(browser);
  try {
    await storeSettingsBeforeLoad(page, settings);
    let signedIn = false;
    for (const kind of KINDS.filter((k) => kinds.includes(k))) {
      if (kind !== 'landing' && !signedIn) signedIn = await signInOnce(context);
      await page.goto(ROUTES[kind]);
      await check(page, kind);
    }
    if (dashboardSkeletons) {
      if (!signedIn) await signInOnce(context);
      const held = await holdRequests(page, /\/api\/timeline/);
      await page.goto('/');
      await page.locator('#timeline').scrollIntoViewIfNeeded();
      await page.locator('[data-skeleton="timeline"] .skeleton').first().waitFor();
      await dashboardSkeletons(page);
      held.release();
    }
  } finally {
    await context.close();
  }
}

async function signInOnce(context: BrowserContext): Promise<true> {
  await signIn(context, 'admin');
  return true;
}

interface Snapshot {
  muted: string | null;
  cardBorder: string | null;
  cardShadow: string | null;
  headerBlur: string;
  headerBackground: string;
  fontSize: string;
  accent: string;
  bodyBackground: string;
  statusShape: string | null;
  statusColour: string;
  glow: string | null;
  progress: string;
  primaryRing: string | null;
  keyFigure: string | null;
}

/** What the switches change, read from the page as it is (null: this page has no such element). */
const snapshot = (page: Page): Promise<Snapshot> =>
  page.evaluate(() => {
    const css = (selector: string, property: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element).getPropertyValue(property) : null;
    };
    const root = getComputedStyle(document.documentElement);
    const header = getComputedStyle(document.querySelector('header')!);
    return {
      muted: css('main .text-muted', 'color'),
      cardBorder: css('main .card', 'border-top-width'),
      cardShadow: css('main .card', 'box-shadow'),
      headerBlur: header.backdropFilter,
      headerBackground: header.backgroundColor,
      fontSize: root.fontSize,
      accent: root.getPropertyValue('--accent').trim(),
      bodyBackground: getComputedStyle(document.body).backgroundColor,
      statusShape: css('[data-status] > [aria-hidden="true"]:first-child', 'mask-image'),
      statusColour: root.getPropertyValue('--status-completed').trim(),
      glow: css('.hero-glow', 'display'),
      progress: css('.reading-progress', 'display') ?? 'absent',
      primaryRing: css('main .btn-primary', 'box-shadow'),
      keyFigure: css('[data-key-figure]', 'font-weight'),
    };
  });

/** The focus ring's width on the second element a keyboard user reaches. */
async function focusRingWidth(page: Page): Promise<string> {
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  return page.evaluate(() => getComputedStyle(document.activeElement!).outlineWidth);
}

interface SkeletonAnimation {
  name: string;
  state: string;
}
const skeletonAnimation = (page: Page): Promise<SkeletonAnimation> =>
  page
    .locator('[data-skeleton="timeline"] .skeleton')
    .first()
    .evaluate((element) => ({ name: getComputedStyle(element).animationName, state: getComputedStyle(element).animationPlayState }));

/** A colour written rgb()/rgba(): its alpha (1 when opaque). */
const alpha = (colour: string) => Number(/rgba?\([^,]+,[^,]+,[^,]+(?:,\s*([\d.]+))?\)/.exec(colour)?.[1] ?? 1);

describe('the measurements start from pages that have something to change', () => {
  it('with default settings: shadows, blur, glows, the reading bar, status dots without shapes, a 3 px ring and pulsing skeletons', () => {
    for (const kind of KINDS) {
      expect(base[kind].cardShadow, kind).not.toBe('none');
      expect(base[kind].headerBlur, kind).not.toBe('none');
      expect(base[kind].progress, kind).toBe('block');
      expect(base[kind].fontSize, kind).toBe('16px');
    }
    for (const kind of ['landing', 'dashboard'] as const) expect(base[kind].glow, kind).toBe('block');
    for (const kind of ['project', 'admin'] as const) expect(base[kind].statusShape, kind).toBe('none');
    expect(base.dashboard.keyFigure).toBe('700');
    expect(base.admin.keyFigure).toBe('700');
    expect(baseRing).toBe('3px');
    expect(baseSkeleton).toEqual({ name: 'skeleton-pulse', state: 'running' });
  });
});

describe('each switch changes every kind of page it is meant to', () => {
  it('reduce motion: transitions end at once on the landing, a project and an admin page', async () => {
    await visitEach({ reduceMotion: true }, ['landing', 'project', 'admin'], async (page, kind) => {
      const durations = await page.evaluate(() =>
        [...document.querySelectorAll('main a, main button')].map((element) => getComputedStyle(element).transitionDuration),
      );
      expect(durations.length, kind).toBeGreaterThan(0);
      expect(new Set(durations), kind).toEqual(new Set(['1e-05s']));
    });
  });

  it('stop autoplay: the dashboard placeholders stop looping', async () => {
    await visitEach({ disableAutoplay: true }, [], async () => {}, async (page) => {
      expect((await skeletonAnimation(page)).state).toBe('paused');
    });
  });

  it('high contrast: darker secondary text and firmer card borders everywhere', async () => {
    await visitEach({ highContrast: true }, KINDS, async (page, kind) => {
      const now = await snapshot(page);
      expect(now.muted, kind).not.toBe(base[kind].muted);
      expect(now.cardBorder, kind).toBe('2px');
    });
  });

  it('reduce transparency: every top bar is solid, without blur', async () => {
    await visitEach({ reducedTransparency: true }, KINDS, async (page, kind) => {
      const now = await snapshot(page);
      expect(now.headerBlur, kind).toBe('none');
      expect(alpha(now.headerBackground), kind).toBe(1);
    });
  });

  it('enlarge text: one step larger text everywhere', async () => {
    await visitEach({ enlargeText: true }, KINDS, async (page, kind) => {
      expect((await snapshot(page)).fontSize, kind).toBe('18px');
    });
  });

  it('strong focus indicators, turned off: the plain, thinner ring', async () => {
    await visitEach({ focusIndicators: false }, ['landing', 'admin'], async (page, kind) => {
      expect(await focusRingWidth(page), kind).toBe('2px');
    });
  });

  it('colour-blind friendly: a safer palette everywhere, and status dots get shapes where statuses show', async () => {
    await visitEach({ colorBlindFriendly: true }, KINDS, async (page, kind) => {
      const now = await snapshot(page);
      expect(now.statusColour, kind).not.toBe(base[kind].statusColour);
      if (kind === 'project' || kind === 'admin') expect(now.statusShape, kind).toContain('data:image/svg+xml');
    });
  });

  it('show progress, turned off: no reading bar', async () => {
    await visitEach({ showProgress: false }, KINDS, async (page, kind) => {
      expect((await snapshot(page)).progress, kind).toBe('none');
    });
  });

  it('breadcrumbs: a trail ending at the current page, on a project and an admin page', async () => {
    await visitEach({ breadcrumbs: true }, ['project', 'admin'], async (page, kind) => {
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await trail.isVisible(), kind).toBe(true);
      expect(await trail.getByRole('link').first().innerText(), kind).toBe('Home');
      expect(await trail.locator('[aria-current=page]').innerText(), kind).toBe(
        await page.getByRole('heading', { level: 1 }).innerText(),
      );
    });
  });

  it('reduce stimuli: no shadows anywhere, no glows, still placeholders, stat cards that do not grow', async () => {
    await visitEach(
      { reducedStimuli: true },
      KINDS,
      async (page, kind) => {
        const now = await snapshot(page);
        expect(now.cardShadow, kind).toBe('none');
        if (base[kind].glow) expect(now.glow, kind).toBe('none');
        if (kind === 'dashboard') {
          const body = page.locator('#stats .stat-card-body').first();
          await body.hover();
          expect(await body.evaluate((element) => getComputedStyle(element).scale)).toBe('none');
        }
      },
      async (page) => expect((await skeletonAnimation(page)).name).toBe('none'),
    );
  });

  it('calm colours: a softer palette everywhere', async () => {
    await visitEach({ calmColors: true }, KINDS, async (page, kind) => {
      expect((await snapshot(page)).accent, kind).not.toBe(base[kind].accent);
    });
  });

  it('no flashing: the dashboard placeholders stop pulsing', async () => {
    await visitEach({ noFlashing: true }, [], async () => {}, async (page) => {
      expect((await skeletonAnimation(page)).name).toBe('none');
    });
  });

  it('quiet mode: no glows or shadows, still placeholders', async () => {
    await visitEach(
      { quietMode: true },
      KINDS,
      async (page, kind) => {
        const now = await snapshot(page);
        expect(now.cardShadow, kind).toBe('none');
        if (base[kind].glow) expect(now.glow, kind).toBe('none');
      },
      async (page) => expect((await skeletonAnimation(page)).name).toBe('none'),
    );
  });

  it('emphasise important items: primary buttons ringed, key figures stronger', async () => {
    await visitEach({ emphasizeImportant: true }, ['landing', 'dashboard', 'admin'], async (page, kind) => {
      const now = await snapshot(page);
      if (kind !== 'dashboard') expect(now.primaryRing, kind).not.toBe(base[kind].primaryRing);
      if (kind !== 'landing') expect(now.keyFigure, kind).toBe('800');
    });
  });
});

describe('the other settings of the drawer', () => {
  it('each colour scheme and the layouts change the landing page; text size and line spacing apply', async () => {
    for (const [colorScheme, background] of [
      ['calm', 'rgb(242, 243, 239)'],
      ['high-contrast', 'rgb(255, 255, 255)'],
      ['warm', 'rgb(251, 245, 236)'],
    ] as const) {
      await visitEach({ colorScheme }, ['landing'], async (page) => {
        expect((await snapshot(page)).bodyBackground, colorScheme).toBe(background);
      });
    }
    expect(base.landing.bodyBackground).toBe('rgb(246, 248, 251)');
    const container = (page: Page) =>
      page.evaluate(() => {
        const style = getComputedStyle(document.querySelector('main .container-page')!);
        return [style.maxWidth, style.paddingLeft];
      });
    await visitEach({ layout: 'minimal', fontSize: 20, lineHeight: 2 }, ['landing'], async (page) => {
      // 60rem and 1.5rem (960 px and 24 px at 16 px): widths are in rem, so they grow with the text.
      expect(await container(page)).toEqual(['1200px', '30px']);
      expect(await page.evaluate(() => [getComputedStyle(document.documentElement).fontSize, getComputedStyle(document.body).lineHeight])).toEqual([
        '20px',
        '40px',
      ]);
    });
    await visitEach({ layout: 'spacious' }, ['landing'], async (page) => {
      expect(await container(page)).toEqual(['1200px', '30px']);
    });
  });

  it('reading ruler: a clear band of the chosen lines over a tint, on every kind of page', async () => {
    await visitEach({ readingRuler: 5 }, KINDS, async (page, kind) => {
      const ruler = await page.evaluate(() => {
        const band = document.querySelector('[data-reading-ruler]')!;
        const tint = document.querySelector('[data-ruler-tint]')!;
        return {
          band: getComputedStyle(band).display,
          height: band.getBoundingClientRect().height,
          line: Number.parseFloat(getComputedStyle(document.body).lineHeight),
          tint: getComputedStyle(tint).backgroundColor,
          clip: getComputedStyle(tint).clipPath,
        };
      });
      expect(ruler.band, kind).toBe('block');
      expect(ruler.height, kind).toBeGreaterThanOrEqual(5 * ruler.line - 1);
      expect(alpha(ruler.tint), kind).toBeGreaterThan(0);
      expect(ruler.clip, kind).toMatch(/^polygon\(evenodd/);
    });
  });

  it('letters and lines: the chosen typeface, spacing and line length on every kind of page', async () => {
    const settings = { typeface: 'serif', letterSpacing: 0.1, wordSpacing: 0.3, paragraphSpacing: 1, contentWidth: 'narrow' } as const;
    await visitEach(settings, KINDS, async (page, kind) => {
      const text = await page.evaluate(() => {
        const paragraph = document.querySelector('main p')!;
        const style = getComputedStyle(paragraph);
        return { family: getComputedStyle(document.body).fontFamily, letter: style.letterSpacing, word: style.wordSpacing, width: style.maxWidth };
      });
      expect(text.family, kind).toMatch(/^ui-serif/);
      expect(text.letter, kind).not.toBe('normal');
      expect(text.word, kind).not.toBe('0px');
      expect(text.width, kind).not.toBe('none');
    });
  });

  it('break reminders suggest a short break after the chosen time of continuous use, gently and dismissibly', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await storeSettingsBeforeLoad(page, { breakReminders: true, breakReminderMinutes: 5 });
    await page.goto('/public-projects');
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
    await eventually(() => reminder.isVisible()).toBe(true);
    await context.close();
  });
});

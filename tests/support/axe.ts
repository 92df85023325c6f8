import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The minified build (650 KB): `axe.source` is the readable one (1.5 MB), and sending and compiling it was a
 * sixth of each scan's processor time.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const preloaded = new WeakSet<BrowserContext>();

/**
 * Has every page the context opens from now on start with axe loaded, for files that scan page after page: the
 * browser keeps the source, so it no longer crosses the test's connection for each scan. The pages' own scripts
 * never call it.
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  if (preloaded.has(context)) return;
  preloaded.add(context);
  await context.addInitScript({ content: AXE_SOURCE });
}

/**
 * WCAG 2.2 AA: zero violations, reported by rule and element so a failure says what to fix.
 * axe-core's own API in the page (its source, then axe.run): @axe-core/playwright evaluates the 560 KB
 * source twice per scan, and its default mode finishes in a blank page of its own; together about half of
 * each scan's time on this machine (docs/decisions/020-axe-run-in-the-page.md). Only violations are
 * collected in full: passes are not read.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${label}`).toEqual([]);
}

/** The WCAG 2.2 AA violations on the page as it is now, one line per rule: "rule (impact): elements". */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: an entrance still running (a toast fading in) is waited for, not measured half-way.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.timeline === document.timeline && animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((results) => results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }))),
    WCAG_22_AA,
  );
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

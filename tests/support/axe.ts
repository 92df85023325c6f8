import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

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
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
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

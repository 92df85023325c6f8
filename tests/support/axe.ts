import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * WCAG 2.2 AA: zero violations, reported by rule and element so a failure says what to fix.
 * Legacy mode runs axe.run() in the page itself. The default mode finishes every run in a blank page of
 * its own (made for cross-origin frames, which our pages never have), and that page cost more than the
 * rules: about a second per scan on this machine, over half of the CI time of the axe matrices.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

import { describe, expect, it } from 'vitest';
import { ACCESSIBILITY_SWITCHES } from '#src/lib/accessibility-settings.ts';
import { EXPLANATIONS, GROUPS } from './groups.ts';

describe('the settings drawer groups', () => {
  it('offer every setting exactly once, each switch with a plain explanation', () => {
    const rows = GROUPS.flatMap((group) => group.rows.map((row) => (row.kind === 'switch' ? row.key : row.kind)));
    expect([...rows].sort()).toEqual(
      [
        ...ACCESSIBILITY_SWITCHES,
        'fontSize',
        'lineHeight',
        'letterSpacing',
        'wordSpacing',
        'paragraphSpacing',
        'typeface',
        'contentWidth',
        'colorScheme',
        'layout',
        'breakReminderMinutes',
        'readingRuler',
      ].sort(),
    );
    for (const key of ACCESSIBILITY_SWITCHES) expect(EXPLANATIONS[key].length).toBeGreaterThan(10);
  });
});

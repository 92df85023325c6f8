import { describe, expect, it } from 'vitest';
import { MOOD_LEVEL_NAMES } from '#domain/vocabulary.ts';
import { shiftDay, yearGrid } from './year-grid.ts';

// A Thursday.
const TODAY = '2026-06-04';

describe('yearGrid', () => {
  it('lays out 365 days as weeks by weekday, Monday first, with nothing outside them', () => {
    const { rows } = yearGrid(TODAY, new Map(), { unit: 'steps' });
    expect(rows).toHaveLength(7);
    const cells = rows.flat().filter((cell) => cell !== null);
    expect(cells).toHaveLength(365);
    // The last column ends today (a Thursday): Friday to Sunday are outside the year.
    expect(rows.map((row) => row.at(-1)?.day ?? null)).toEqual([shiftDay(TODAY, -3), shiftDay(TODAY, -2), shiftDay(TODAY, -1), TODAY, null, null, null]);
    expect(rows[3]!.at(-1)!.label).toBe('Thursday, June 4, 2026: nothing recorded');
  });

  it('reads mood as its named levels', () => {
    const model = yearGrid(TODAY, new Map([[TODAY, 4], [shiftDay(TODAY, -1), 2]]), { unit: '', levelNames: MOOD_LEVEL_NAMES });
    expect(model.rows[3]!.at(-1)).toMatchObject({ level: 4, label: 'Thursday, June 4, 2026: 4 (Good)' });
    expect(model.legend.map((entry) => entry.text)).toEqual(['1 Rough', '2 Low', '3 Okay', '4 Good', '5 Great']);
    expect(model.focusDay).toBe(TODAY);
  });

  it('bins a metric into quintiles of its year, with a legend of ranges and a month table', () => {
    const values = new Map(Array.from({ length: 10 }, (_, index) => [shiftDay(TODAY, -index), (index + 1) * 1000] as [string, number]));
    const model = yearGrid(TODAY, values, { unit: 'steps' });
    expect(model.rows[3]!.at(-1)).toMatchObject({ value: 1000, level: 1, label: 'Thursday, June 4, 2026: 1,000 steps' });
    expect(model.legend.map((entry) => entry.text)).toEqual(['up to 3,000 steps', '3,000–5,000 steps', '5,000–7,000 steps', '7,000–9,000 steps', 'over 9,000 steps']);
    const june = model.months.at(-1)!;
    expect(june).toEqual({ month: 'June 2026', days: 4, average: 2500, low: 1000, high: 4000 });
  });
});

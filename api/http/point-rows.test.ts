import { describe, expect, it } from 'vitest';
import { parsePoints, RowError } from './point-rows.ts';

const NOW = new Date('2026-11-20T03:00:00Z');
const refusal = (body: unknown, zone = 'UTC') => {
  try {
    parsePoints(body, zone, NOW);
  } catch (error) {
    return error instanceof RowError
      ? { row: error.row, field: error.field, message: error.message }
      : { field: (error as RowError).field, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
};

describe('points in a request body', () => {
  it('takes one point, a batch, or { points }; `at` defaults to now; a date alone is noon in the owner’s zone', () => {
    expect(parsePoints({ value: 3 }, 'UTC', NOW)).toEqual([{ at: NOW, value: 3, note: undefined }]);
    const batch = parsePoints(
      [
        { at: '2026-11-01', value: 1 },
        { at: '2026-11-02T08:00:00+02:00', value: 2, note: 'n' },
      ],
      'Europe/Berlin',
      NOW,
    );
    expect(batch.map((row) => row.at.toISOString())).toEqual(['2026-11-01T11:00:00.000Z', '2026-11-02T06:00:00.000Z']);
    expect(parsePoints({ points: [{ value: 1 }] }, 'UTC', NOW)).toHaveLength(1);
  });

  it('names the field and the row of the first bad point', () => {
    expect(refusal([{ value: 1 }, { value: 'x' }])).toEqual({
      row: 1,
      field: 'points[1].value',
      message: 'points[1].value: must be a finite number',
    });
    expect(refusal([{ value: 1 }, { value: 1 }, { at: '20.11.2026', value: 1 }])).toMatchObject({
      row: 2,
      field: 'points[2].at',
    });
    expect(refusal([{ value: 1, colour: 'red' }])).toMatchObject({ row: 0, field: 'points[0].colour' });
    expect(refusal({})).toMatchObject({ row: 0, field: 'value', message: 'value: is required' });
  });

  it('refuses a date more than one day ahead, accepts one within the day', () => {
    expect(refusal([{ at: '2026-11-21T04:00:00Z', value: 1 }])).toMatchObject({
      row: 0,
      field: 'points[0].at',
      message: 'points[0].at: must not be more than one day in the future',
    });
    expect(parsePoints([{ at: '2026-11-21T02:00:00Z', value: 1 }], 'UTC', NOW)).toHaveLength(1);
  });

  it('refuses an empty batch and one over 1,000 points', () => {
    expect(refusal([])).toMatchObject({ field: 'points' });
    expect(refusal(Array.from({ length: 1001 }, () => ({ value: 1 })))).toMatchObject({
      field: 'points',
      message: expect.stringContaining('at most 1000'),
    });
    expect(
      parsePoints(
        Array.from({ length: 1000 }, (_, i) => ({
          at: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
          value: i,
        })),
        'UTC',
        NOW,
      ),
    ).toHaveLength(1000);
  });
});

import { describe, expect, it } from 'vitest';
import { checkFile, checkRow, readHeader, sendInChunks, tidyDate, type ReadyRow } from './point-import.ts';

const map = { at: 0, value: 1, note: 2 };
const now = Date.parse('2026-06-01T12:00:00Z');

describe('checking a CSV row with the server’s shape', () => {
  it('accepts a date and a number, and names the column of each refusal', () => {
    expect(checkRow(['2026-05-01', '8123', ' walk '], map, 2, now)).toEqual({ line: 2, point: { at: '2026-05-01', value: 8123, note: 'walk' } });
    expect(checkRow(['2026-05-01', '', ''], map, 3, now)).toEqual({ line: 3, reason: 'Value is required' });
    expect(checkRow(['2026-05-01', 'lots', ''], map, 4, now)).toEqual({ line: 4, reason: 'Value must be a number' });
    expect(checkRow(['01/05/2026', '1', ''], map, 5, now)).toEqual({ line: 5, reason: 'Date must be an ISO 8601 date or date and time' });
    expect(checkRow(['', '1', ''], map, 6, now)).toEqual({ line: 6, reason: 'Date is required' });
    expect(checkRow(['2026-06-05', '1', ''], map, 7, now)).toEqual({ line: 7, reason: 'Date must not be more than one day in the future' });
    expect(checkRow(['2026-05-01', '1', 'x'.repeat(501)], map, 8, now)).toEqual({ line: 8, reason: 'Note must be at most 500 characters' });
  });

  it('tidies Apple Health’s space before the offset', () => {
    expect(tidyDate(' 2024-01-01 08:00:00 +0100 ')).toBe('2024-01-01 08:00:00+0100');
  });

  it('guesses the date, value and note columns from the header', () => {
    expect(readHeader('Start Date,Steps (count),Comment\n').guess).toEqual({ at: 0, value: 1, note: 2 });
    expect(readHeader('x,day\n').guess).toEqual({ at: 1, value: 0, note: null });
  });

  it('reads a whole file, header aside', async () => {
    const { ready, refused } = await checkFile('date,value\n2020-01-01,1\n2020-01-02,x\n2020-01-03,3\n', { at: 0, value: 1, note: null }, () => {}, 1);
    expect(ready.map((row) => row.line)).toEqual([2, 4]);
    expect(refused).toEqual([{ line: 3, reason: 'Value must be a number' }]);
  });
});

describe('sending rows in chunks', () => {
  const rows: ReadyRow[] = Array.from({ length: 5 }, (_, i) => ({ line: i + 2, point: { at: `2020-01-0${i + 1}`, value: i, note: null } }));

  it('takes out a row the server refuses and sends the rest of its chunk again; other chunks go on', async () => {
    const sent: number[][] = [];
    const post = async (body: unknown) => {
      const points = (body as { points: { value: number }[] }).points;
      sent.push(points.map((p) => p.value));
      const bad = points.findIndex((p) => p.value === 1);
      if (bad >= 0) return Response.json({ error: `points[${bad}].at: must not be more than one day in the future`, field: `points[${bad}].at`, row: bad }, { status: 400 });
      return Response.json({ inserted: points.length, updated: 0 });
    };
    const progress: number[] = [];
    const result = await sendInChunks('steps', rows, (done) => progress.push(done), 2, post);
    expect(sent).toEqual([[0, 1], [0], [2, 3], [4]]);
    expect(progress).toEqual([2, 4, 5]);
    expect(result).toEqual({ inserted: 4, updated: 0, refused: [{ line: 3, reason: 'Date must not be more than one day in the future' }], failed: [] });
  });
});

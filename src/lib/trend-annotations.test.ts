import { describe, expect, it } from 'vitest';
import type { TimelineItem, TrendItem } from './dashboard-types.ts';
import { annotationsFor } from './trend-annotations.ts';

const event = (id: number, date: string, title: string): TimelineItem => ({ id, date, title, description: '', category: 'x', color: '#6fffe9', tags: [] });
const trend = (extra: Partial<TrendItem>): TrendItem => ({ id: 1, name: 'T', data: [1, 2, 3], labels: ['a', 'b', 'c'], color: '#6fffe9', unit: '', description: '', ...extra });

describe('timeline events on a trend chart', () => {
  it('places an event at the month that holds its date, oldest first, and leaves out the ones outside', () => {
    const backed = trend({ labels: ['Jan', 'Feb', 'Mar'], periods: ['2026-01', '2026-02', '2026-03'] });
    const events = [event(1, '2026-03-21', 'Launch'), event(2, '2025-12-31', 'Too early'), event(3, '2026-01-05', 'Start')];
    expect(annotationsFor(backed, events)).toEqual([
      { id: 3, index: 0, title: 'Start', date: 'Jan 5, 2026' },
      { id: 1, index: 2, title: 'Launch', date: 'Mar 21, 2026' },
    ]);
  });

  it('places events on a hand-set trend only where its labels name a month and a year', () => {
    expect(annotationsFor(trend({ labels: ['Jan', 'Feb', 'Mar'] }), [event(1, '2026-02-02', 'x')])).toEqual([]);
    expect(annotationsFor(trend({ labels: ['Jan 2026', '2026-02', 'Mar 2026'] }), [event(1, '2026-02-02', 'x'), event(2, '2026-03-09', 'y')]).map((a) => a.index)).toEqual([1, 2]);
  });
});

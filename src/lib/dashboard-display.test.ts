import { describe, expect, it } from 'vitest';
import { DEEP_DIVE_BLOCKS, PILL_FALLBACK, focusPillText, formatEventDate, recentProjects } from './dashboard-display.ts';

describe('dashboard display rules', () => {
  it('shows the focus activity in the pill, and the fallback when there is none', () => {
    const activities = [
      { id: 1, type: 'learning', title: 'Web Audio' },
      { id: 2, type: 'focus', title: 'Building a chart kit' },
    ];
    expect(focusPillText(activities)).toBe('Currently: Building a chart kit');
    expect(focusPillText([{ id: 1, type: 'learning', title: 'Web Audio' }])).toBe(PILL_FALLBACK);
    expect(focusPillText([{ id: 1, type: 'focus', title: '   ' }])).toBe(PILL_FALLBACK);
    expect(focusPillText(null)).toBe('Currently: Building the future, one dashboard at a time');
  });

  it("writes timeline dates as 'MMM d, yyyy' without shifting the day", () => {
    expect(formatEventDate('2024-02-05')).toBe('Feb 5, 2024');
    expect(formatEventDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatEventDate('2025-01-01T00:00:00Z')).toBe('Jan 1, 2025');
    expect(formatEventDate('someday')).toBe('someday');
  });

  it('lists at most three projects per category, latest start date first, undated last', () => {
    const projects = [
      { id: 1, category: 'creative', startDate: '2024-01-01' },
      { id: 2, category: 'creative', startDate: null },
      { id: 3, category: 'creative', startDate: '2025-06-01' },
      { id: 4, category: 'research', startDate: '2026-01-01' },
      { id: 5, category: 'creative', startDate: '2024-05-01' },
      { id: 6, category: 'creative', startDate: '' },
    ];
    expect(recentProjects(projects, 'creative').map((p) => p.id)).toEqual([3, 5, 1]);
    expect(recentProjects(projects, 'creative', 10).map((p) => p.id)).toEqual([3, 5, 1, 6, 2]);
    expect(recentProjects(projects, 'personal')).toEqual([]);
  });

  it('anchors the four Deep Dive blocks with SPEC\'s static values', () => {
    expect(DEEP_DIVE_BLOCKS.map((block) => block.id)).toEqual(['personal-development', 'development', 'creative', 'research']);
    expect(DEEP_DIVE_BLOCKS.map((block) => block.stats.map((stat) => stat.value))).toEqual([
      [85, 90, 95],
      [100, 85, 75],
      [25, 40, 15],
      [60, 70, 50],
    ]);
    expect(DEEP_DIVE_BLOCKS[0]!.stats.every((stat) => stat.unit === '%')).toBe(true);
  });
});

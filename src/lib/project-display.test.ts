import { describe, expect, it } from 'vitest';
import { asList, categoryLabel, firstOf, formatLocalDate, matchesSearch, publicCategory, statusInfo } from './project-display.ts';

describe('project display rules', () => {
  it('remaps development, creative and personal to ui-ux-design on the public list, but not research', () => {
    expect(['development', 'creative', 'personal', 'research'].map(publicCategory)).toEqual([
      'ui-ux-design',
      'ui-ux-design',
      'ui-ux-design',
      'research',
    ]);
  });
  it('labels ui-ux-design as UI/UX Design and a missing category as General', () => {
    expect(categoryLabel('ui-ux-design')).toBe('UI/UX Design');
    expect(categoryLabel('')).toBe('General');
  });
  it('colours statuses yellow, red, green and unknown grey, with planned as the default', () => {
    expect(statusInfo('planned').color).toContain('planned');
    expect(statusInfo('active').color).toContain('active');
    expect(statusInfo('completed').color).toContain('completed');
    expect(statusInfo('paused')).toEqual({ label: 'Paused', color: 'var(--status-unknown)' });
    expect(statusInfo(undefined).label).toBe('Planned');
  });
  it('treats a non-array list as empty', () => {
    expect(asList('react')).toEqual([]);
    expect(asList(['a', 2, 'b'])).toEqual(['a', 'b']);
  });
  it('counts what is left over for the +N badge', () => {
    expect(firstOf(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
  it('searches name and description without regard to case', () => {
    expect(matchesSearch({ name: 'Tide Tables', description: 'A calm chart' }, 'CALM')).toBe(true);
    expect(matchesSearch({ name: 'Tide Tables', description: null }, 'moon')).toBe(false);
  });
  it('formats a calendar date without shifting the day', () => {
    expect(formatLocalDate('2025-03-01', 'en-US')).toBe('Mar 1, 2025');
    expect(formatLocalDate('', 'en-US')).toBeNull();
  });
});

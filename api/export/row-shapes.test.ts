import { describe, expect, it } from 'vitest';
import { columnOf, checkedTables, rowProblem } from './row-shapes.ts';
import { exportedTables } from './tables.ts';

describe('restored rows checked with the domain shapes', () => {
  it('maps every checked field to a column its table has', () => {
    const tables = new Map(exportedTables().map((info) => [info.name, info.columns]));
    for (const { table, columns } of checkedTables()) {
      for (const column of columns) expect(tables.get(table), `${table}.${column}`).toContain(column);
    }
    expect(columnOf('caseStudyPublished')).toBe('case_study_published');
  });

  it('names the field and the problem, as the form would', () => {
    expect(rowProblem('projects', { name: 'Loom', description: '', status: 'active', progress: 1, category: 'x', tags: [], technologies: [], url: 'javascript:alert(1)' })).toBe(
      'url: must be an http(s) address',
    );
    expect(rowProblem('playlists', { id: 'p1', name: 'Deep', tracks_total: 0, spotify_url: 'data:text/html,x', moods: ['focused'], activities: ['work'] })).toBe(
      'spotify_url: must be an http(s) address',
    );
    expect(rowProblem('metric_points', { at: '2026-03-01T08:00:00+00:00', value: 1, note: 'fine' })).toBeNull();
    expect(rowProblem('images', { key: 'anything' })).toBeNull();
  });
});

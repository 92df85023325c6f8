import { describe, expect, it } from 'vitest';
import { kpiCreate, projectCreate, timelineCreate } from '#domain/shapes.ts';
import {
  BLANK_IMPORT_ROW,
  EMPTY_KPI,
  EMPTY_PROJECT,
  emptyTimeline,
  fromList,
  fromSparkline,
  hasName,
  importPayload,
  kpiDraft,
  kpiPayload,
  nextPosition,
  projectDraft,
  projectPayload,
  timelineDraft,
  timelinePayload,
  todayIso,
  toList,
  toOptionalText,
  toProgress,
  toSparkline,
} from './form-conversions.ts';

describe('comma-separated lists (tags, technologies)', () => {
  it('splits on commas and trims every entry', () => {
    expect(toList('  React ,TypeScript,  Node.js  ')).toEqual(['React', 'TypeScript', 'Node.js']);
  });
  it('drops empty entries left by doubled or trailing commas', () => {
    expect(toList('a,, b ,')).toEqual(['a', 'b']);
  });
  it('turns empty or blank text into an empty list', () => {
    expect(toList('')).toEqual([]);
    expect(toList('   ')).toEqual([]);
  });
  it('joins a stored list back into the text a form shows', () => {
    expect(fromList(['a', 'b'])).toBe('a, b');
    expect(fromList(null)).toBe('');
  });
});

describe('progress', () => {
  it('turns a non-numeric entry into 0', () => {
    expect(toProgress('abc')).toBe(0);
  });
  it('turns an empty entry into 0', () => {
    expect(toProgress('')).toBe(0);
    expect(toProgress('  ')).toBe(0);
  });
  it('reads a number as typed, spaces around it ignored', () => {
    expect(toProgress(' 42 ')).toBe(42);
  });
  it('keeps an out-of-range number so validation can name the problem', () => {
    expect(toProgress('150')).toBe(150);
    expect(projectCreate.safeParse({ ...projectPayload({ ...EMPTY_PROJECT, name: 'x', category: 'c', progress: '150' }) }).success).toBe(false);
  });
});

describe('sparkline input', () => {
  it('keeps the numbers and drops non-numeric entries', () => {
    expect(toSparkline('1, x, 3')).toEqual([1, 3]);
  });
  it('reads decimals and negative numbers', () => {
    expect(toSparkline('1.5, -2, 0')).toEqual([1.5, -2, 0]);
  });
  it('gives null for empty text', () => {
    expect(toSparkline('')).toBeNull();
    expect(toSparkline(' , ')).toBeNull();
  });
  it('gives null when no entry is a number, so no empty sparkline is stored', () => {
    expect(toSparkline('x, y')).toBeNull();
  });
  it('joins stored numbers back into the text a form shows', () => {
    expect(fromSparkline([1, 2.5])).toBe('1, 2.5');
    expect(fromSparkline(null)).toBe('');
  });
});

describe('optional text and dates', () => {
  it('turns a blank optional field into null and trims the rest', () => {
    expect(toOptionalText('  ')).toBeNull();
    expect(toOptionalText(' kg ')).toBe('kg');
  });
  it('gives today as a local calendar day', () => {
    expect(todayIso(new Date(2025, 0, 7, 23, 30))).toBe('2025-01-07');
  });
});

describe('the project form', () => {
  it('starts with SPEC defaults: empty texts and dates, status planned, progress 0', () => {
    expect(EMPTY_PROJECT).toMatchObject({ name: '', description: '', category: '', startDate: '', endDate: '', status: 'planned', progress: '0' });
  });
  it('sends lists, a numeric progress and empty dates as null, and the API shape accepts it', () => {
    const payload = projectPayload({ ...EMPTY_PROJECT, name: 'Kiln', category: 'creative', tagsInput: ' a , b', progress: 'abc' });
    expect(payload).toMatchObject({ tags: ['a', 'b'], technologies: [], progress: 0, startDate: null, endDate: null });
    expect(projectCreate.safeParse(payload).success).toBe(true);
  });
  it('prefills from a stored project and sends the same project back', () => {
    const stored = {
      name: 'Kiln',
      description: 'd',
      status: 'active',
      progress: 40,
      category: 'creative',
      tags: ['a'],
      technologies: ['React', 'Vite'],
      startDate: '2025-01-02',
      endDate: null,
    };
    expect(projectPayload(projectDraft(stored))).toEqual(stored);
  });
});

describe('a bulk-import row', () => {
  it('defaults to completed at 100 percent', () => {
    expect(BLANK_IMPORT_ROW).toMatchObject({ status: 'completed', progress: '100', name: '' });
  });
  it('counts as filled only when its name is not blank', () => {
    expect(hasName({ ...BLANK_IMPORT_ROW, name: '   ' })).toBe(false);
    expect(hasName({ ...BLANK_IMPORT_ROW, name: 'x' })).toBe(true);
  });
  it('leaves out empty dates, url and imageUrl', () => {
    const payload = importPayload({ ...BLANK_IMPORT_ROW, name: 'x', category: 'c' });
    expect(payload).not.toHaveProperty('startDate');
    expect(payload).not.toHaveProperty('endDate');
    expect(payload).not.toHaveProperty('url');
    expect(payload).not.toHaveProperty('imageUrl');
    expect(projectCreate.safeParse(payload).success).toBe(true);
  });
  it('sends a start date that was given', () => {
    expect(importPayload({ ...BLANK_IMPORT_ROW, name: 'x', category: 'c', startDate: '2024-05-01' })).toMatchObject({ startDate: '2024-05-01' });
  });
});

describe('the KPI form', () => {
  it('starts in the default colour #6fffe9 with a known icon', () => {
    expect(EMPTY_KPI.color).toBe('#6fffe9');
    expect(EMPTY_KPI.icon).toBe('Package');
  });
  it('sends blank optional fields as null and the sparkline as numbers', () => {
    const payload = kpiPayload({ ...EMPTY_KPI, name: 'Books', value: '12', category: 'reading', sparklineInput: '1, x, 3' });
    expect(payload).toMatchObject({ unit: null, change: null, tooltip: null, sparklineData: [1, 3] });
    expect(kpiCreate.safeParse(payload).success).toBe(true);
  });
  it('places a new KPI after the last card in the grid', () => {
    expect(nextPosition([])).toBe('0');
    expect(nextPosition([{ position: 0 }, { position: 7 }, { position: 2 }])).toBe('8');
  });
  it('prefills from a stored KPI', () => {
    const draft = kpiDraft({ name: 'n', value: '1', unit: null, icon: 'Zap', color: '#000000', change: null, sparklineData: [1, 2], tooltip: null, category: 'c', position: 3 });
    expect(draft).toMatchObject({ unit: '', sparklineInput: '1, 2', change: '', position: '3' });
  });
});

describe('the timeline form', () => {
  it('starts dated today in the default colour', () => {
    expect(emptyTimeline(new Date(2025, 5, 1))).toMatchObject({ date: '2025-06-01', color: '#6fffe9', title: '' });
  });
  it('sends tags as a trimmed list, and the API shape accepts it', () => {
    const payload = timelinePayload({ ...emptyTimeline(), title: 'Launch', category: 'milestone', tagsInput: 'x , y' });
    expect(payload.tags).toEqual(['x', 'y']);
    expect(timelineCreate.safeParse(payload).success).toBe(true);
  });
  it('prefills from a stored event', () => {
    expect(timelineDraft({ date: '2024-01-01', title: 't', description: '', category: 'c', color: '#111111', tags: ['a', 'b'] }).tagsInput).toBe('a, b');
  });
});

import { describe, expect, it } from 'vitest';
import { kpiCreate, metricGoalSave, projectCreate, projectUpdate, timelineCreate } from './shapes.ts';

const project = {
  name: 'Tide Tables',
  description: 'A calm tide chart.',
  status: 'planned',
  progress: 0,
  category: 'development',
  tags: [],
  technologies: [],
  startDate: '',
  endDate: '',
};

describe('project create shape', () => {
  it('accepts a project with the form defaults', () => {
    expect(projectCreate.safeParse(project).success).toBe(true);
  });
  it('refuses progress above 100 and names the field', () => {
    const result = projectCreate.safeParse({ ...project, progress: 101 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['progress']);
  });
  it('refuses a javascript: url', () => {
    expect(projectCreate.safeParse({ ...project, url: 'javascript:alert(1)' }).success).toBe(false);
  });
  it('turns an empty url into null so it clears the field', () => {
    expect(projectUpdate.parse({ url: '' })).toEqual({ url: null });
  });
  it('refuses unknown fields', () => {
    const result = projectCreate.safeParse({ ...project, role: 'admin' });
    expect(result.success).toBe(false);
  });
  it('requires a name', () => {
    const result = projectCreate.safeParse({ ...project, name: '   ' });
    expect(result.error?.issues[0]?.path).toEqual(['name']);
  });
});

describe('kpi and timeline shapes', () => {
  it('refuses a colour that is not #rrggbb', () => {
    const kpi = { name: 'Focus', value: '6h', icon: 'Clock', color: 'red', category: 'time', position: 0 };
    expect(kpiCreate.safeParse(kpi).error?.issues[0]?.path).toEqual(['color']);
  });
  it('requires a timeline date', () => {
    const event = { date: '', title: 'Launch', description: '', category: 'milestone', color: '#6fffe9', tags: [] };
    expect(timelineCreate.safeParse(event).error?.issues[0]?.path).toEqual(['date']);
  });
});

describe('metric goal shape', () => {
  it('keeps rest days for a daily goal only', () => {
    expect(metricGoalSave.parse({ period: 'day', kind: 'fixed', amount: 15, restDays: 2 })).toMatchObject({ restDays: 2 });
    expect(metricGoalSave.parse({ period: 'week', kind: 'fixed', amount: 10 })).toMatchObject({ restDays: 0 });
    expect(metricGoalSave.parse({ period: 'week', kind: 'fixed', amount: 10, restDays: 0 })).toMatchObject({ restDays: 0 });
  });
  it('refuses a weekly goal with rest days and names the field', () => {
    const result = metricGoalSave.safeParse({ period: 'week', kind: 'adaptive', restDays: 1 });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['restDays'], 'must be 0 for a weekly goal']]);
  });
});

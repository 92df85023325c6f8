import { describe, expect, it } from 'vitest';
import { readJournal } from './format.ts';
import { upgradeTables, UPGRADES, type ArchiveTables, type Upgrade } from './upgrades.ts';

const journal = [
  { idx: 0, tag: '0000_a' },
  { idx: 1, tag: '0001_b' },
  { idx: 2, tag: '0002_c' },
];

const tables = (): ArchiveTables =>
  new Map([
    ['notes', { columns: ['id', 'text'], rows: [{ id: 1, text: 'hi' }] }],
    ['tags', { columns: ['id'], rows: [{ id: 7 }] }],
  ]);

// Two steps for a made-up journal: 0001 renames a column, 0002 renames a table and adds a column.
const steps: Upgrade[] = [
  {
    migration: '0002_c',
    why: 'notes became posts, with a status',
    renameTables: { notes: 'posts' },
    addColumns: { posts: ['status'] },
    row: (table, row) => (table === 'posts' ? { ...row, status: 'published' } : row),
  },
  {
    migration: '0001_b',
    why: 'text became body',
    addColumns: { notes: ['body'] },
    dropColumns: { notes: ['text'] },
    row: (table, row) => (table === 'notes' ? { ...row, body: row.text } : row),
  },
];

describe('forward migration of older archives', () => {
  it('applies every later step in journal order, to rows and column lists', () => {
    const { tables: upgraded, applied } = upgradeTables(tables(), 0, steps, journal);
    expect(applied).toEqual(['0001_b', '0002_c']);
    expect(upgraded.get('posts')).toEqual({
      columns: ['id', 'body', 'status'],
      rows: [{ id: 1, body: 'hi', status: 'published' }],
    });
    expect(upgraded.has('notes')).toBe(false);
    expect(upgraded.get('tags')).toEqual({ columns: ['id'], rows: [{ id: 7 }] });
  });

  it('skips the steps an archive already went through, and leaves a current one as written', () => {
    expect(upgradeTables(tables(), 1, steps, journal).applied).toEqual(['0002_c']);
    const current = upgradeTables(tables(), 2, steps, journal);
    expect(current.applied).toEqual([]);
    expect(current.tables).toEqual(tables());
  });

  it('names only migrations the journal knows, at most one step each', () => {
    const tags = new Set(readJournal().entries.map((entry) => entry.tag));
    for (const step of UPGRADES) expect(tags.has(step.migration), step.migration).toBe(true);
    expect(new Set(UPGRADES.map((step) => step.migration)).size).toBe(UPGRADES.length);
    expect(() => upgradeTables(tables(), 0, [{ ...steps[0]!, migration: '0099_x' }], journal)).toThrow(/0099_x/);
  });
});

describe('the steps of this project', () => {
  it('0006_project_case_studies: an older project has no case study and was last changed when it was made', () => {
    const index = readJournal().entries.find((entry) => entry.tag === '0005_image_unreferenced_since')!.idx;
    const old: ArchiveTables = new Map([
      ['projects', { columns: ['id', 'name', 'created_at'], rows: [{ id: 3, name: 'Loom', created_at: '2025-04-01T09:00:00+00:00' }] }],
    ]);
    const { tables: upgraded, applied } = upgradeTables(old, index);
    expect(applied).toContain('0006_project_case_studies');
    expect(upgraded.get('projects')).toEqual({
      columns: ['id', 'name', 'created_at', 'case_study', 'case_study_published', 'updated_at'],
      rows: [{ id: 3, name: 'Loom', created_at: '2025-04-01T09:00:00+00:00', case_study: '', case_study_published: false, updated_at: '2025-04-01T09:00:00+00:00' }],
    });
  });

  it('0007_archive_signing_key: an older archive\'s links from provider identities to people are left out', () => {
    const index = readJournal().entries.find((entry) => entry.tag === '0006_project_case_studies')!.idx;
    const old: ArchiveTables = new Map([
      ['users', { columns: ['id'], rows: [{ id: 'u1' }] }],
      ['user_accounts', { columns: ['provider', 'subject', 'user_id'], rows: [{ provider: 'github', subject: '1', user_id: 'u1' }] }],
    ]);
    const { tables: upgraded, applied } = upgradeTables(old, index);
    expect(applied).toEqual(['0007_archive_signing_key', '0008_metric_point_sources', '0010_mood_energy_one_to_five']);
    expect([...upgraded.keys()]).toEqual(['users']);
  });

  it("0008_metric_point_sources: an older archive's points were entered by a person", () => {
    const index = readJournal().entries.find((entry) => entry.tag === '0007_archive_signing_key')!.idx;
    const old: ArchiveTables = new Map([
      ['metric_points', { columns: ['id', 'metric_id', 'at', 'value'], rows: [{ id: 1, metric_id: 2, at: '2025-04-01T09:00:00+00:00', value: 5 }] }],
    ]);
    const { tables: upgraded, applied } = upgradeTables(old, index);
    expect(applied).toEqual(['0008_metric_point_sources', '0010_mood_energy_one_to_five']);
    expect(upgraded.get('metric_points')).toEqual({
      columns: ['id', 'metric_id', 'at', 'value', 'source'],
      rows: [{ id: 1, metric_id: 2, at: '2025-04-01T09:00:00+00:00', value: 5, source: 'manual' }],
    });
  });

  it("0010_mood_energy_one_to_five: an older archive's 1-10 mood and energy keep their points under new keys", () => {
    const index = readJournal().entries.find((entry) => entry.tag === '0009_checkins_and_diary')!.idx;
    const old: ArchiveTables = new Map([
      [
        'metrics',
        {
          columns: ['id', 'key', 'name'],
          rows: [
            { id: 1, key: 'mood', name: 'Mood' },
            { id: 2, key: 'energy', name: 'Energy' },
            { id: 3, key: 'steps', name: 'Steps' },
          ],
        },
      ],
    ]);
    const { tables: upgraded, applied } = upgradeTables(old, index);
    expect(applied).toEqual(['0010_mood_energy_one_to_five']);
    expect(upgraded.get('metrics')!.rows).toEqual([
      { id: 1, key: 'mood-1-10', name: 'Mood (1–10, before check-ins)' },
      { id: 2, key: 'energy-1-10', name: 'Energy (1–10, before check-ins)' },
      { id: 3, key: 'steps', name: 'Steps' },
    ]);
  });
});

import { readJournal } from './format.ts';
import type { Row } from './reader.ts';
import { ArchiveRejected } from './tar.ts';

/*
 * Forward migration of older archives (docs/archive-format.md, "Older archives"). A drizzle migration
 * changes the tables; an archive written before it still holds rows of the old shape. Each step below
 * carries one migration's meaning to the archive's rows, applied in journal order to the rows of every
 * archive written before that migration, before anything is checked against today's tables or written.
 *
 * A purely additive migration whose new columns should take their database default needs no step. A
 * step is needed when a migration renames or drops a column or a table, changes what a value means, or
 * decides a value for the rows that existed at the time (as 0001 did for visibility): today's column
 * default may change later, but rows from before that migration must still get what it gave them.
 */
export interface Upgrade {
  /** The migration tag (drizzle/meta/_journal.json) whose change this step carries to older rows. */
  migration: string;
  /** Why: a sentence for the reader of this file and of a failed import. */
  why: string;
  /** Tables older archives held that are no longer restored (their rows are left out). */
  dropTables?: readonly string[];
  /** Tables of the old shape renamed since: old name → new name. */
  renameTables?: Readonly<Record<string, string>>;
  /** Columns the step gives every row of a table (they join the manifest's column list). */
  addColumns?: Readonly<Record<string, readonly string[]>>;
  /** Columns the step removes from every row of a table (dropped or renamed by the migration). */
  dropColumns?: Readonly<Record<string, readonly string[]>>;
  /** The row in the migration's new shape (`table` is the name after renameTables). */
  row?: (table: string, row: Row) => Row;
}

export const UPGRADES: readonly Upgrade[] = [
  {
    migration: '0001_metrics_points_tokens',
    why: 'KPIs and trends gained a visibility; the ones that existed before stay visible to signed-in people, as the dashboard showed them.',
    addColumns: { kpis: ['visibility'], trends: ['visibility'] },
    row: (table, row) => (table === 'kpis' || table === 'trends' ? { ...row, visibility: 'signed-in' } : row),
  },
  {
    migration: '0006_project_case_studies',
    why: 'Projects gained a case study (none yet, a draft) and updatedAt, which starts as the project was made.',
    addColumns: { projects: ['case_study', 'case_study_published', 'updated_at'] },
    row: (table, row) =>
      table === 'projects' ? { ...row, case_study: '', case_study_published: false, updated_at: row.created_at } : row,
  },
  {
    migration: '0007_archive_signing_key',
    why: 'Archives became signed (format version 2) and stopped carrying user_accounts, the links from provider identities to people: a restored link would be a way in. Older archives hold them; they are left out (the preview lists them) and people link their providers again by signing in.',
    dropTables: ['user_accounts'],
  },
  {
    migration: '0008_metric_point_sources',
    why: "Points gained the source that wrote them; the points that existed before were entered by a person, so they are 'manual', which always counts (a device source competes with the others for a day).",
    addColumns: { metric_points: ['source'] },
    row: (table, row) => (table === 'metric_points' ? { ...row, source: 'manual' } : row),
  },
  {
    migration: '0010_mood_energy_one_to_five',
    why: "The daily check-in scores mood and energy 1 to 5. An older archive's `mood` and `energy` were on the demo's ~1-10 scale: they keep their points, unchanged, under `mood-1-10` and `energy-1-10`, as the migration did to the database; the first check-in makes the 1-5 metrics.",
    row: (table, row) =>
      table === 'metrics' && (row.key === 'mood' || row.key === 'energy')
        ? { ...row, key: `${String(row.key)}-1-10`, name: `${String(row.name)} (1–10, before check-ins)` }
        : row,
  },
];

/** An archive's tables: each one's columns (as the manifest lists them) and rows. */
export type ArchiveTables = Map<string, { columns: string[]; rows: Row[] }>;

/**
 * Applies, in journal order, every step for a migration later than the archive's (`index`, the
 * journal position of the archive's last migration). `steps` is for tests.
 */
export function upgradeTables(
  tables: ArchiveTables,
  index: number,
  steps: readonly Upgrade[] = UPGRADES,
  journal = readJournal().entries,
): { tables: ArchiveTables; applied: string[] } {
  const position = new Map(journal.map((entry) => [entry.tag, entry.idx]));
  const due = steps
    .map((step) => {
      const at = position.get(step.migration);
      if (at === undefined)
        throw new Error(`Upgrade step for ${step.migration}, which the migration journal does not list.`);
      return { step, at };
    })
    .filter(({ at }) => at > index)
    .sort((a, b) => a.at - b.at);
  let current = tables;
  for (const { step } of due) current = applyStep(current, step);
  return { tables: current, applied: due.map(({ step }) => step.migration) };
}

function applyStep(tables: ArchiveTables, step: Upgrade): ArchiveTables {
  const next: ArchiveTables = new Map();
  for (const [oldName, table] of tables) {
    if (step.dropTables?.includes(oldName)) continue;
    const name = step.renameTables?.[oldName] ?? oldName;
    if (next.has(name))
      throw new ArchiveRejected(`The archive holds both ${oldName} and ${name}, which became one table.`);
    const drop = new Set(step.dropColumns?.[name] ?? []);
    const columns = [...table.columns.filter((column) => !drop.has(column))];
    for (const column of step.addColumns?.[name] ?? []) if (!columns.includes(column)) columns.push(column);
    const rows = table.rows.map((original) => {
      const row = step.row ? step.row(name, { ...original }) : { ...original };
      for (const column of drop) delete row[column];
      return row;
    });
    next.set(name, { columns, rows });
  }
  return next;
}

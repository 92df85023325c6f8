import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';

/**
 * The owner's plain records (KPIs, trends, timeline events, activities, now items, playlists) are
 * read, created, changed and deleted the same way; each is described once and handled here.
 */
export interface RecordKind<T extends PgTable = PgTable> {
  /** Singular name used in messages, e.g. 'KPI'. */
  label: string;
  table: T;
  idColumn: PgColumn;
  /** 'serial' ids are numbers in the path; 'text' ids are strings. */
  idType: 'serial' | 'text';
  order: PgColumn[];
  create: z.ZodType;
  update: z.ZodType;
  /** Whether the table has an updatedAt column stamped on every change. */
  hasUpdatedAt: boolean;
  /** A position field (the body's `key`): a record created without one goes to the end of the list. */
  position?: { key: string; column: PgColumn };
}

export function listRecords(db: Db, kind: RecordKind) {
  return db.select().from(kind.table as PgTable).orderBy(...kind.order.map((column) => asc(column)));
}

export async function findRecord(db: Db, kind: RecordKind, id: number | string) {
  const [row] = await db.select().from(kind.table as PgTable).where(eq(kind.idColumn, id));
  return row ?? null;
}

export async function createRecord(db: Db, kind: RecordKind, values: Record<string, unknown>) {
  const { position } = kind;
  const placed =
    position && values[position.key] === undefined
      ? // One statement, so two creates at once cannot read the same end of the list before either is stored.
        { ...values, [position.key]: sql`(select coalesce(max(${position.column}) + 1, 0) from ${kind.table})` }
      : values;
  const [row] = await db.insert(kind.table).values(placed as never).returning();
  return row;
}

export async function updateRecord(db: Db, kind: RecordKind, id: number | string, values: Record<string, unknown>) {
  if (Object.keys(values).length === 0) return findRecord(db, kind, id);
  const changes = kind.hasUpdatedAt ? { ...values, updatedAt: new Date() } : values;
  const [row] = await db
    .update(kind.table)
    .set(changes as never)
    .where(eq(kind.idColumn, id) as SQL)
    .returning();
  return row ?? null;
}

export async function deleteRecord(db: Db, kind: RecordKind, id: number | string): Promise<boolean> {
  const rows = await db.delete(kind.table).where(eq(kind.idColumn, id)).returning();
  return rows.length > 0;
}

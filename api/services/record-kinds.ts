import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import * as t from '../db/schema.ts';
import * as shapes from '#domain/shapes.ts';
import type { RecordKind } from './records.ts';

type TableWithId = PgTable & { id: PgColumn };

/** A record kind from its table: the id column is `id`; updatedAt is stamped when the table has one. */
function kind(
  label: string,
  table: TableWithId,
  create: z.ZodType,
  update: z.ZodType,
  order: PgColumn[] = [table.id],
  position?: RecordKind['position'],
): RecordKind {
  return {
    label,
    table,
    idColumn: table.id,
    idType: table.id.dataType === 'string' ? 'text' : 'serial',
    order,
    create,
    update,
    hasUpdatedAt: 'updatedAt' in table,
    ...(position ? { position } : {}),
  };
}

/** Every plain record the owner manages, described once. */
/** SPEC's POST /api/kpis body has no position: a new KPI goes to the end of the grid. */
export const kpiKind = kind('KPI', t.kpis, shapes.kpiCreate, shapes.kpiUpdate, [t.kpis.position, t.kpis.id], {
  key: 'position',
  column: t.kpis.position,
});
export const trendKind = kind('Trend', t.trends, shapes.trendCreate, shapes.trendUpdate);
export const timelineKind = kind('Timeline event', t.timelineEvents, shapes.timelineCreate, shapes.timelineUpdate, [
  t.timelineEvents.date,
  t.timelineEvents.id,
]);
export const activityKind = kind('Current activity', t.currentActivities, shapes.activityCreate, shapes.activityUpdate);
export const nowItemKind = kind('Now item', t.nowItems, shapes.nowItemCreate, shapes.nowItemUpdate, [t.nowItems.position, t.nowItems.id], {
  key: 'position',
  column: t.nowItems.position,
});
export const playlistKind = kind('Playlist', t.playlists, shapes.playlistCreate, shapes.playlistUpdate, [t.playlists.name]);

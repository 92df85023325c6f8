import * as t from '../db/schema.ts';
import * as shapes from '../db/shapes.ts';
import type { RecordKind } from './records.ts';

/** Every plain record the owner manages, described once. */
export const kpiKind: RecordKind = {
  label: 'KPI',
  table: t.kpis,
  idColumn: t.kpis.id,
  idType: 'serial',
  order: [t.kpis.position, t.kpis.id],
  create: shapes.kpiCreate,
  update: shapes.kpiUpdate,
  hasUpdatedAt: true,
};

export const trendKind: RecordKind = {
  label: 'Trend',
  table: t.trends,
  idColumn: t.trends.id,
  idType: 'serial',
  order: [t.trends.id],
  create: shapes.trendCreate,
  update: shapes.trendUpdate,
  hasUpdatedAt: true,
};

export const timelineKind: RecordKind = {
  label: 'Timeline event',
  table: t.timelineEvents,
  idColumn: t.timelineEvents.id,
  idType: 'serial',
  order: [t.timelineEvents.date, t.timelineEvents.id],
  create: shapes.timelineCreate,
  update: shapes.timelineUpdate,
  hasUpdatedAt: false,
};

export const activityKind: RecordKind = {
  label: 'Current activity',
  table: t.currentActivities,
  idColumn: t.currentActivities.id,
  idType: 'serial',
  order: [t.currentActivities.id],
  create: shapes.activityCreate,
  update: shapes.activityUpdate,
  hasUpdatedAt: true,
};

export const nowItemKind: RecordKind = {
  label: 'Now item',
  table: t.nowItems,
  idColumn: t.nowItems.id,
  idType: 'serial',
  order: [t.nowItems.id],
  create: shapes.nowItemCreate,
  update: shapes.nowItemUpdate,
  hasUpdatedAt: true,
};

export const playlistKind: RecordKind = {
  label: 'Playlist',
  table: t.playlists,
  idColumn: t.playlists.id,
  idType: 'text',
  order: [t.playlists.name],
  create: shapes.playlistCreate,
  update: shapes.playlistUpdate,
  hasUpdatedAt: false,
};

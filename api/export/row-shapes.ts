import { z } from 'zod';
import {
  activityCreate,
  checkinSave,
  diaryEntryCreate,
  metricGoalFields,
  galleryImageCreate,
  kpiCreate,
  metricCreate,
  nowItemCreate,
  playlistCreate,
  pointRecord,
  preferencesUpdate,
  projectCreate,
  timelineCreate,
  trendCreate,
  webUrl,
} from '../../domain/shapes.ts';
import type { Row } from './reader.ts';

/*
 * A restored row passes the same checks as the form or API call that would have written it: the
 * `domain/` shape of its table, over the columns the shape knows (ids, timestamps and positions are
 * the database's own, checked by its types and constraints). A `javascript:` project address or an
 * over-long name is refused here just as the admin form would refuse it.
 */
const ROW_SHAPES: Readonly<Record<string, z.ZodObject>> = {
  projects: projectCreate,
  gallery_images: galleryImageCreate,
  kpis: kpiCreate,
  trends: trendCreate,
  timeline_events: timelineCreate,
  current_activities: activityCreate,
  now_items: nowItemCreate,
  playlists: playlistCreate,
  metrics: metricCreate,
  metric_points: pointRecord,
  checkins: checkinSave,
  diary_entries: diaryEntryCreate,
  metric_goals: metricGoalFields,
  // The accessibility settings are read field by field wherever they are used; the theme is checked here.
  preferences: z.object({ theme: preferencesUpdate.shape.theme }),
  // Only what a provider said about a person (the role and verification are never taken from an archive).
  users: z.object({ profileImageUrl: webUrl.nullish() }),
};

/** The database column a shape's field is stored in: `imageUrl` → `image_url`. */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The tables whose rows are checked, and each shape's fields (for the unit test that pins the mapping). */
export const checkedTables = () =>
  Object.entries(ROW_SHAPES).map(([table, shape]) => ({ table, columns: Object.keys(shape.shape).map(columnOf) }));

/**
 * What is wrong with a row of `table`, as "field: problem", or null when it passes (or its table has
 * no shape). A column the archive does not hold counts as absent, as a field left out of a form.
 */
export function rowProblem(table: string, row: Row): string | null {
  const shape = ROW_SHAPES[table];
  if (!shape) return null;
  const candidate: Record<string, unknown> = {};
  for (const field of Object.keys(shape.shape)) {
    const value = row[columnOf(field)];
    if (value !== undefined) candidate[field] = value;
  }
  const result = shape.safeParse(candidate);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? columnOf(String(issue.path[0])) + issue.path.slice(1).map((p) => `.${String(p)}`).join('') : 'row';
  const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  return `${field}: ${message}`;
}

import { createInsertSchema } from 'drizzle-zod';
import { z } from 'zod';
import { visibility } from '#domain/shapes.ts';
import * as t from './schema.ts';
import { ACTIVITY_VALUES, GALLERY_CATEGORIES, MOOD_VALUES } from '#domain/vocabulary.ts';

/*
 * The create shapes (SPEC §5): derived from the tables, id and timestamps left out, with the
 * rules the columns cannot say. The API and the admin forms validate with these and nothing else.
 * Every shape is strict: an unknown field is an error, never silently stored or dropped.
 */

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, 'is required');
const optionalText = (max: number) => text(max).nullish();
const list = z.array(required(60)).max(50, 'must have at most 50 items');

/** yyyy-mm-dd, or empty / null for "no date". */
const isoDate = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))), 'must be a date (yyyy-mm-dd)');

/** A web address a browser may open: http(s) only, so never javascript: or data:. */
export const webUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) address');

/** Empty string or null clears the field. */
const clearableUrl = z.union([webUrl, z.literal(''), z.null()]).transform((value) => value || null);

/** An image address: one of ours, an http(s) address, or a data: URL to be stored by the API. */
export const imageAddress = z
  .string()
  .trim()
  .refine(
    (value) => value.startsWith('/api/images/') || value.startsWith('data:image/') || webUrl.safeParse(value).success,
    'must be an uploaded image, an http(s) address or an image data URL',
  );
const clearableImage = z.union([imageAddress, z.literal(''), z.null()]).transform((value) => value || null);

/** A KPI or trend computed from a metric's points (null: hand-set). */
const metricLink = z.number({ error: 'must be a metric id' }).int('must be a whole number').positive('must be a metric id').nullish();

const hexColor = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #6fffe9');
const progress = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(100, 'must be at most 100');

export const projectCreate = createInsertSchema(t.projects, {
  name: required(120),
  description: text(4000),
  status: required(40),
  progress,
  category: required(40),
  tags: list,
  technologies: list,
  startDate: isoDate.nullish(),
  endDate: isoDate.nullish(),
  url: clearableUrl.optional(),
  imageUrl: clearableImage.optional(),
})
  .omit({ id: true, createdAt: true })
  .strict();
export const projectUpdate = projectCreate.partial().strict();

export const galleryImageCreate = createInsertSchema(t.galleryImages, {
  title: required(120),
  description: text(2000),
  imageUrl: imageAddress,
  category: z.enum(GALLERY_CATEGORIES),
  order: z.number().int().min(0),
})
  .omit({ id: true, createdAt: true, projectId: true })
  .strict();
export const galleryImageUpdate = galleryImageCreate.partial().strict();

export const kpiCreate = createInsertSchema(t.kpis, {
  name: required(80),
  value: required(40),
  unit: optionalText(20),
  icon: required(40),
  color: hexColor,
  change: optionalText(80),
  sparklineData: z.array(z.number({ error: 'must be numbers' }).finite()).max(100).nullish(),
  tooltip: optionalText(300),
  category: required(40),
  /** Not in SPEC's body: left out, the KPI goes to the end of the list. */
  position: z.number().int().min(0).max(10_000).optional(),
  metricId: metricLink,
  visibility: visibility.optional(),
})
  .omit({ id: true, updatedAt: true })
  .strict();
export const kpiUpdate = kpiCreate.partial().strict();

export const trendCreate = createInsertSchema(t.trends, {
  name: required(80),
  data: z.array(z.number().finite()).min(1, 'must have at least one point').max(366),
  labels: z.array(required(20)).max(366),
  color: hexColor,
  unit: text(20),
  description: text(400),
  change: optionalText(80),
  metricId: metricLink,
  visibility: visibility.optional(),
})
  .omit({ id: true, updatedAt: true })
  .strict();
export const trendUpdate = trendCreate.partial().strict();

export const timelineCreate = createInsertSchema(t.timelineEvents, {
  date: isoDate.refine((value) => value !== '', 'is required'),
  title: required(120),
  description: text(2000),
  category: required(40),
  color: hexColor,
  tags: list,
})
  .omit({ id: true, createdAt: true })
  .strict();
export const timelineUpdate = timelineCreate.partial().strict();

const metadata = z.record(z.string().max(60), z.unknown());

export const activityCreate = createInsertSchema(t.currentActivities, {
  type: required(40),
  title: required(160),
  subtitle: optionalText(160),
  description: optionalText(1000),
  progress,
  metadata: metadata.nullish(),
})
  .omit({ id: true, updatedAt: true })
  .strict();
export const activityUpdate = activityCreate.partial().strict();

export const nowItemCreate = createInsertSchema(t.nowItems, {
  type: z.enum(['spotify', 'reading']),
  title: required(160),
  subtitle: optionalText(160),
  description: optionalText(1000),
  progress,
  metadata: z
    .object({
      isPlaying: z.boolean().optional(),
      current: z.string().regex(/^\d{1,3}:\d{2}$/, 'must be a time like 2:34').optional(),
      duration: z.string().regex(/^\d{1,3}:\d{2}$/, 'must be a time like 4:12').optional(),
    })
    .strict()
    .nullish(),
})
  .omit({ id: true, updatedAt: true })
  .strict();
export const nowItemUpdate = nowItemCreate.partial().strict();

export const playlistCreate = createInsertSchema(t.playlists, {
  id: z.string().trim().regex(/^[A-Za-z0-9]{1,64}$/, 'must be a Spotify playlist id'),
  name: required(160),
  description: optionalText(500),
  imageUrl: clearableImage.optional(),
  tracksTotal: z.number().int().min(0),
  spotifyUrl: webUrl,
  moods: z.array(z.enum(MOOD_VALUES)).min(1, 'must have at least one mood'),
  activities: z.array(z.enum(ACTIVITY_VALUES)).min(1, 'must have at least one activity'),
})
  .omit({ createdAt: true })
  .strict();
export const playlistUpdate = playlistCreate.omit({ id: true }).partial().strict();

export type ProjectCreate = z.infer<typeof projectCreate>;
export type KpiCreate = z.infer<typeof kpiCreate>;
export type TimelineCreate = z.infer<typeof timelineCreate>;

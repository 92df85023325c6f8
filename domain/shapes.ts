import { z } from 'zod';

/*
 * Plain-zod input shapes (no drizzle in the browser). Each shape is strict: an unknown field is an
 * error, never silently stored or dropped. The older drizzle-zod shapes move here later (api/db/shapes.ts).
 */

/** Who may see a metric, KPI or trend. */
export const VISIBILITIES = ['public', 'signed-in', 'owner'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** How a period's points become one number. */
export const AGGREGATIONS = ['sum', 'average', 'last', 'count'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Most points one request may carry (bearer endpoint and admin import alike). */
export const MAX_POINTS_PER_BATCH = 1000;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, 'is required');
const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #6fffe9');

/** Lowercase letters, digits and dashes: safe in URLs, shortcuts and shell scripts. */
export const metricKey = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,39}$/,
    'must be 1 to 40 lowercase letters, digits or dashes, starting with a letter or digit',
  );

export const visibility = z.enum(VISIBILITIES, { error: `must be one of ${VISIBILITIES.join(', ')}` });

export const metricCreate = z
  .object({
    key: metricKey,
    name: required(80),
    unit: text(20).default(''),
    icon: required(40).default('TrendingUp'),
    color: hexColor.default('#6fffe9'),
    aggregation: z.enum(AGGREGATIONS, { error: `must be one of ${AGGREGATIONS.join(', ')}` }).default('sum'),
    target: z.number({ error: 'must be a finite number' }).nullish(),
    visibility: visibility.default('owner'),
  })
  .strict();

/** Everything but the key, which never changes once created (tokens and shortcuts name it). */
export const metricUpdate = z
  .object({
    key: z.undefined({ error: 'never changes once created' }).optional(),
    name: required(80),
    unit: text(20),
    icon: required(40),
    color: hexColor,
    aggregation: z.enum(AGGREGATIONS, { error: `must be one of ${AGGREGATIONS.join(', ')}` }),
    target: z.number({ error: 'must be a finite number' }).nullable(),
    visibility,
  })
  .partial()
  .strict();

/**
 * ISO 8601: a date (yyyy-mm-dd) or a date and time, with or without an offset. A date alone means
 * noon of that day in the owner's time zone; a time without an offset is the owner's local time.
 */
export const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
export const isoInstant = z
  .string()
  .trim()
  .refine(
    (value) =>
      ISO_8601.test(value) &&
      !Number.isNaN(Date.parse(value.length === 10 ? `${value}T12:00:00Z` : value.replace(' ', 'T'))),
    'must be an ISO 8601 date or date and time',
  );

export const pointInput = z
  .object({
    /** Defaults to now. */
    at: isoInstant.optional(),
    value: z.number({ error: 'must be a finite number' }),
    note: text(500).nullish(),
  })
  .strict();
export type PointInput = z.infer<typeof pointInput>;

/** A point's changes in the admin area: the instant stays (it identifies the point), value and note change. */
export const pointUpdate = z
  .object({ value: z.number({ error: 'must be a finite number' }), note: text(500).nullable() })
  .partial()
  .strict();

export const tokenCreate = z
  .object({
    name: required(80),
    /** Optional expiry (ISO 8601); after it the token answers 401 like a wrong one. */
    expiresAt: isoInstant.nullish(),
    /** Metric keys it may write; absent, null or empty means every metric. */
    metricKeys: z.array(metricKey).max(100, 'must have at most 100 items').nullish(),
  })
  .strict();

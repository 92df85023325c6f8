import { z } from 'zod';
import {
  ACCESSIBILITY_SWITCHES,
  ACTIVITY_VALUES,
  BREAK_MINUTES,
  CASE_STUDY,
  CHECKIN,
  DIARY,
  COLOR_SCHEMES,
  CONTENT_WIDTHS,
  FONT_SIZE,
  GALLERY_CATEGORIES,
  GOAL_KINDS,
  GOAL_PERIODS,
  LAYOUTS,
  LETTER_SPACING,
  LINE_HEIGHT,
  MOOD_VALUES,
  OWN_PRESETS,
  PARAGRAPH_SPACING,
  READING_RULER_LINES,
  THEMES,
  TYPEFACES,
  WORD_SPACING,
  type AccessibilitySwitch,
} from './vocabulary.ts';

/*
 * The input shapes of every write (SPEC §5), in plain zod: the one validation source for the API's handlers
 * and the owner's forms. Plain zod and nothing else, so a form that imports a shape carries no database code
 * into the browser; api/db/shapes.test.ts holds each shape to its Drizzle table (same fields, same
 * optionality, same limits). Ids and timestamps are the server's, so no shape has them.
 * Every shape is strict: an unknown field is an error, never silently stored or dropped.
 */

/** Who may see a metric, KPI or trend. */
export const VISIBILITIES = ['public', 'signed-in', 'owner'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** How a period's points become one number. */
export const AGGREGATIONS = ['sum', 'average', 'last', 'count'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Most points one request may carry (bearer endpoint and admin import alike). */
export const MAX_POINTS_PER_BATCH = 1000;

/**
 * Every string a write carries starts here: PostgreSQL refuses the NUL character in text and JSON columns
 * (it would be a 500 after the request was accepted), so it is a 400 naming the field instead.
 */
const string = () => z.string().refine((value) => !value.includes('\0'), 'must not contain the NUL character (\\u0000)');
const text = (max: number) => string().trim().max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, 'is required');
const hexColor = string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #6fffe9');

/** Lowercase letters, digits and dashes: safe in URLs, shortcuts and shell scripts. */
export const metricKey = string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,39}$/,
    'must be 1 to 40 lowercase letters, digits or dashes, starting with a letter or digit',
  );

/**
 * Who wrote a point: a device or app ('Apple Watch', 'iPhone'), or 'manual' for what a person enters.
 * Printable text without line breaks, as Apple Health's sourceName.
 */
export const pointSource = string()
  .trim()
  .min(1, 'is required')
  .max(80, 'must be at most 80 characters')
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');

/** Device sources in the owner's order of preference for one metric (the first wins a tie between two). */
export const sourcePriority = z
  .array(pointSource, { error: 'must be a list of source names' })
  .max(20, 'must have at most 20 sources')
  .refine((list) => new Set(list).size === list.length, 'must not name a source twice');

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
    sourcePriority,
  })
  .partial()
  .strict();

/**
 * ISO 8601: a date (yyyy-mm-dd) or a date and time, with or without an offset. A date alone means
 * noon of that day in the owner's time zone; a time without an offset is the owner's local time.
 */
export const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
export const isoInstant = string()
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
    /**
     * The device or app that measured it ('iPhone', 'Apple Watch'). Without one, a person entered it:
     * such points always count, while device sources compete for a day (one source per day).
     */
    source: pointSource.optional(),
  })
  .strict();
export type PointInput = z.infer<typeof pointInput>;

/** A point as an archive holds it: the same fields, the source that wrote it included. */
export const pointRecord = pointInput;

/**
 * A point's changes in the admin area: value, note, and its date (moved onto a date where the metric has
 * no point yet; the metric + instant pair stays unique, so a retried import still updates instead of duplicating).
 */
export const pointUpdate = z
  .object({ at: isoInstant, value: z.number({ error: 'must be a finite number' }), note: text(500).nullable() })
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

/* The owner's records: projects, gallery images, KPIs, trends, timeline, activities, now items, playlists. */

const optionalText = (max: number) => text(max).nullish();
const list = z.array(required(60)).max(50, 'must have at most 50 items');

/** yyyy-mm-dd, or empty / null for "no date". */
const isoDate = string()
  .trim()
  .refine(
    (value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))),
    'must be a date (yyyy-mm-dd)',
  );

/** A web address a browser may open: http(s) only, so never javascript: or data:. */
export const webUrl = string()
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
export const imageAddress = string()
  .trim()
  .refine(
    (value) => value.startsWith('/api/images/') || value.startsWith('data:image/') || webUrl.safeParse(value).success,
    'must be an uploaded image, an http(s) address or an image data URL',
  );
const clearableImage = z.union([imageAddress, z.literal(''), z.null()]).transform((value) => value || null);

/** A KPI or trend computed from a metric's points (null: hand-set). */
const metricLink = z
  .number({ error: 'must be a metric id' })
  .int('must be a whole number')
  .positive('must be a metric id')
  .max(2_147_483_647, 'must be a metric id')
  .nullish();

/** A count or position: the tables' integer columns hold at most 2^31 - 1. */
const count = z.number().int('must be a whole number').min(0, 'must be at least 0').max(2_147_483_647, 'is too large');
/** Percent complete; the tables hold the same range in a check constraint. */
const progress = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be at least 0')
  .max(100, 'must be at most 100');

/**
 * A case study's Markdown, kept as typed (leading spaces can be an indented code block, so no trim). Its
 * pictures and links are checked against the project on the server (api/services/case-study.ts).
 */
const caseStudyText = string().max(CASE_STUDY.maxLength, `must be at most ${CASE_STUDY.maxLength} characters`);

export const projectCreate = z
  .object({
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
    caseStudy: caseStudyText.optional(),
    caseStudyPublished: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict();
export const projectUpdate = projectCreate.partial().strict();

/** Saving a project's case study from its editor: the Markdown and whether visitors see it. */
export const caseStudySave = z.object({ caseStudy: caseStudyText, published: z.boolean({ error: 'must be true or false' }) }).strict();
/** Rendering the editor's text as the public page would, without saving it. */
export const caseStudyPreview = z.object({ caseStudy: caseStudyText }).strict();

export const galleryImageCreate = z
  .object({
    title: required(120),
    description: text(2000),
    imageUrl: imageAddress,
    category: z.enum(GALLERY_CATEGORIES),
    order: count,
  })
  .strict();
export const galleryImageUpdate = galleryImageCreate.partial().strict();

export const kpiCreate = z
  .object({
    name: required(80),
    value: required(40),
    unit: optionalText(20),
    icon: required(40),
    color: hexColor,
    change: optionalText(80),
    sparklineData: z
      .array(z.number({ error: 'must be numbers' }).finite())
      .max(100)
      .nullish(),
    tooltip: optionalText(300),
    category: required(40),
    /** Not in SPEC's body: left out, the KPI goes to the end of the list. */
    position: z.number().int().min(0).max(10_000).optional(),
    metricId: metricLink,
    visibility: visibility.optional(),
  })
  .strict();
export const kpiUpdate = kpiCreate.partial().strict();

export const trendCreate = z
  .object({
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
  .strict();
export const trendUpdate = trendCreate.partial().strict();

/** GET /api/trends?range=all: a metric-backed trend spans every month since its first point (hand-set ones show what they have). */
export const trendQuery = z.object({
  range: z.enum(['12m', 'all'], { error: 'must be 12m or all' }).default('12m').meta({ description: "'12m' (the default): the last twelve months; 'all': every month since the metric's first point." }),
});

export const timelineCreate = z
  .object({
    date: isoDate.refine((value) => value !== '', 'is required'),
    title: required(120),
    description: text(2000),
    category: required(40),
    color: hexColor,
    tags: list,
  })
  .strict();
export const timelineUpdate = timelineCreate.partial().strict();

/** How deep free-form JSON may nest: enough for any note, and a walk over it can never run out of stack. */
export const METADATA_DEPTH = 20;

/** What is wrong with a free-form JSON value, walking it without recursion: too deep, or a NUL in a key or string. */
function metadataProblem(value: unknown): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current === 'string' && current.includes('\0')) return 'must not contain the NUL character (\\u0000)';
    if (current === null || typeof current !== 'object') continue;
    if (depth >= METADATA_DEPTH) return `must be nested at most ${METADATA_DEPTH} levels deep`;
    for (const [key, inner] of Object.entries(current)) {
      if (key.includes('\0')) return 'must not contain the NUL character (\\u0000)';
      pending.push({ value: inner, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Free-form JSON; its strings go into a jsonb column, which refuses NUL just like text. Its depth is bounded:
 * a body of a few kilobytes nested thousands deep would otherwise overflow the stack of whatever walks it.
 */
const metadata = z.record(string().max(60), z.unknown()).superRefine((value, context) => {
  const problem = metadataProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

export const activityCreate = z
  .object({
    type: required(40),
    title: required(160),
    subtitle: optionalText(160),
    description: optionalText(1000),
    progress,
    metadata: metadata.nullish(),
  })
  .strict();
export const activityUpdate = activityCreate.partial().strict();

export const NOW_ITEM_TYPES = ['spotify', 'reading'] as const;
const clockTime = (example: string) => string().regex(/^\d{1,3}:\d{2}$/, `must be a time like ${example}`);

export const nowItemCreate = z
  .object({
    type: z.enum(NOW_ITEM_TYPES),
    title: required(160),
    subtitle: optionalText(160),
    description: optionalText(1000),
    progress,
    metadata: z
      .object({
        isPlaying: z.boolean().optional(),
        current: clockTime('2:34').optional(),
        duration: clockTime('4:12').optional(),
      })
      .strict()
      .nullish(),
    /** Not in SPEC's body: left out, the item goes to the end of the list. */
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export const nowItemUpdate = nowItemCreate.partial().strict();

export const playlistCreate = z
  .object({
    id: string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,64}$/, 'must be a Spotify playlist id'),
    name: required(160),
    description: optionalText(500),
    imageUrl: clearableImage.optional(),
    tracksTotal: count,
    spotifyUrl: webUrl,
    moods: z.array(z.enum(MOOD_VALUES)).min(1, 'must have at least one mood'),
    activities: z.array(z.enum(ACTIVITY_VALUES)).min(1, 'must have at least one activity'),
  })
  .strict();
export const playlistUpdate = playlistCreate.omit({ id: true }).partial().strict();

export type ProjectCreate = z.infer<typeof projectCreate>;
export type KpiCreate = z.infer<typeof kpiCreate>;
export type TimelineCreate = z.infer<typeof timelineCreate>;

// ---------- Accessibility settings (SPEC §3): PUT /api/me/preferences, and what a device stored ----------
// The browser side (src/lib/accessibility-settings.ts) builds defaults, presets and the page mapping on top
// of these, and checks a stored value field by field with them.

/** At most one decimal, written plainly: what a 0.1-step slider produces (the head script checks the same way). */
const oneDecimal = (value: number) => /^\d+(\.\d)?$/.test(String(value));
/** A spacing in em within its range, on its step (0.01 or coarser: at most two decimals as written). */
const spacing = ({ min, max, step }: { min: number; max: number; step: number }) =>
  z
    .number()
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .refine(
      (value) => /^\d+(\.\d{1,2})?$/.test(String(value)) && Math.abs(value / step - Math.round(value / step)) < 1e-9,
      `must be in steps of ${step}`,
    );

const switchFields = Object.fromEntries(ACCESSIBILITY_SWITCHES.map((key) => [key, z.boolean()])) as {
  [K in AccessibilitySwitch]: z.ZodBoolean;
};

/** One schema per field, so a stored value can be checked field by field (a bad field never spoils the rest). */
export const accessibilityFields = {
  ...switchFields,
  fontSize: z
    .number()
    .int('must be a whole number')
    .min(FONT_SIZE.min, `must be at least ${FONT_SIZE.min}`)
    .max(FONT_SIZE.max, `must be at most ${FONT_SIZE.max}`),
  lineHeight: z
    .number()
    .min(LINE_HEIGHT.min, `must be at least ${LINE_HEIGHT.min}`)
    .max(LINE_HEIGHT.max, `must be at most ${LINE_HEIGHT.max}`)
    .refine(oneDecimal, 'must be in steps of 0.1'),
  colorScheme: z.enum(COLOR_SCHEMES),
  layout: z.enum(LAYOUTS),
  letterSpacing: spacing(LETTER_SPACING),
  wordSpacing: spacing(WORD_SPACING),
  paragraphSpacing: spacing(PARAGRAPH_SPACING),
  typeface: z.enum(TYPEFACES),
  contentWidth: z.enum(CONTENT_WIDTHS),
  readingRuler: z.literal(READING_RULER_LINES, { error: `must be one of ${READING_RULER_LINES.join(', ')}` }),
  breakReminderMinutes: z
    .number()
    .int('must be a whole number')
    .min(BREAK_MINUTES.min, `must be at least ${BREAK_MINUTES.min}`)
    .max(BREAK_MINUTES.max, `must be at most ${BREAK_MINUTES.max}`),
};

export const accessibilitySettingsShape = z.object(accessibilityFields).strict();
export type AccessibilitySettings = z.infer<typeof accessibilitySettingsShape>;

/** A preset's name: plain text (no markup, no control characters), trimmed, 1–40 characters. */
export const ownPresetName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(OWN_PRESETS.nameMaxLength, `must be at most ${OWN_PRESETS.nameMaxLength} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((name) => !/[<>\u0000-\u001f\u007f]/.test(name), 'must be plain text, without < or >');

/** One of a person's own presets: a name and the choices it applies (any subset of the settings). */
export const ownPreset = z.object({ name: ownPresetName, settings: accessibilitySettingsShape.partial().strict() }).strict();
export type OwnPreset = z.infer<typeof ownPreset>;

export const ownPresets = z
  .array(ownPreset)
  .max(OWN_PRESETS.max, `must hold at most ${OWN_PRESETS.max} presets`)
  .refine((list) => new Set(list.map((preset) => preset.name.toLowerCase())).size === list.length, 'must not repeat a name');

/**
 * Presets as stored anywhere (a browser's storage, an older or damaged row): every valid one is kept, up to
 * the limit, a later repeat of a name dropped; within a preset an invalid setting is dropped, the rest kept.
 */
export function readOwnPresets(raw: unknown): OwnPreset[] {
  if (!Array.isArray(raw)) return [];
  const kept: OwnPreset[] = [];
  const names = new Set<string>();
  for (const item of raw) {
    if (kept.length >= OWN_PRESETS.max) break;
    if (!item || typeof item !== 'object') continue;
    const { name: rawName, settings: rawSettings } = item as Record<string, unknown>;
    const name = ownPresetName.safeParse(rawName);
    if (!name.success || names.has(name.data.toLowerCase())) continue;
    const settings: Record<string, unknown> = {};
    if (rawSettings && typeof rawSettings === 'object' && !Array.isArray(rawSettings)) {
      for (const [key, value] of Object.entries(rawSettings)) {
        const field = (accessibilityFields as Record<string, z.ZodType>)[key];
        if (Object.hasOwn(accessibilityFields, key) && field!.safeParse(value).success) settings[key] = value;
      }
    }
    names.add(name.data.toLowerCase());
    kept.push({ name: name.data, settings: settings as OwnPreset['settings'] });
  }
  return kept;
}

/**
 * PUT /api/me/preferences. `accessibility` is the person's own choices (any subset of the settings;
 * what is left out follows the defaults of the device), `theme` the light/dark/system choice, `presets`
 * their own presets (the whole list). A part left out is kept as saved.
 */
export const preferencesUpdate = z
  .object({
    accessibility: accessibilitySettingsShape.partial().strict().optional(),
    theme: z.enum(THEMES).optional(),
    presets: ownPresets.optional(),
  })
  .strict()
  .refine(
    (body) => body.accessibility !== undefined || body.theme !== undefined || body.presets !== undefined,
    'must contain accessibility, theme or presets',
  );
export type PreferencesUpdate = z.infer<typeof preferencesUpdate>;

/* The security log (api/services/security-log.ts): what it records and how the owner filters it. */

export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'owner-link-minted',
  'owner-link-redeemed',
  'role-change',
  'admin-write',
  'session-ended',
  'passkey-registered',
  'passkey-removed',
  'recovery-codes-made',
  'import',
] as const;
export const SECURITY_OUTCOMES = ['success', 'refused'] as const;

const dayFilter = string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (yyyy-mm-dd)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'must be a real date');

/** The security page's filter, from its query string (empty fields mean "any"). */
export const securityLogFilter = z
  .object({
    kind: z.enum(SECURITY_EVENT_KINDS, { error: `must be one of ${SECURITY_EVENT_KINDS.join(', ')}` }).optional(),
    outcome: z.enum(SECURITY_OUTCOMES, { error: `must be one of ${SECURITY_OUTCOMES.join(', ')}` }).optional(),
    /** First and last day shown, inclusive, in the owner's time zone. */
    from: dayFilter.optional(),
    to: dayFilter.optional(),
    page: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000).optional(),
  })
  .strict();

/* Passkeys (WebAuthn). The credential parts are the JSON that @simplewebauthn/browser sends; their inner
 * objects accept fields added by newer browsers (the library reads only what it knows), but every field
 * the server relies on is checked here, so a malformed body is a 400 naming it, never a library crash. */

const base64url = string().min(1, 'is required').max(16_384, 'is too long').regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');
const publicKeyType = z.literal('public-key', { error: "must be 'public-key'" });

export const passkeyRegistrationResponse = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: publicKeyType,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.record(string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const passkeyAuthenticationResponse = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: publicKeyType,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** POST /api/passkeys: the person's name for the new passkey and the browser's attestation. */
export const passkeyCreate = z
  .object({
    name: required(60),
    response: passkeyRegistrationResponse,
  })
  .strict();

/** The name field alone, for the form's own check before the authenticator is asked. */
export const passkeyName = passkeyCreate.pick({ name: true });

/** POST /api/login/passkey: the browser's assertion. */
export const passkeySignIn = z.object({ response: passkeyAuthenticationResponse }).strict();

/** Test switch (ALLOW_TEST_SWITCHES): one orphaned-image sweep pass over one image, with the clock moved on. */
export const imageSweepSwitch = z
  .object({
    key: string().regex(/^[a-z0-9]{10,64}$/, 'must be an image key'),
    hoursLater: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(24 * 365, 'must be at most a year'),
  })
  .strict();

/** POST /api/sessions (form): end one of one's own sessions, all others, or (the owner) every session of a viewer. */
export const sessionEnd = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('end'), session: string().regex(/^[0-9a-f]{16}$/, 'must be a session name') }).strict(),
    z.object({ action: z.literal('end-others') }).strict(),
    z.object({ action: z.literal('end-user'), user: string().min(1, 'is required').max(100, 'must be at most 100 characters') }).strict(),
  ],
  { error: 'must be end, end-others or end-user' },
);

/** POST /api/test/database-error (test switch): the secret a refused write carries, which the log must not show. */
export const databaseErrorSwitch = z.object({ secret: string().min(1).max(200) }).strict();

// ---------- Daily check-in and diary (issue 30) ----------

/** A calendar day in the owner's time zone, yyyy-mm-dd (a real date). */
export const calendarDay = string()
  .trim()
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'must be a date (yyyy-mm-dd)',
  );

const LEVEL_MESSAGE = 'must be a whole number from 1 to 5';
/** A mood or energy level; the tables hold the same range in check constraints. */
export const level = z.number({ error: LEVEL_MESSAGE }).int(LEVEL_MESSAGE).min(1, LEVEL_MESSAGE).max(5, LEVEL_MESSAGE);

/** Control characters (but line breaks and tabs) and bidi overrides cannot be typed; they only arrive to confuse a reader. */
const CONTROL = /(?![\n\r\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
const prose = (max: number) =>
  string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), 'must not contain control characters')
    .transform((value) => value.trim());

/** A tag as typed ("Slept badly") is kept as a word of the list: lowercase, spaces become dashes. */
export const tag = string()
  .trim()
  .min(1, 'is required')
  .max(CHECKIN.tagMax, `must be at most ${CHECKIN.tagMax} characters`)
  .refine((value) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(value), 'must not contain control characters')
  .refine((value) => !/[#,]/.test(value), 'must not contain # or commas')
  .transform((value) => value.toLowerCase().replace(/\s+/g, '-'));
export const tagList = z
  .array(tag)
  .max(CHECKIN.tagsMax, `must have at most ${CHECKIN.tagsMax} items`)
  .transform((tags) => [...new Set(tags)]);

/**
 * A check-in's changes: the fields sent replace the day's, the fields left out stay, so a tap on mood and a
 * tap on energy from two devices both count. Null clears a level.
 */
export const checkinSave = z
  .object({
    mood: level.nullable(),
    energy: level.nullable(),
    note: prose(CHECKIN.noteMax),
    tags: tagList,
  })
  .partial()
  .strict();

const diaryFields = {
  /** Not after today in the owner's zone (checked by the server, which knows the zone). */
  day: calendarDay,
  title: prose(DIARY.titleMax).pipe(z.string().min(1, 'is required')),
  content: prose(DIARY.contentMax),
  mood: level.nullable(),
  tags: tagList,
};
export const diaryEntryCreate = z
  .object({ ...diaryFields, content: diaryFields.content.default(''), mood: level.nullish(), tags: tagList.default([]) })
  .strict();
/** The fields sent change; the ones left out stay. */
export const diaryEntryUpdate = z.object(diaryFields).partial().strict();
/** The diary's search box (GET /diary?q=). */
export const diarySearch = string().trim().max(DIARY.searchMax, `must be at most ${DIARY.searchMax} characters`);

/** The fields of a CSP violation the site logs; browsers send more, which are ignored (never stored). */
const cspText = z.string().max(4096).optional();

/**
 * POST /api/csp-report: a browser's report of something the page's Content-Security-Policy blocked, in either
 * form browsers send — `report-uri`'s `{ "csp-report": {…} }` or the Reporting API's list (`report-to`).
 * Loose objects: browsers add fields of their own, which are read past, not refused.
 */
export const cspReport = z.union([
  z.object({
    'csp-report': z.looseObject({
      'document-uri': cspText,
      'violated-directive': cspText,
      'effective-directive': cspText,
      'blocked-uri': cspText,
    }),
  }),
  z
    .array(
      z.looseObject({
        type: z.string().max(64),
        body: z
          .looseObject({ documentURL: cspText, effectiveDirective: cspText, blockedURL: cspText })
          .optional(),
      }),
    )
    .max(100),
]);

/**
 * A metric's goal (issue 30, item 5): per day or per week, fixed (an amount) or adaptive (the average of the
 * last 8 weeks); rest days a week keep a daily streak alive, so a weekly goal has none. An adaptive goal keeps no
 * amount. The archive's rows are checked with the fields alone: older archives may hold a weekly goal's rest days.
 */
export const metricGoalFields = z
  .object({
    period: z.enum(GOAL_PERIODS, { error: 'must be day or week' }),
    kind: z.enum(GOAL_KINDS, { error: 'must be fixed or adaptive' }),
    amount: z.number({ error: 'must be a finite number' }).positive('must be more than 0').max(1e12, 'must be at most 1e12').nullish(),
    restDays: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 to 6').max(6, 'must be 0 to 6').default(0),
  })
  .strict();
export const metricGoalSave = metricGoalFields
  .superRefine((goal, context) => {
    if (goal.kind === 'fixed' && (goal.amount === null || goal.amount === undefined))
      context.addIssue({ code: 'custom', path: ['amount'], message: 'is required for a fixed goal' });
    if (goal.period === 'week' && goal.restDays > 0)
      context.addIssue({ code: 'custom', path: ['restDays'], message: 'must be 0 for a weekly goal' });
  })
  .transform((goal) => ({ ...goal, amount: goal.kind === 'fixed' ? (goal.amount ?? null) : null }));

/* The Apple Health upload (api/apple-health/uploads.ts): what the owner chose on the preview. */
export const healthImportStart = z
  .object({
    /** Record types of the preview not to import. */
    skip: z.array(string().min(1, 'must not be empty').max(200, 'must be at most 200 characters')).max(1000, 'must list at most 1,000 types').default([]),
    /** Record type → the key of an existing metric its records go to instead of their own. */
    map: z.record(string().max(200, 'must be at most 200 characters'), metricKey).default({}),
  })
  .strict();
export type HealthImportStart = z.infer<typeof healthImportStart>;

/** Resuming an import run: with the file the server kept, or `upload`, the same export chosen again. */
export const importRunResume = z
  .object({ upload: z.uuid('must be the id of an upload').optional() })
  .strict();

/**
 * Test switch: the next import (or undo, `during`) stops after this many committed chunks, failing, hanging, or
 * held until `{ release: true }`.
 */
export const importStopSwitch = z.union([
  z
    .object({ afterChunks: z.number().int().min(1).max(1000), how: z.enum(['fail', 'hang', 'hold']), during: z.enum(['import', 'undo']).default('import') })
    .strict(),
  z.object({ release: z.literal(true) }).strict(),
]);

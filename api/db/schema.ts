import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  type AnyPgColumn,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Raw bytes (images). Drizzle has no built-in bytea column. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array | Buffer }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A person who signed in. SPEC §3 "User". */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** True only when a provider vouched for the address (or it is the owner's own link). */
  emailVerified: boolean('email_verified').notNull().default(false),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  /** 'admin' marks the owner and ADMIN_EMAILS; everyone else is a 'viewer'. */
  role: text('role').notNull().default('viewer'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Which provider identity belongs to which user. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** What a session row keeps besides its hash and deadline (the fields after renewedAt are absent on older rows). */
export interface SessionData {
  userId: string;
  createdAt: string;
  renewedAt: string;
  /** How the person signed in: owner-link, github, oidc, passkey. */
  method?: string;
  /** The browser's User-Agent at sign-in (cut to 300 characters), shown as the device on /account/sessions. */
  userAgent?: string;
  /** Last request seen, written at most every few minutes. */
  lastUsedAt?: string;
}

/**
 * SPEC's session store (sid, sess, expire). `sid` is the SHA-256 hash of the cookie's
 * token, never the token itself; `sess` holds the user id and the session's start.
 */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /**
     * When the person last proved who they are (a sign-in by passkey, provider or owner link): dangerous acts
     * need it recent (api/auth/step-up.ts). Null on rows older than the column and on the tests' stale sessions.
     */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

/** One-time owner sign-in links; only the hash of the link's token is kept. */
export const loginLinks = pgTable('login_links', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A piece of work in the portfolio. SPEC §3 "Project". */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** planned | active | completed; any other text is shown as unknown. */
    status: text('status').notNull().default('planned'),
    /** Percent complete, 0 to 100. */
    progress: integer('progress').notNull().default(0),
    /** development | creative | personal | research | ui-ux-design, or the owner's own. */
    category: text('category').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    technologies: text('technologies').array().notNull().default(sql`'{}'::text[]`),
    /** ISO date (yyyy-mm-dd) or empty. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    /** Live site, http(s) only. */
    url: text('url'),
    /** Thumbnail / screenshot: an /api/images/{key} address. */
    imageUrl: text('image_url'),
    /** The case study: a long-form Markdown body (empty: none). Visitors see it only once published. */
    caseStudy: text('case_study').notNull().default(''),
    /** False: the body is a draft only the owner sees; true: it shows on the public page. */
    caseStudyPublished: boolean('case_study_published').notNull().default(false),
    createdAt: createdAt(),
    /** Set on every edit of the project (backfilled from createdAt when the column came). */
    updatedAt: updatedAt(),
  },
  (t) => [check('projects_progress_range', sql`${t.progress} between 0 and 100`)],
);

/**
 * The demo checker's last look at a project's live demo (DEMO_CHECK=on). Kept for the address it looked at:
 * once the project's url changes, the row no longer applies and the demo shows as never checked.
 */
export const demoChecks = pgTable('demo_checks', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  /** When the demo last answered (null: not since this address was first checked). */
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  /** The first check that found it silent since it last answered; null while it answers. */
  offlineSince: timestamp('offline_since', { withTimezone: true }),
});

/** A project's gallery picture (SPEC keeps these in memory; we keep them). */
export const galleryImages = pgTable('gallery_images', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  /** logo | mockup | branding | web | uncategorized */
  category: text('category').notNull().default('uncategorized'),
  order: integer('order').notNull().default(0),
  createdAt: createdAt(),
});

/** A KPI, shown as a stat card. SPEC §3 "KPI / stat item". */
export const kpis = pgTable('kpis', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  value: text('value').notNull(),
  unit: text('unit'),
  /** A Lucide icon name; unknown names fall back to Package. */
  icon: text('icon').notNull(),
  /** Accent colour (#rrggbb). */
  color: text('color').notNull().default('#6fffe9'),
  change: text('change'),
  sparklineData: doublePrecision('sparkline_data').array(),
  tooltip: text('tooltip'),
  category: text('category').notNull(),
  /** Display order in the stats grid, lowest first. */
  position: integer('position').notNull().default(0),
  /** When set, value, change and sparkline are computed from this metric's points; else they are hand-set. */
  metricId: integer('metric_id').references((): AnyPgColumn => metrics.id, { onDelete: 'set null' }),
  /** public | signed-in | owner: who may see it. */
  visibility: text('visibility').notNull().default('signed-in'),
  updatedAt: updatedAt(),
}, (t) => [check('kpis_visibility', sql`${t.visibility} in ('public', 'signed-in', 'owner')`)]);

/** A yearly trend line. SPEC §3 "Trend". */
export const trends = pgTable('trends', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  data: doublePrecision('data').array().notNull(),
  labels: text('labels').array().notNull(),
  color: text('color').notNull().default('#6fffe9'),
  unit: text('unit').notNull(),
  description: text('description').notNull(),
  change: text('change'),
  /** When set, the twelve monthly values and labels are computed from this metric's points. */
  metricId: integer('metric_id').references((): AnyPgColumn => metrics.id, { onDelete: 'set null' }),
  /** public | signed-in | owner: who may see it. */
  visibility: text('visibility').notNull().default('signed-in'),
  updatedAt: updatedAt(),
}, (t) => [check('trends_visibility', sql`${t.visibility} in ('public', 'signed-in', 'owner')`)]);

/** A dated milestone. SPEC §3 "Timeline event". */
export const timelineEvents = pgTable('timeline_events', {
  id: serial('id').primaryKey(),
  /** ISO date (yyyy-mm-dd). */
  date: text('date').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  color: text('color').notNull().default('#6fffe9'),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/** What the owner is doing now; type 'focus' feeds the dashboard's pill. SPEC §3 "Current activity". */
export const currentActivities = pgTable(
  'current_activities',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    description: text('description'),
    progress: integer('progress').notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    updatedAt: updatedAt(),
  },
  (t) => [check('current_activities_progress_range', sql`${t.progress} between 0 and 100`)],
);

/** The Now footer's items. SPEC §3 "Now item". */
export const nowItems = pgTable(
  'now_items',
  {
    id: serial('id').primaryKey(),
    /** spotify | reading */
    type: text('type').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    description: text('description'),
    progress: integer('progress').notNull().default(0),
    /** { isPlaying, current, duration } for a track. */
    metadata: jsonb('metadata').$type<{ isPlaying?: boolean; current?: string; duration?: string }>(),
    /** Order on the Now cards: the first track and the first book are the ones shown. */
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('now_items_type', sql`${t.type} in ('spotify', 'reading')`),
    check('now_items_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

/** The owner-curated playlist catalogue behind the mood matcher. */
export const playlists = pgTable('playlists', {
  /** Spotify's playlist id. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  imageUrl: text('image_url'),
  tracksTotal: integer('tracks_total').notNull().default(0),
  spotifyUrl: text('spotify_url').notNull(),
  /** Moods it suits: focused, energetic, relaxed, creative, productive, coding. */
  moods: text('moods').array().notNull().default(sql`'{}'::text[]`),
  /** Activities it suits: work, study, workout, creativity, relaxation. */
  activities: text('activities').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/** An uploaded image, re-encoded; one row per stored width (variant 0 is the full size). */
export const images = pgTable(
  'images',
  {
    key: text('key').notNull(),
    /** 0 for the full image, else the variant's width in pixels. */
    variant: integer('variant').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
    /**
     * When the orphaned-image sweep first found no record referring to this image (null while one does);
     * 24 hours later the sweep deletes it (api/services/image-sweep.ts).
     */
    unreferencedSince: timestamp('unreferenced_since', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.key, t.variant] })],
);

/** A signed-in user's accessibility settings and theme, so they follow the user between devices. */
export const preferences = pgTable('preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessibility: jsonb('accessibility').$type<Record<string, unknown>>().notNull().default({}),
  theme: text('theme').notNull().default('system'),
  updatedAt: updatedAt(),
});

/** Sign-in attempt counters per client address, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }).notNull(),
});

/**
 * Something measured over time (steps, deep-work hours, weight). The key never changes once
 * created, so tokens and phone shortcuts that name it keep working; the name may.
 */
export const metrics = pgTable(
  'metrics',
  {
    id: serial('id').primaryKey(),
    /** Lowercase letters, digits and dashes; immutable. */
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    /** A Lucide icon name; unknown names fall back to Package. */
    icon: text('icon').notNull().default('TrendingUp'),
    color: text('color').notNull().default('#6fffe9'),
    /** How a period's points become one number: sum | average | last | count. */
    aggregation: text('aggregation').notNull().default('sum'),
    /** An optional goal per month, in the metric's unit. */
    target: doublePrecision('target'),
    /** public | signed-in | owner; new metrics are the owner's alone until shared. */
    visibility: text('visibility').notNull().default('owner'),
    /**
     * Device sources in the owner's order of preference: when two report the same day with as many points,
     * the one listed first counts (api/services/metric-days.ts). Unlisted sources come after, by name.
     */
    sourcePriority: text('source_priority').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('metrics_aggregation', sql`${t.aggregation} in ('sum', 'average', 'last', 'count')`),
    check('metrics_visibility', sql`${t.visibility} in ('public', 'signed-in', 'owner')`),
  ],
);

/**
 * One dated measurement of a metric; one per metric, instant and source, so a point resent by one source
 * updates instead of duplicating, while a watch and a phone reporting the same minute keep a point each.
 */
export const metricPoints = pgTable(
  'metric_points',
  {
    id: serial('id').primaryKey(),
    metricId: integer('metric_id')
      .notNull()
      .references(() => metrics.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
    note: text('note'),
    /**
     * Who wrote it: 'manual' for what a person enters (forms, check-ins, a token write naming no source),
     * 'demo' for the seeded demo, else a device ('Apple Watch'). Only device sources compete for a day.
     */
    source: text('source').notNull().default('manual'),
    /**
     * The import run that inserted it (import_runs), set on insert only: a point an import finds already there
     * keeps the run it had, so undoing a run removes exactly what it added. Not a foreign key: emptying the runs
     * (a test's reset) must not empty the points; a restore empties both. Never exported (api/export/tables.ts).
     */
    importRunId: integer('import_run_id'),
  },
  (t) => [
    uniqueIndex('metric_points_metric_at_source').on(t.metricId, t.at, t.source),
    // Only imported points carry a run: the index stays as small as they are.
    index('metric_points_import_run_idx').on(t.importRunId).where(sql`${t.importRunId} is not null`),
  ],
);

/**
 * One import of a file of points (kind `apple-health`: the admin page's upload or the shell command): its
 * progress, committed with each chunk, so an import a stop or an error cut short shows as `partial` and may be
 * resumed or undone (docs/apple-health.md). A record of this site's work, not the owner's data: never exported.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'apple-health'>().notNull(),
    fileName: text('file_name').notNull(),
    /**
     * `undoing`: its points are being removed in the background; `undo-stopped`: a server stopped during that
     * (found at start), some points removed, the rest left for the owner's next undo.
     */
    status: text('status').$type<'running' | 'done' | 'partial' | 'failed' | 'undoing' | 'undo-stopped' | 'undone'>().notNull().default('running'),
    /** Records read up to the last committed chunk, of the file's total (unknown to the shell command). */
    recordsDone: integer('records_done').notNull().default(0),
    recordsTotal: integer('records_total'),
    /** Points this run inserted (what an undo removes). */
    pointsWritten: integer('points_written').notNull().default(0),
    /** Points an undo removed so far, committed with each chunk it deletes (across undos stopped and resumed). */
    pointsRemoved: integer('points_removed').notNull().default(0),
    /** The owner's choices for the file (`skip`, `map`), so a resume writes what the first attempt did. */
    options: jsonb('options').$type<{ skip: string[]; map: Record<string, string> }>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    check('import_runs_kind', sql`${t.kind} in ('apple-health')`),
    check('import_runs_status', sql`${t.status} in ('running', 'done', 'partial', 'failed', 'undoing', 'undo-stopped', 'undone')`),
  ],
);

/**
 * Each metric's points per day (in the owner's time zone, metric_rollup_zone) and source: enough for a
 * sum, an average, a count or the last value of any span of days, so no read aggregates raw points.
 * Kept right by statement-level triggers on metric_points (drizzle/0008_metric_point_sources.sql), whatever
 * writes the points; rebuilt from them after a restore and when the owner's time zone changes. Never
 * exported: the points are the record, this is derived from them (docs/decisions/014-daily-rollups.md).
 */
export const metricDailyRollups = pgTable(
  'metric_daily_rollups',
  {
    metricId: integer('metric_id')
      .notNull()
      .references(() => metrics.id, { onDelete: 'cascade' }),
    /** The owner's calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    points: integer('points').notNull(),
    total: doublePrecision('total').notNull(),
    low: doublePrecision('low').notNull(),
    high: doublePrecision('high').notNull(),
    /** The value of the day's latest point, and its instant. */
    lastValue: doublePrecision('last_value').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.metricId, t.day, t.source] })],
);

/** The time zone the rollups' days are in; the server rebuilds them at start when OWNER_TIME_ZONE differs. */
export const metricRollupZone = pgTable(
  'metric_rollup_zone',
  {
    /** Always 1: one zone for the site. */
    id: integer('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('metric_rollup_zone_single', sql`${t.id} = 1`)],
);

/**
 * Personal access tokens for writing points from anywhere (curl, a phone shortcut, cron). Only the
 * SHA-256 of the token is kept; the token itself is shown once, when created.
 */
export const accessTokens = pgTable('access_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  /** Metric keys it may write; null means every metric. */
  metricKeys: text('metric_keys').array(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The security log: sign-ins (and refusals), owner-link minting and redemption, role changes, passkey
 * changes, sessions ended and every admin write. Request values live in their own columns, never in
 * one formatted line; rows older than 180 days are deleted by a job (api/services/security-log.ts).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** sign-in | owner-link-minted | owner-link-redeemed | role-change | admin-write | session-ended | passkey-… */
    kind: text('kind').notNull(),
    /** success | refused */
    outcome: text('outcome').notNull(),
    /** Why it was refused (or what changed), in the server's words. */
    reason: text('reason'),
    /** Who it concerns, when known. Not a foreign key: the log outlives deleted accounts. */
    userId: text('user_id'),
    email: text('email'),
    /** The sign-in method (owner-link, github, oidc, passkey) or, for an admin write, the HTTP method. */
    method: text('method'),
    /** An admin write's route pattern (`/api/projects/[id]`): never the URL, which may hold ids or tokens. */
    route: text('route'),
    /** An admin write's response status. */
    status: integer('status'),
    clientAddress: text('client_address'),
    /** Anything else worth keeping (never request bodies). */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('security_events_at_idx').on(t.at), index('security_events_kind_at_idx').on(t.kind, t.at)],
);

/**
 * WebAuthn passkeys: each a public key whose private half never leaves the person's authenticator.
 * Credentials are bound to the site's origin (rpID from SITE_URL), so they are never exported.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential ID, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** Signature counter: an assertion whose counter does not move past this is a replay or a clone. */
    counter: integer('counter').notNull().default(0),
    /** The owner's name for it ("Laptop", "Phone"). */
    name: text('name').notNull(),
    transports: text('transports').array(),
    /** 'singleDevice' or 'multiDevice' (synced), as the authenticator reported. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges waiting for an answer: each is used once and expires after a few minutes.
 * A registration challenge belongs to the signed-in person who asked; a sign-in challenge to nobody yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** 'register' or 'sign-in'. */
    purpose: text('purpose').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Recovery codes: a way back in for an owner whose only ways in are passkeys. Ten per person, shown once;
 * only each code's SHA-256 is kept, and `used_at` is set by one conditional UPDATE, so a code works once.
 * A way in, so never exported.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the normalised code. */
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The key this site signs its archives with (HMAC-SHA256) when ARCHIVE_SIGNING_KEY is not set: made once, on
 * the first export, and never exported itself, so an archive cannot bring the key that vouches for it.
 */
export const archiveSigningKey = pgTable(
  'archive_signing_key',
  {
    /** Always 1: the site has one key. */
    id: integer('id').primaryKey().default(1),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('archive_signing_key_single', sql`${t.id} = 1`)],
);

/**
 * The owner's daily check-in (issue 30): one row per calendar day in the owner's zone. Mood and energy are
 * also written as that day's points of the `mood` and `energy` metrics (noon, owner's zone), so charts and
 * trends read them like any metric; the note becomes the day's diary entry.
 */
export const checkins = pgTable(
  'checkins',
  {
    /** yyyy-mm-dd in OWNER_TIME_ZONE: two check-ins for one day are one row. */
    day: text('day').primaryKey(),
    mood: integer('mood'),
    energy: integer('energy'),
    note: text('note').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('checkins_mood_range', sql`${t.mood} between 1 and 5`),
    check('checkins_energy_range', sql`${t.energy} between 1 and 5`),
  ],
);

/** The owner's diary (SPEC §3 "Diary entry", made real by issue 30). */
export const diaryEntries = pgTable(
  'diary_entries',
  {
    id: serial('id').primaryKey(),
    /** yyyy-mm-dd in OWNER_TIME_ZONE, never after today. */
    day: text('day').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** 1–5, the check-in's scale; null when the entry has none. */
    mood: integer('mood'),
    /** The word the entry was written with (Excited, Calm…), shown instead of the level's name while it matches the level. */
    moodWord: text('mood_word'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Set on the entry a check-in's note wrote: one per day, removed with the note. */
    checkinDay: text('checkin_day')
      .unique()
      .references(() => checkins.day, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('diary_entries_mood_range', sql`${t.mood} between 1 and 5`), index('diary_entries_day_idx').on(t.day)],
);

/** Demo content a site has already been given once (the diary's sample entries), so deleting it all sticks. */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
});

/**
 * The owner's insights (issue 30), computed from the daily rollups and check-ins by a job and at seed time,
 * never on page view (api/services/insights.ts). One row: the latest result. Derived, so never exported.
 */
export const insightResults = pgTable(
  'insight_results',
  {
    /** Always 1: one result for the site. */
    id: integer('id').primaryKey().default(1),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last whole day the result read (yyyy-mm-dd, owner's zone). */
    throughDay: text('through_day').notNull(),
    /** How many pairs were tested (the false-discovery control's m). */
    pairsTested: integer('pairs_tested').notNull(),
    /** The cards, strongest first (InsightCard[] in api/services/insights.ts). */
    cards: jsonb('cards').$type<unknown[]>().notNull(),
  },
  (t) => [check('insight_results_single', sql`${t.id} = 1`)],
);

/**
 * A metric's goal (issue 30, item 5): per day or per week, a fixed amount or adaptive (the average of the same
 * weekday, or of the weeks, over the last 8 weeks: Exist's rule), with rest days per week that keep a daily
 * streak alive. The owner's alone; a metric has at most one.
 */
export const metricGoals = pgTable(
  'metric_goals',
  {
    metricId: integer('metric_id')
      .primaryKey()
      .references(() => metrics.id, { onDelete: 'cascade' }),
    /** day | week */
    period: text('period').notNull(),
    /** fixed | adaptive */
    kind: text('kind').notNull(),
    /** The fixed goal, in the metric's unit; null for an adaptive one. */
    amount: doublePrecision('amount'),
    /** Days a week a daily goal may be missed without ending the streak. */
    restDays: integer('rest_days').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('metric_goals_period', sql`${t.period} in ('day', 'week')`),
    check('metric_goals_kind', sql`${t.kind} in ('fixed', 'adaptive')`),
    check('metric_goals_amount', sql`(${t.kind} = 'fixed') = (${t.amount} is not null and ${t.amount} > 0)`),
    check('metric_goals_rest_days', sql`${t.restDays} between 0 and 6`),
  ],
);

import { z } from 'zod';
import { AGGREGATIONS, NOW_ITEM_TYPES, VISIBILITIES } from './shapes.ts';

/*
 * What the JSON API answers, in plain zod: the response half of the contract whose request half is
 * domain/shapes.ts. api/http/openapi.ts turns both into the OpenAPI document at /api/openapi.json, and
 * tests/api/openapi-responses.test.ts holds the running server's answers to it. Objects are closed
 * (additionalProperties: false in the document), so a field the server starts sending without saying so here,
 * such as a token's hash, fails that test instead of leaking unnoticed.
 * Timestamps are JSON's rendering of a Date: ISO 8601 in UTC ("2026-11-23T02:27:15.000Z").
 */

const instant = z.iso.datetime();
const id = z.number().int().positive();
const nullableText = z.string().nullable();

/** Every error answer: a message safe to show, and the input it is about when there is one. */
export const errorBody = z.object({ error: z.string(), field: z.string().optional() }).meta({
  description: 'A message safe to show a person; `field` names the offending input (a body field, path or query parameter).',
});

/** A dangerous act asked of a session whose sign-in is older than STEP_UP_SECONDS (api/auth/step-up.ts). */
export const stepUpRequired = z.object({ error: z.literal('step_up_required'), message: z.string(), seconds: z.number().int() }).meta({
  description: "Sign in again (passkey, provider or owner link), then repeat the request: `seconds` is how recent the sign-in must be.",
});

/** A refused row of a batch of points also says which row (0-based). */
export const pointRowError = z.object({ error: z.string(), field: z.string(), row: z.number().int().min(0) });

export const project = z.object({
  id,
  name: z.string(),
  description: z.string(),
  status: z.string().meta({ description: 'planned | active | completed; other text is shown as unknown.' }),
  progress: z.number().int().min(0).max(100),
  category: z.string(),
  tags: z.array(z.string()),
  technologies: z.array(z.string()),
  startDate: nullableText.meta({ description: 'yyyy-mm-dd, or empty / null for no date.' }),
  endDate: nullableText,
  url: nullableText,
  imageUrl: nullableText,
  caseStudy: z.string().meta({
    description: 'The case study, Markdown. Anyone but the owner gets an empty string while it is a draft.',
  }),
  caseStudyPublished: z.boolean().meta({ description: 'Whether visitors see the case study.' }),
  createdAt: instant,
  updatedAt: instant.meta({ description: 'The last change of the project.' }),
});
/** What a visitor may see of a project: everything a project page shows, nothing internal. */
export const publicProject = project.omit({ createdAt: true });

/** A case study rendered as the public page shows it (the editor's preview). */
export const caseStudyRendering = z.object({
  html: z.string().meta({ description: 'Sanitised HTML: no script, event handler, style or javascript:/data: address.' }),
  headings: z.array(z.object({ id: z.string(), text: z.string(), level: z.number().int().min(3).max(6) })),
  words: z.number().int().min(0),
  readingMinutes: z.number().int().min(0),
  toc: z.boolean().meta({ description: 'Whether the page shows a table of contents (four headings or more).' }),
  problem: z.string().nullable().meta({ description: 'Why a save of this text would be refused (a picture not of this project, or without alt text), or null.' }),
});

export const galleryImage = z.object({
  id,
  projectId: id,
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  category: z.string(),
  order: z.number().int(),
  createdAt: instant,
});

export const kpi = z.object({
  id,
  name: z.string(),
  value: z.string(),
  unit: nullableText,
  icon: z.string(),
  color: z.string(),
  change: nullableText,
  sparklineData: z.array(z.number()).nullable(),
  tooltip: nullableText,
  category: z.string(),
  position: z.number().int(),
  metricId: id.nullable().meta({ description: 'When set, value, change and sparkline are computed from this metric.' }),
  visibility: z.enum(VISIBILITIES),
  updatedAt: instant,
});

/** GET /api/stats: a stat card, without the KPI's internals. */
export const statCard = kpi.pick({
  id: true,
  name: true,
  value: true,
  unit: true,
  change: true,
  color: true,
  icon: true,
  sparklineData: true,
  tooltip: true,
});

export const trend = z.object({
  id,
  name: z.string(),
  data: z.array(z.number()),
  labels: z.array(z.string()),
  color: z.string(),
  unit: z.string(),
  description: z.string(),
  change: nullableText,
  metricId: id.nullable(),
  visibility: z.enum(VISIBILITIES),
  updatedAt: instant,
  periods: z.array(z.string()).optional().meta({ description: "A metric-backed trend's month (yyyy-mm) per value." }),
});

export const timelineEvent = z.object({
  id,
  date: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  color: z.string(),
  tags: z.array(z.string()),
  createdAt: instant,
});

export const currentActivity = z.object({
  id,
  type: z.string(),
  title: z.string(),
  subtitle: nullableText,
  description: nullableText,
  progress: z.number().int().min(0).max(100),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: instant,
});

export const nowItem = z.object({
  id,
  type: z.enum(NOW_ITEM_TYPES),
  title: z.string(),
  subtitle: nullableText,
  description: nullableText,
  progress: z.number().int().min(0).max(100),
  position: z.number().int().meta({ description: 'Display order, lowest first.' }),
  metadata: z
    .object({ isPlaying: z.boolean().optional(), current: z.string().optional(), duration: z.string().optional() })
    .nullable(),
  updatedAt: instant,
});

export const playlist = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableText,
  imageUrl: nullableText,
  tracksTotal: z.number().int().min(0),
  spotifyUrl: z.string(),
  moods: z.array(z.string()),
  activities: z.array(z.string()),
  createdAt: instant,
});

/** The mood matcher's answer, in Spotify's own playlist shape (curated catalogue first, then Spotify's search). */
export const moodPlaylists = z.object({
  mood: z.string(),
  playlists: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: nullableText,
      images: z.array(z.object({ url: z.string() })),
      tracks: z.object({ total: z.number().int().min(0) }),
      external_urls: z.object({ spotify: z.string() }),
    }),
  ),
});

export const metric = z.object({
  id,
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  icon: z.string(),
  color: z.string(),
  aggregation: z.enum(AGGREGATIONS),
  target: z.number().nullable(),
  visibility: z.enum(VISIBILITIES),
  /** Device sources in the owner's order of preference (the first wins a tie for a day). */
  sourcePriority: z.array(z.string()),
  createdAt: instant,
  updatedAt: instant,
});
/** A metric with how many points it has (the delete confirmation says how many go with it). */
export const metricWithCount = metric.extend({ points: z.number().int().min(0) });
/** The list adds when its latest point is dated (the admin's metrics page shows it). */
export const metricListed = metricWithCount.extend({ lastAt: instant.nullable() });
export const metricDeleted = z.object({ key: z.string(), deletedPoints: z.number().int().min(0) });

export const point = z.object({ id, metricId: id, at: instant, value: z.number(), note: nullableText, source: z.string() });
export const pointsPage = z.object({ points: z.array(point), total: z.number().int().min(0) });
export const pointsWritten = z.object({
  metric: z.string(),
  inserted: z.number().int().min(0),
  updated: z.number().int().min(0).meta({ description: 'Points resent for an instant the metric already had.' }),
});

/** An access token as the admin area sees it: never the secret, never its hash. */
export const tokenSummary = z.object({
  id,
  name: z.string(),
  metricKeys: z.array(z.string()).nullable().meta({ description: 'Metric keys it may write; null: every metric.' }),
  expiresAt: instant.nullable(),
  lastUsedAt: instant.nullable(),
  revokedAt: instant.nullable(),
  createdAt: instant,
});
/** The one answer that carries the secret: shown once, never stored. */
export const tokenCreated = tokenSummary.extend({ token: z.string() });

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: nullableText,
  lastName: nullableText,
  profileImageUrl: nullableText,
  role: z.enum(['admin', 'viewer']),
});

export const savedPreferences = z.object({
  accessibility: z.record(z.string(), z.unknown()).nullable(),
  presets: z
    .array(z.object({ name: z.string(), settings: z.record(z.string(), z.unknown()) }))
    .meta({ description: 'The person’s own presets, in their order; [] when none are saved.' }),
  theme: nullableText.meta({ description: 'light | dark | system; null when nothing is saved yet.' }),
});

export const uploadedImage = z.object({ imageUrl: z.string().meta({ description: 'An /api/images/{key} address.' }) });

/** What an import would change (preview) or changed (import), per table. */
export const importSummary = z.object({
  createdAt: z.string(),
  migration: z.string(),
  tables: z.array(z.object({ name: z.string(), archive: z.number().int().min(0), current: z.number().int().min(0) })),
  replaces: z.boolean(),
  origin: z.enum(['this-site', 'elsewhere']).meta({
    description: "'this-site': signed with this site's key (ARCHIVE_SIGNING_KEY or the stored one); 'elsewhere': check it before restoring.",
  }),
  dropped: z
    .array(z.object({ table: z.string(), rows: z.number().int().min(0), why: z.string() }))
    .meta({ description: 'What the archive held that is not restored: ways in, email verification, the security log.' }),
});

export const healthy = z.object({ status: z.literal('ok') });
export const ready = z.object({ database: z.literal('ok'), migration: z.string() });
export const unready = z.object({
  database: z.enum(['ok', 'unreachable', 'unknown']),
  migration: z.null().optional(),
  error: z.string(),
});

/** One of the signed-in admin's passkeys (never its key or credential id). */
export const passkeySummary = z.object({
  id,
  name: z.string(),
  createdAt: instant,
  lastUsedAt: instant.nullable(),
  synced: z.boolean().meta({ description: 'True for a passkey synced between devices, false for one bound to a single authenticator.' }),
});

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), as @simplewebauthn/server makes them. */
export const webauthnOptions = z.looseObject({ challenge: z.string() }).meta({ description: 'Hand to @simplewebauthn/browser (startRegistration / startAuthentication) as optionsJSON.' });

/** A passkey sign-in's answer: the session cookie rides on it, and the browser goes here next. */
export const passkeySignedIn = z.object({ location: z.string() });

/** The signed-in admin's recovery codes: how many are left and when each was used, never a code. */
export const recoveryCodeSummary = z.object({
  createdAt: instant.nullable().meta({ description: 'When the current set was made; null when there is none.' }),
  unused: z.number().int(),
  codes: z.array(z.object({ number: z.number().int().meta({ description: 'Its place in the set, 1–10.' }), usedAt: instant.nullable() })),
});

/** A fresh set of recovery codes: the codes themselves are in this answer only, never again. */
export const recoveryCodesCreated = recoveryCodeSummary.extend({
  recoveryCodes: z.array(z.string()).meta({ description: 'The ten codes (xxxx-xxxx-xxxx-xxxx), shown this once; only their hashes are kept.' }),
});

/** `npm run owner-link` on the server's machine gets its fresh link here. */
export const ownerLinkMinted = z.object({ url: z.string() });
/** GET /api/jobs/run: each periodic job by name, and whether its run succeeded. */
export const jobsRun = z.object({ jobs: z.array(z.object({ name: z.string(), ok: z.boolean() })) });

/** The owner's check-in of a day (issue 30). */
export const checkin = z.object({
  day: z.string().meta({ description: "yyyy-mm-dd in the owner's time zone." }),
  mood: z.number().int().min(1).max(5).nullable(),
  energy: z.number().int().min(1).max(5).nullable(),
  note: z.string(),
  tags: z.array(z.string()),
  createdAt: instant,
  updatedAt: instant,
});

export const diaryEntry = z.object({
  id,
  day: z.string().meta({ description: "yyyy-mm-dd in the owner's time zone." }),
  title: z.string(),
  content: z.string(),
  mood: z.number().int().min(1).max(5).nullable(),
  moodWord: nullableText.meta({ description: 'The word the entry was written with (Excited, Calm…), while it names its level.' }),
  tags: z.array(z.string()),
  checkinDay: nullableText.meta({ description: "The day of the check-in whose note this is; null for an entry written in the diary." }),
  createdAt: instant,
  updatedAt: instant,
});

/** A metric's goal and where the owner stands (issue 30, item 5). */
export const metricGoal = z.object({
  period: z.enum(['day', 'week']),
  kind: z.enum(['fixed', 'adaptive']),
  amount: z.number().nullable().meta({ description: 'The fixed goal in the metric’s unit; null for an adaptive one.' }),
  restDays: z.number().int().min(0).max(6),
  target: z.number().nullable().meta({ description: 'Today’s (or this week’s) goal; null while an adaptive goal has no history.' }),
  current: z.number().meta({ description: 'Today’s (or this week’s) value so far.' }),
  met: z.boolean(),
  streak: z.number().int().min(0).meta({ description: 'Days (or weeks) in a row meeting the goal, rest days kept.' }),
  restUsedThisWeek: z.number().int().min(0),
});

/** What an Apple Health export holds (a dry run) or what its import wrote. */
export const healthSummary = z.object({
  records: z.number().int().min(0),
  types: z.array(
    z.object({
      type: z.string(),
      metric: z.string().nullable().meta({ description: 'The metric its records go to; null: not imported (an unknown type, or skipped).' }),
      records: z.number().int().min(0),
      refused: z.number().int().min(0),
      days: z.number().int().min(0),
      sources: z.array(z.string()),
    }),
  ),
  refusals: z.array(z.object({ type: z.string(), reason: z.string(), records: z.number().int().min(0) })),
  inserted: z.number().int().min(0),
  updated: z.number().int().min(0),
  dryRun: z.boolean(),
});

/** An uploaded export kept for the owner's Import, and that import's progress. */
export const healthUpload = z.object({
  id: z.string(),
  expiresAt: z.string().meta({ description: 'When the kept file is deleted if it has not been imported.' }),
  state: z.enum(['ready', 'importing', 'done', 'failed']),
  preview: healthSummary,
  done: z.number().int().min(0).meta({ description: 'Records read so far.' }),
  total: z.number().int().min(0),
  secondsLeft: z.number().int().min(0).nullable(),
  result: healthSummary.nullable(),
  error: z.string().nullable(),
  runId: z.number().int().nullable().meta({ description: 'The import run of its latest import (GET /api/import-runs/{id}).' }),
});

export const importRun = z.object({
  id: z.number().int(),
  kind: z.enum(['apple-health']),
  fileName: z.string(),
  status: z.enum(['running', 'done', 'partial', 'failed', 'undoing', 'undo-stopped', 'undone']).meta({
    description:
      'partial: stopped after some chunks were committed (an error, or the server stopping); resume or undo it. undoing: its points are being removed in the background. undo-stopped: an undo an error or a stopped server cut short; undo again to remove the rest.',
  }),
  recordsDone: z.number().int().min(0).meta({ description: 'Records read so far (of its latest attempt).' }),
  recordsTotal: z.number().int().min(0).nullable().meta({ description: "The file's records; null when unknown (the shell command)." }),
  pointsWritten: z.number().int().min(0).meta({ description: 'Points this run inserted: what an undo removes.' }),
  pointsRemoved: z.number().int().min(0).meta({ description: 'Points its undo removed so far (committed a chunk at a time).' }),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  secondsLeft: z.number().int().min(0).nullable(),
  fileKept: z.boolean().meta({ description: 'The server still keeps the file a stopped run read: a resume needs no new upload.' }),
});
export const importRunList = z.object({ runs: z.array(importRun) });

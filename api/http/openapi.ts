import { z } from 'zod';
import * as shapes from '#domain/shapes.ts';
import * as responses from '#domain/responses.ts';
import { moodQuery } from './dashboard-routes.ts';
import { galleryImageAdd } from './gallery-routes.ts';
import { pointsQuery } from './metric-routes.ts';
import { CSP_REPORT_PATH } from './site-headers.ts';

/*
 * The API's contract, OpenAPI 3.1, served at GET /api/openapi.json. Built from the zod shapes the handlers
 * themselves validate with (domain/shapes.ts) and the response shapes of domain/responses.ts, so the document
 * cannot drift from the code by hand-editing. ROUTES below is the one table of every JSON endpoint:
 * api/http/openapi.test.ts fails when a route file under src/pages/api/ has a method this table lacks,
 * and tests/api/openapi-responses.test.ts holds the running server's answers to it.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: anyone; anyone, seeing more when signed in; a signed-in person; the owner (role admin, from a
 * session cookie); or an access token (Authorization: Bearer), the one way in without a browser; or a scheduler
 * holding CRON_SECRET.
 */
export type Access = 'public' | 'public-more-when-signed-in' | 'signed-in' | 'admin' | 'bearer' | 'admin-or-local' | 'cron';

export interface Operation {
  summary: string;
  description?: string;
  access: Access;
  /** A JSON body, validated with this shape (400 names the field; 413 over the size limit; 415 if not JSON). */
  body?: z.ZodType;
  /** A form body (application/x-www-form-urlencoded), validated with this shape (400 names the field; 413 over 8 KB). */
  form?: z.ZodType;
  /** A non-JSON body: its media type and what it holds. */
  rawBody?: { contentType: string; description: string };
  query?: z.ZodObject;
  /** The success answer; no shape: no body (204) or not JSON (`contentType`). */
  ok: { status: number; description: string; shape?: z.ZodType; contentType?: string };
  /** Statuses this operation answers beyond the ones its access, path and body imply. */
  also?: Record<number, string>;
  /** The 400 body of a refused batch row names the row too. */
  rowErrors?: boolean;
  /** A dangerous act: a session whose sign-in is older than STEP_UP_SECONDS gets 403 step_up_required (api/auth/step-up.ts). */
  stepUp?: boolean;
}

/** Path templates as OpenAPI writes them ({id}); the route file is src/pages/api/<path>.ts or <path>/index.ts. */
export const ROUTES: Record<string, Partial<Record<Method, Operation>>> = {
  '/api/openapi.json': {
    get: {
      summary: 'This document',
      access: 'public',
      ok: { status: 200, description: 'The OpenAPI 3.1 document (cacheable for five minutes).', shape: z.record(z.string(), z.unknown()) },
    },
  },
  '/api/auth/user': {
    get: { summary: 'The signed-in person', access: 'signed-in', ok: { status: 200, description: 'Who is signed in (never a token or session detail).', shape: responses.currentUser } },
  },
  '/api/logout': {
    get: {
      summary: 'Sign out (a navigation)',
      description:
        'Signs out when the browser says the navigation is same-origin or typed (Sec-Fetch-Site); without fetch metadata answers an HTML page whose button POSTs; a cross-site navigation is sent home and signs nobody out.',
      access: 'public',
      ok: { status: 302, description: 'Signed out (or sent home); Location: /.' },
      also: { 200: 'An HTML confirmation page (a browser without fetch metadata).' },
    },
    post: { summary: 'Sign out (the confirmation button)', access: 'public', ok: { status: 303, description: 'Signed out; Location: /.' } },
  },
  '/api/me/preferences': {
    get: { summary: 'My saved accessibility settings and theme', access: 'signed-in', ok: { status: 200, description: 'Nulls when nothing is saved yet.', shape: responses.savedPreferences } },
    put: { summary: 'Save my accessibility settings and theme', access: 'signed-in', body: shapes.preferencesUpdate, ok: { status: 200, description: 'What is now saved.', shape: responses.savedPreferences } },
  },
  '/api/stats': {
    get: { summary: 'The stat cards this person may see', access: 'public-more-when-signed-in', ok: { status: 200, description: 'In display order.', shape: z.array(responses.statCard) } },
  },
  '/api/spotify/mood-playlists': {
    get: { summary: 'Playlists for a mood and an activity', access: 'signed-in', query: moodQuery, ok: { status: 200, description: 'Curated playlists first, then Spotify search results (when configured).', shape: responses.moodPlaylists } },
  },
  '/api/projects': {
    get: { summary: 'Every project, newest first', access: 'public', ok: { status: 200, description: "The projects (a draft case study's body only for the owner).", shape: z.array(responses.project) } },
    post: { summary: 'Create a project', access: 'admin', body: shapes.projectCreate, ok: { status: 201, description: 'The new project.', shape: responses.project } },
  },
  '/api/projects/{id}': {
    get: { summary: 'One project', access: 'public', ok: { status: 200, description: "The project (a draft case study's body only for the owner).", shape: responses.project } },
    patch: {
      summary: 'Change a project',
      description: 'An imageUrl sent as a data: URL is stored through the image pipeline first (the body may then exceed 100 KB).',
      access: 'admin',
      body: shapes.projectUpdate,
      ok: { status: 200, description: 'The changed project.', shape: responses.project },
    },
    delete: { summary: 'Delete a project and its gallery', access: 'admin', ok: { status: 204, description: 'Deleted.' } },
  },
  '/api/projects/{id}/case-study': {
    put: {
      summary: "Save a project's case study and whether visitors see it",
      description:
        "Markdown; raw HTML is shown as text. Pictures must be the project's gallery pictures or its own picture, each with alt text (400 naming caseStudy otherwise). A body up to 4 MB is read, so one over the length limit is a 400, not a 413.",
      access: 'admin',
      body: shapes.caseStudySave,
      ok: { status: 200, description: 'The changed project (updatedAt set).', shape: responses.project },
    },
  },
  '/api/projects/{id}/case-study/preview': {
    post: {
      summary: 'A case study rendered as the public page shows it, without saving',
      access: 'admin',
      body: shapes.caseStudyPreview,
      ok: { status: 200, description: 'The sanitised HTML, headings, reading time and what a save would refuse.', shape: responses.caseStudyRendering },
    },
  },
  '/api/public/projects': {
    get: { summary: 'Every project, as a visitor sees it', access: 'public', ok: { status: 200, description: 'The projects (shared caches may keep them a minute).', shape: z.array(responses.publicProject) } },
  },
  '/api/public/projects/{id}': {
    get: { summary: 'One project, as a visitor sees it', access: 'public', ok: { status: 200, description: 'The project.', shape: responses.publicProject } },
  },
  '/api/projects/{id}/gallery': {
    get: { summary: "A project's gallery", access: 'public', ok: { status: 200, description: 'The pictures, in order.', shape: z.array(responses.galleryImage) } },
    post: {
      summary: 'Add a picture to a gallery',
      description: 'Upload the file with POST /api/upload-image first; this records its address (a data: URL is refused).',
      access: 'admin',
      body: galleryImageAdd,
      ok: { status: 201, description: 'The new picture.', shape: responses.galleryImage },
    },
  },
  '/api/projects/{id}/gallery/{imageId}': {
    patch: { summary: 'Change a gallery picture', access: 'admin', body: shapes.galleryImageUpdate, ok: { status: 200, description: 'The changed picture.', shape: responses.galleryImage } },
    delete: { summary: 'Remove a gallery picture', access: 'admin', ok: { status: 204, description: 'Removed.' } },
  },
  '/api/upload-image': {
    post: {
      summary: 'Upload an image',
      access: 'admin',
      rawBody: { contentType: 'multipart/form-data', description: 'The field `image`: a PNG, JPEG, WebP, GIF or AVIF file of at most 10 MB.' },
      ok: { status: 201, description: 'Where it is stored.', shape: responses.uploadedImage },
      also: { 400: 'Not an image, or no `image` field.', 413: 'Larger than 10 MB.', 415: 'Not multipart/form-data.' },
    },
  },
  '/api/images/{key}': {
    get: {
      summary: 'A stored image',
      access: 'public',
      query: z.object({ w: z.coerce.number().int().positive().optional().meta({ description: 'A width to scale to (the nearest stored variant).' }) }),
      ok: { status: 200, description: 'The pixels, cacheable forever (a key never changes content).', contentType: 'image/*' },
    },
  },
  ...recordRoutes('/api/kpis', 'KPI', shapes.kpiCreate, shapes.kpiUpdate, responses.kpi, 'public-more-when-signed-in'),
  ...recordRoutes('/api/trends', 'trend', shapes.trendCreate, shapes.trendUpdate, responses.trend, 'public-more-when-signed-in'),
  ...recordRoutes('/api/timeline', 'timeline event', shapes.timelineCreate, shapes.timelineUpdate, responses.timelineEvent),
  ...recordRoutes('/api/current-activity', 'current activity', shapes.activityCreate, shapes.activityUpdate, responses.currentActivity),
  '/api/current-activity/{id}/focus': {
    post: {
      summary: 'Make an activity the focus',
      description: "It becomes the one the dashboard's pill shows; the previous focus gets its own type back. No body.",
      access: 'admin',
      ok: { status: 200, description: 'The activity, now the focus.', shape: responses.currentActivity },
    },
  },
  ...recordRoutes('/api/now', 'Now item', shapes.nowItemCreate, shapes.nowItemUpdate, responses.nowItem),
  ...recordRoutes('/api/playlists', 'playlist', shapes.playlistCreate, shapes.playlistUpdate, responses.playlist),
  '/api/metrics': {
    get: { summary: 'The metrics this person may see, with point counts', access: 'public-more-when-signed-in', ok: { status: 200, description: 'By name.', shape: z.array(responses.metricListed) } },
    post: { summary: 'Create a metric', access: 'admin', body: shapes.metricCreate, ok: { status: 201, description: 'The new metric.', shape: responses.metric }, also: { 409: 'A metric with this key already exists.' } },
  },
  '/api/metrics/{key}': {
    get: { summary: 'One metric', access: 'public-more-when-signed-in', ok: { status: 200, description: 'The metric and how many points it has.', shape: responses.metricWithCount } },
    patch: { summary: 'Change a metric (never its key)', access: 'admin', body: shapes.metricUpdate, ok: { status: 200, description: 'The changed metric.', shape: responses.metric } },
    delete: { summary: 'Delete a metric and its points', access: 'admin', ok: { status: 200, description: 'How many points went with it.', shape: responses.metricDeleted } },
  },
  '/api/metrics/{key}/goal': {
    get: { summary: "A metric's goal and streak", access: 'admin', ok: { status: 200, description: 'The goal, today’s (or this week’s) target and value, and the streak.', shape: responses.metricGoal }, also: { 404: 'The metric has no goal.' } },
    put: {
      summary: "Set a metric's goal",
      description: 'Daily or weekly, fixed (an amount) or adaptive (the average of the same weekday, or of the weeks, over the last 8 weeks); rest days a week keep a daily streak alive (a weekly goal with `restDays` above 0 is refused with 400).',
      access: 'admin',
      body: shapes.metricGoalSave,
      ok: { status: 200, description: 'The goal and where the owner stands.', shape: responses.metricGoal },
    },
    delete: { summary: "Remove a metric's goal", access: 'admin', ok: { status: 204, description: 'Removed.' }, also: { 404: 'The metric has no goal.' } },
  },
  '/api/checkins/{day}': {
    get: { summary: "The owner's check-in of a day", access: 'admin', ok: { status: 200, description: 'Mood and energy (1–5), note and tags.', shape: responses.checkin }, also: { 404: 'No check-in that day.' } },
    put: {
      summary: "Merge into a day's check-in",
      description: "Fields sent replace the day's, fields left out stay (a tap on mood and one on energy from two devices both count). Writes the day's points of the `mood` and `energy` metrics (noon, owner's zone) and, while the note is not empty, the day's diary entry. The day is yyyy-mm-dd in OWNER_TIME_ZONE, not after today.",
      access: 'admin',
      body: shapes.checkinSave,
      ok: { status: 200, description: 'The check-in as saved.', shape: responses.checkin },
    },
  },
  '/api/diary': {
    get: { summary: "The owner's diary, newest first", access: 'admin', ok: { status: 200, description: 'Entries, check-in notes among them.', shape: z.array(responses.diaryEntry) } },
    post: { summary: 'Write a diary entry', access: 'admin', body: shapes.diaryEntryCreate, ok: { status: 201, description: 'The new entry (dated today or before).', shape: responses.diaryEntry } },
  },
  '/api/diary/{id}': {
    patch: {
      summary: 'Change a diary entry',
      description: "A check-in's entry changes its check-in (note, mood, tags) and stays on its day; emptying its text removes it (204).",
      access: 'admin',
      body: shapes.diaryEntryUpdate,
      ok: { status: 200, description: 'The changed entry.', shape: responses.diaryEntry },
      also: { 204: "A check-in's entry whose text was emptied is gone." },
    },
    delete: { summary: 'Delete a diary entry', description: "A check-in's entry goes by clearing the check-in's note; its mood and energy stay.", access: 'admin', ok: { status: 204, description: 'Deleted.' } },
  },
  '/api/metrics/{key}/points': {
    get: { summary: "A metric's points, newest first", access: 'admin', query: pointsQuery, ok: { status: 200, description: 'A page of points and the total.', shape: responses.pointsPage } },
    post: {
      summary: 'Write points with an access token',
      description:
        'For phone shortcuts, curl and cron: one point, an array of up to 1,000, or `{ points: [...] }`; all or nothing. A point resent for the same instant updates it. A session cookie alone never authorizes this endpoint.',
      access: 'bearer',
      body: pointsBody(),
      rowErrors: true,
      ok: { status: 200, description: 'How many points were inserted and updated.', shape: responses.pointsWritten },
      also: { 403: 'This token may not write to this metric.', 429: 'Too many failed attempts from this address, or too many writes with this token (Retry-After says when).' },
    },
  },
  '/api/metrics/{key}/points/import': {
    post: {
      summary: "Import points (the admin area's CSV import)",
      access: 'admin',
      body: pointsBody(),
      rowErrors: true,
      ok: { status: 200, description: 'How many points were inserted and updated.', shape: responses.pointsWritten },
    },
  },
  '/api/metrics/{key}/points/{id}': {
    patch: {
      summary: 'Change a point (date, value, note)',
      access: 'admin',
      body: shapes.pointUpdate,
      ok: { status: 200, description: 'The changed point.', shape: responses.point },
      also: { 409: 'The metric already has a point at that instant.' },
    },
    delete: { summary: 'Delete a point', access: 'admin', ok: { status: 204, description: 'Deleted.' } },
  },
  '/api/tokens': {
    get: { summary: 'The access tokens (never their secrets)', access: 'admin', ok: { status: 200, description: 'Newest first, revoked ones included.', shape: z.array(responses.tokenSummary) } },
    post: { summary: 'Create an access token', access: 'admin', stepUp: true, body: shapes.tokenCreate, ok: { status: 201, description: 'The token, with its secret: shown this once.', shape: responses.tokenCreated } },
  },
  '/api/tokens/{id}': {
    delete: { summary: 'Revoke an access token', description: 'The row stays, so its name and last use stay visible.', access: 'admin', ok: { status: 200, description: 'The revoked token.', shape: responses.tokenSummary } },
  },
  '/api/passkeys': {
    get: { summary: "The signed-in admin's passkeys", access: 'admin', ok: { status: 200, description: 'Oldest first.', shape: z.array(responses.passkeySummary) } },
    post: {
      summary: 'Register a passkey',
      description: 'The attestation answering the challenge from POST /api/passkeys/options. Counts as a sign-in attempt (rate limit).',
      access: 'admin',
      stepUp: true,
      body: shapes.passkeyCreate,
      ok: { status: 201, description: 'The new passkey.', shape: responses.passkeySummary },
      also: { 400: 'Malformed (names the field), or refused: expired or used challenge, wrong origin, failed verification.', 429: 'Too many attempts.' },
    },
  },
  '/api/passkeys/options': {
    post: {
      summary: 'Options and a fresh challenge for registering a passkey',
      description: 'Resident key and user verification required; the challenge works once, for 5 minutes.',
      access: 'admin',
      stepUp: true,
      ok: { status: 200, description: 'Options for navigator.credentials.create().', shape: responses.webauthnOptions },
      also: { 429: 'Too many attempts.' },
    },
  },
  '/api/passkeys/{id}': {
    delete: { summary: 'Remove one of your passkeys', access: 'admin', stepUp: true, ok: { status: 204, description: 'Removed: it signs nobody in any more.' } },
  },
  '/api/recovery-codes': {
    get: {
      summary: "The signed-in admin's recovery codes: how many are left, when each was used",
      access: 'admin',
      ok: { status: 200, description: 'Never a code: only their places in the set and when each was used.', shape: responses.recoveryCodeSummary },
    },
    post: {
      summary: 'Make a fresh set of ten recovery codes',
      description: 'Voids every code the admin had, used or not. Signing in with a code is the HTML form at /api/login/recovery-code.',
      access: 'admin',
      stepUp: true,
      ok: { status: 201, description: 'The new codes, shown this once (only their hashes are kept), with the set\'s summary.', shape: responses.recoveryCodesCreated },
    },
  },
  '/api/login/passkey/options': {
    post: {
      summary: 'A fresh challenge for signing in with a passkey',
      description: 'No credential list: the authenticator offers its own (resident keys). Rate-limited like every sign-in door.',
      access: 'public',
      ok: { status: 200, description: 'Options for navigator.credentials.get().', shape: responses.webauthnOptions },
      also: { 429: 'Too many attempts.' },
    },
  },
  '/api/login/passkey': {
    post: {
      summary: 'Sign in with a passkey',
      description: 'The assertion answering a challenge from POST /api/login/passkey/options. Sets the session cookie.',
      access: 'public',
      body: shapes.passkeySignIn,
      ok: { status: 200, description: 'Signed in; go to `location`.', shape: responses.passkeySignedIn },
      also: {
        400: 'Malformed (names the field), or refused: expired or used challenge, unknown or removed passkey, wrong origin, bad signature, signature counter not moving forward.',
        429: 'Too many attempts.',
      },
    },
  },
  '/api/sessions': {
    post: {
      summary: 'End sessions (the /account/sessions and security pages\' forms)',
      description:
        "A form, not JSON: `action=end&session=<name>` ends one of one's own sessions, `action=end-others` every other one, and the owner's `action=end-user&user=<id>` every session of a viewer. Answers 303 back to the page the form is on. `end-others` and `end-user` need a recent sign-in: a browser's form is sent to `/api/login?choose&return_to=…` (303) and comes back; any other request gets 403 `step_up_required`.",
      access: 'signed-in',
      stepUp: true,
      form: shapes.sessionEnd,
      ok: { status: 303, description: 'Done; Location: the page the form is on.' },
      also: { 403: 'Not allowed: `end-user` is the owner\'s, or the form does not come from the site itself.', 404: 'No such session of yours, or no such person (`field: user`).' },
    },
  },
  '/api/csp-report': {
    post: {
      summary: "A browser's report of what a page's Content-Security-Policy blocked",
      description:
        'Sent by browsers (`report-uri`, and `report-to` through the Reporting-Endpoints header), so no Origin check and no session; at most 8 KB, 20 a minute per address; each violation is logged (the page\'s path, the directive, what was blocked), nothing is stored.',
      access: 'public',
      rawBody: {
        contentType: 'application/csp-report',
        description: '`{ "csp-report": { "document-uri", "effective-directive", "blocked-uri", … } }`, or the Reporting API\'s list as `application/reports+json`.',
      },
      ok: { status: 204, description: 'Logged.' },
      also: { 400: 'Not a report.', 413: 'Larger than 8 KB.', 415: 'Not a report media type.', 429: 'Too many reports from this address; Retry-After says when to try again.' },
    },
  },
  '/api/login/owner/local': {
    post: {
      summary: 'A fresh owner sign-in link for `npm run owner-link`',
      description: 'Only over loopback with the secret the server wrote into DATA_DIR (embedded database); to anyone else this path does not exist.',
      access: 'public',
      ok: { status: 200, description: 'The link.', shape: responses.ownerLinkMinted },
      also: { 404: 'No local secret: no such endpoint.' },
    },
  },
  '/api/jobs/run': {
    get: {
      summary: 'Run every periodic job once (for a scheduler such as Vercel Cron)',
      description:
        'Where no server process lives on to schedule them (Vercel): expired sessions, the security log\'s retention, the orphaned-image sweep, the demo check (if on), the insights and backups (if BACKUP_DIR), one after another. Exists only with CRON_SECRET set.',
      access: 'cron',
      ok: { status: 200, description: 'Every job ran.', shape: responses.jobsRun },
      also: { 404: 'CRON_SECRET is not set: no such endpoint.', 500: 'A job failed (logged); the others ran. `error` names the failed ones, `jobs` lists every job.' },
    },
  },
  '/api/export': {
    get: {
      summary: 'Download everything as an archive',
      description: 'The owner, or `npm run export` on the same machine.',
      access: 'admin-or-local',
      ok: { status: 200, description: 'A .tar.gz archive of every exported table, streamed.', contentType: 'application/gzip' },
    },
  },
  '/api/apple-health/uploads': {
    post: {
      summary: 'Upload an Apple Health export and see what it holds',
      description:
        'Streams the export.zip to a file on the server, reads it as a dry run (writes nothing) and keeps it for an hour under the answered id, for the Import. Larger files: `npm run import:apple-health` on the server.',
      access: 'admin',
      rawBody: { contentType: 'application/zip', description: "The export.zip the Health app writes (Profile → Export All Health Data)." },
      ok: { status: 201, description: 'The kept upload: per record type, its records, days, sources, refusals and the metric it goes to.', shape: responses.healthUpload },
      also: { 400: 'Not a zip, no export.xml in it, or XML that is not well-formed (field `file`).', 413: 'Larger than 1 GB.', 415: 'Not application/zip.' },
    },
  },
  '/api/apple-health/uploads/{id}': {
    get: { summary: "A kept upload's preview and its import's progress", access: 'admin', ok: { status: 200, description: 'Records done of total, seconds left, and the result once done.', shape: responses.healthUpload } },
    delete: { summary: 'Forget a kept upload (its file is deleted)', access: 'admin', ok: { status: 204, description: 'Deleted.' }, also: { 409: 'Its import is running.' } },
  },
  '/api/apple-health/uploads/{id}/import': {
    post: {
      summary: 'Import a kept upload',
      description: 'Runs in the background, committing a chunk at a time; follow it with GET /api/apple-health/uploads/{id}. Re-importing the same export adds nothing twice.',
      access: 'admin',
      body: shapes.healthImportStart,
      ok: { status: 202, description: 'Started.', shape: responses.healthUpload },
      also: { 409: 'Imported already, being imported, or another import is running.' },
    },
  },
  '/api/import-runs': {
    get: {
      summary: 'The latest import runs',
      description: 'Newest first: each import of a file of points, with its status (running, done, partial, failed, undoing, undo-stopped, undone), records done of total, the points it inserted and those its undo removed so far.',
      access: 'admin',
      ok: { status: 200, description: 'Up to 10 runs.', shape: responses.importRunList },
    },
  },
  '/api/import-runs/{id}': {
    get: { summary: 'One import run and its progress', access: 'admin', ok: { status: 200, description: 'The run.', shape: responses.importRun } },
  },
  '/api/import-runs/{id}/resume': {
    post: {
      summary: 'Resume a partial import',
      description:
        'Imports the file again under the same run, in the background (follow it with GET /api/import-runs/{id}): points its first chunks wrote are found and not added twice. Uses the file the server kept, or `upload`, the same export uploaded again.',
      access: 'admin',
      body: shapes.importRunResume,
      ok: { status: 202, description: 'Started.', shape: responses.importRun },
      also: { 409: 'Not partial or failed (being undone, say), an import or an undo is running, or the kept file is gone (field `upload`: upload the export again).' },
    },
  },
  '/api/import-runs/{id}/undo': {
    post: {
      summary: 'Undo an import',
      description:
        'Removes the points the run inserted (points it found already there stay, with their values), in the background a chunk at a time: the run reads `undoing` with `pointsRemoved` so far (follow it with GET /api/import-runs/{id}), then `undone`; the daily rollups follow. An undo a stop cut short reads `undo-stopped`: undo again to remove the rest.',
      access: 'admin',
      ok: { status: 202, description: 'Started: the run, now undoing.', shape: responses.importRun },
      also: { 409: 'It is running, being undone or undone already, or an import or an undo is running.' },
    },
  },
  '/api/import/preview': {
    post: {
      summary: 'What importing an archive would change',
      description: 'Changes nothing.',
      access: 'admin',
      rawBody: { contentType: 'application/gzip', description: 'An archive made by GET /api/export or `npm run export`.' },
      ok: { status: 200, description: 'Rows per table, in the archive and now; whether this site made it; what is left out.', shape: responses.importSummary },
      also: { 400: 'Not an archive this site can read, or a row its form would refuse (named by table, line and field).', 413: 'Larger than 512 MB.', 415: 'Not application/gzip.' },
    },
  },
  '/api/import': {
    post: {
      summary: 'Replace every table with an archive',
      description: 'One transaction; signs everyone out.',
      access: 'admin',
      stepUp: true,
      rawBody: { contentType: 'application/gzip', description: 'An archive made by GET /api/export or `npm run export`.' },
      ok: { status: 200, description: 'Rows per table, imported and replaced.', shape: responses.importSummary },
      also: { 400: 'Not an archive this site can read, or a row its form would refuse (named by table, line and field).', 413: 'Larger than 512 MB.', 415: 'Not application/gzip.' },
    },
  },
};

/** Outside /api but part of the contract a load balancer or orchestrator relies on. */
const HEALTH: Record<string, Partial<Record<Method, Operation>>> = {
  '/healthz': {
    get: { summary: 'The process is up', description: 'Touches no database; never logged.', access: 'public', ok: { status: 200, description: 'Up.', shape: responses.healthy } },
  },
  '/readyz': {
    get: {
      summary: 'Send traffic here?',
      description: 'The database answers and has every migration this build ships, and the server is not draining. Answers within 2 s.',
      access: 'public',
      ok: { status: 200, description: 'Ready.', shape: responses.ready },
    },
  },
};

/** What visitors' apps read beside the pages: the feeds and the share cards pages name in og:image (outside /api). */
const DOCUMENTS: Record<string, Partial<Record<Method, Operation>>> = {
  '/rss.xml': {
    get: { summary: 'RSS 2.0 feed of the public projects', description: 'Newest change first: summary, published case study as HTML, picture, categories, dates.', access: 'public', ok: { status: 200, description: 'The feed.', contentType: 'application/rss+xml' } },
  },
  '/feed.json': {
    get: { summary: 'JSON Feed 1.1 of the public projects', description: 'The same entries as /rss.xml.', access: 'public', ok: { status: 200, description: 'The feed.', contentType: 'application/feed+json' } },
  },
  '/og/site.png': {
    get: { summary: "The site's share card", access: 'public', ok: { status: 200, description: 'A 1200×630 PNG.', contentType: 'image/png' } },
  },
  '/og/projects/{id}.png': {
    get: {
      summary: "A project's share card",
      description: 'Its name, category, status and picture. Any `v` query is a fingerprint for caches: the answer is the current card.',
      access: 'public',
      ok: { status: 200, description: 'A 1200×630 PNG.', contentType: 'image/png' },
    },
  },
};

/** The collection (list, create) and item (read, change, delete) routes of one kind of owner record. */
function recordRoutes(
  path: string,
  label: string,
  create: z.ZodType,
  update: z.ZodType,
  shape: z.ZodType,
  reads: Access = 'signed-in',
): Record<string, Partial<Record<Method, Operation>>> {
  return {
    [path]: {
      get: { summary: `Every ${label}`, access: reads, ok: { status: 200, description: `The ${label} list.`, shape: z.array(shape) } },
      post: { summary: `Create a ${label}`, access: 'admin', body: create, ok: { status: 201, description: `The new ${label}.`, shape } },
    },
    [`${path}/{id}`]: {
      get: { summary: `One ${label}`, access: reads, ok: { status: 200, description: `The ${label}.`, shape } },
      patch: { summary: `Change a ${label}`, access: 'admin', body: update, ok: { status: 200, description: `The changed ${label}.`, shape } },
      delete: { summary: `Delete a ${label}`, access: 'admin', ok: { status: 204, description: 'Deleted.' } },
    },
  };
}

function pointsBody(): z.ZodType {
  const batch = z.array(shapes.pointInput).min(1).max(shapes.MAX_POINTS_PER_BATCH);
  return z.union([shapes.pointInput, batch, z.object({ points: batch }).strict()]);
}

// Trends take ?range=all (every month since a metric's first point).
for (const path of ['/api/trends', '/api/trends/{id}']) ROUTES[path]!.get!.query = shapes.trendQuery;

/** Named schemas: the document refers to these instead of repeating them (client generators name types after them). */
const COMPONENTS: Record<string, z.ZodType> = {
  Error: responses.errorBody,
  PointRowError: responses.pointRowError,
  Project: responses.project,
  PublicProject: responses.publicProject,
  GalleryImage: responses.galleryImage,
  Kpi: responses.kpi,
  StatCard: responses.statCard,
  Trend: responses.trend,
  TimelineEvent: responses.timelineEvent,
  CurrentActivity: responses.currentActivity,
  NowItem: responses.nowItem,
  Playlist: responses.playlist,
  Metric: responses.metric,
  MetricWithCount: responses.metricWithCount,
  MetricListed: responses.metricListed,
  Point: responses.point,
  TokenSummary: responses.tokenSummary,
  Unready: responses.unready,
};

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'session',
    description:
      'The session cookie set by signing in (`__Host-session` over https, `session` over plain http). Writes with it must come from the site itself (Origin or Sec-Fetch-Site); operations marked `x-required-role: admin` need the owner (role admin).',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal access token (created at POST /api/tokens); it opens POST /api/metrics/{key}/points and nothing else.',
  },
  cronSecret: {
    type: 'http',
    scheme: 'bearer',
    description: 'The CRON_SECRET setting, which Vercel Cron sends by itself; it opens GET /api/jobs/run and nothing else.',
  },
} as const;

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is malformed; `field` names the input.',
  401: 'Not signed in (or no valid access token).',
  403: 'Not allowed: the owner only, or a write that does not come from the site itself.',
  404: 'No such item (or one this person may not see).',
  409: 'It already exists.',
  413: 'The body is too large.',
  415: 'The body is not in the expected media type.',
  429: 'Too many attempts; Retry-After says when to try again.',
  503: 'The database is briefly unavailable (Retry-After says when to try again).',
};

const MISDIRECTED = 'Misdirected: the Host is not the one SITE_URL names (plain text; asked from this machine, any host is answered).';

/** Every status an operation may answer, with the shape of its body (null: none or not JSON). */
export function statusesOf(path: string, method: Method, operation: Operation): Map<number, { description: string; shape: z.ZodType | null }> {
  const statuses = new Map<number, { description: string; shape: z.ZodType | null }>();
  const error = (status: number, description = STATUS_TEXT[status]!) =>
    statuses.set(status, { description, shape: status === 400 && operation.rowErrors ? z.union([responses.pointRowError, responses.errorBody]) : responses.errorBody });
  statuses.set(operation.ok.status, { description: operation.ok.description, shape: operation.ok.shape ?? null });
  const hasParams = path.includes('{');
  if (hasParams || operation.body || operation.form || operation.query) error(400);
  if (operation.body || operation.form) {
    error(413);
    error(415);
  }
  if (['signed-in', 'admin', 'bearer', 'admin-or-local', 'cron'].includes(operation.access)) error(401);
  if (['admin', 'admin-or-local'].includes(operation.access)) error(403);
  // A cookie write from another site is refused before any handler runs (a browser's CSP report has no origin to check).
  if (method !== 'get' && operation.access !== 'bearer' && path !== CSP_REPORT_PATH) error(403);
  if (hasParams) error(404);
  for (const [status, description] of Object.entries(operation.also ?? {})) {
    const code = Number(status);
    if (code >= 400) error(code, description);
    else statuses.set(code, { description, shape: null });
  }
  if (operation.stepUp) {
    statuses.set(403, {
      description: `${statuses.get(403)?.description ?? STATUS_TEXT[403]} Or \`step_up_required\`: the sign-in is older than STEP_UP_SECONDS; sign in again and repeat (nothing was changed).`,
      shape: z.union([responses.stepUpRequired, responses.errorBody]),
    });
  }
  // With SITE_URL set, a request for another host name is refused before any route (api/http/front-door.ts); probes are not.
  if (!HEALTH[path]) statuses.set(421, { description: MISDIRECTED, shape: null });
  if (path === '/readyz') statuses.set(503, { description: 'Not ready: the database is unreachable or behind, or the server is draining.', shape: responses.unready });
  else if (path !== '/healthz' && path !== '/api/openapi.json' && path !== CSP_REPORT_PATH) error(503);
  return statuses;
}

function security(access: Access): Array<Record<string, string[]>> {
  if (access === 'bearer') return [{ bearerToken: [] }];
  if (access === 'cron') return [{ cronSecret: [] }];
  if (access === 'signed-in' || access === 'admin' || access === 'admin-or-local') return [{ sessionCookie: [] }];
  // Optional: `{}` says the operation also works without credentials.
  if (access === 'public-more-when-signed-in') return [{}, { sessionCookie: [] }];
  return [];
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'key' ? toSchema(shapes.metricKey, 'input') : path.startsWith('/api/playlists') ? { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$' } : { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  }));
}

function queryParameters(query: z.ZodObject | undefined) {
  if (!query) return [];
  const schema = toSchema(query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

const componentRegistry = (() => {
  const registry = z.registry<{ id: string }>();
  for (const [id, component] of Object.entries(COMPONENTS)) registry.add(component, { id });
  return registry;
})();

const toComponentRef = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, item) => (key === '$ref' && typeof item === 'string' ? item.replace(/^#\/\$defs\//, '#/components/schemas/') : item));

/** A zod shape as JSON Schema (2020-12, OpenAPI 3.1's dialect), referring to the named components where it uses them. */
function toSchema(shape: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const named = componentRegistry.get(shape);
  if (named && io === 'output') return { $ref: `#/components/schemas/${named.id}` };
  const schema = z.toJSONSchema(shape, {
    io,
    metadata: io === 'output' ? componentRegistry : undefined,
    // Refinements (an http(s) address, a real calendar date) cannot be written in JSON Schema; the server still checks them.
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  delete schema.$schema;
  // The generator copies the components this schema uses into $defs; the document has them once, in components.
  delete schema.$defs;
  return toComponentRef(schema) as Record<string, unknown>;
}

function operationObject(path: string, method: Method, operation: Operation) {
  const parameters = [...pathParameters(path), ...queryParameters(operation.query)];
  const responsesObject = Object.fromEntries(
    [...statusesOf(path, method, operation)].map(([status, { description, shape }]) => {
      const contentType = status === operation.ok.status ? (operation.ok.contentType ?? 'application/json') : 'application/json';
      const content = shape
        ? { content: { [contentType]: { schema: toSchema(shape, 'output') } } }
        : operation.ok.contentType && status === operation.ok.status
          ? { content: { [contentType]: {} } }
          : status === 421
            ? { content: { 'text/plain': { schema: { type: 'string' } } } }
            : {};
      return [String(status), { description, ...content }];
    }),
  );
  const body = operation.body
    ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(operation.body, 'input') } } } }
    : operation.form
      ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: toSchema(operation.form, 'input') } } } }
    : operation.rawBody
      ? { requestBody: { required: true, description: operation.rawBody.description, content: { [operation.rawBody.contentType]: {} } } }
      : {};
  return {
    operationId: operationId(path, method),
    tags: [tagOf(path)],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...body,
    responses: responsesObject,
    security: security(operation.access),
    ...(operation.access === 'admin' || operation.access === 'admin-or-local' ? { 'x-required-role': 'admin' } : {}),
  };
}

/** get /api/projects/{id}/gallery → getProjectsIdGallery: stable names for generated clients. */
function operationId(path: string, method: Method): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split(/[/{}.-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method + words.join('');
}

/** The groups a reader or a generated client finds the operations under, in the order the document lists them. */
const TAGS: Array<{ name: string; description: string; paths: RegExp }> = [
  { name: 'Projects', description: 'The portfolio: projects, their case studies and galleries, and stored images.', paths: /^\/api\/(projects|public\/projects|upload-image|images)\b/ },
  { name: 'Dashboard', description: 'What the life dashboard shows: stat cards, KPIs, trends, the timeline, current activities, Now items and playlists.', paths: /^\/api\/(stats|kpis|trends|timeline|current-activity|now|playlists|spotify)\b/ },
  { name: 'Metrics', description: 'Metrics and their dated points, written by the owner or with an access token.', paths: /^\/api\/metrics\b/ },
  { name: 'Diary', description: "The owner's daily check-ins and diary.", paths: /^\/api\/(checkins|diary)\b/ },
  { name: 'Sign-in and sessions', description: 'Who is signed in, signing in with a passkey or a link, signing out, ending sessions, and preferences kept with the account.', paths: /^\/api\/(auth|login|logout|passkeys|sessions|me)\b/ },
  { name: 'Access tokens', description: 'Personal access tokens that write metric points.', paths: /^\/api\/tokens\b/ },
  { name: 'Archive', description: 'Export everything as an archive, and restore one.', paths: /^\/api\/(export|import)\b/ },
  { name: 'Site', description: 'This document, health probes, Content-Security-Policy reports, the feeds and the share cards.', paths: /./ },
];

const tagOf = (path: string) => TAGS.find((tag) => tag.paths.test(path))!.name;

let built: Record<string, unknown> | undefined;

/**
 * The whole document, for a site served at `origin` (its `servers` entry). The rest is built once per process:
 * it depends on nothing but the code.
 */
export function openApiDocument(origin: string): Record<string, unknown> {
  const { openapi, info, ...rest } = documentBody();
  return { openapi, info, servers: [{ url: origin, description: 'This site' }], ...rest };
}

function documentBody(): Record<string, unknown> {
  if (built) return built;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries({ ...ROUTES, ...HEALTH, ...DOCUMENTS })) {
    paths[path] = Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => [method, operationObject(path, method as Method, operation)]),
    );
  }
  const { schemas } = z.toJSONSchema(componentRegistry, { uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Portfolio and life dashboard API',
      version: '1',
      description:
        'Every JSON endpoint of the site. Errors answer `{ error, field? }`. Cookie writes must come from the site itself; the owner (role admin) changes data; access tokens write metric points.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    components: { schemas, securitySchemes: SECURITY_SCHEMES },
  };
  return built;
}

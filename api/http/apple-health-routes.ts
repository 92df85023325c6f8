import { rm } from 'node:fs/promises';
import { healthImportStart } from '#domain/shapes.ts';
import { HealthImportError, importAppleHealth } from '../apple-health/import.ts';
import { findUpload, forget, importRunning, keep, newUploadPath, secondsLeft, startImport, UPLOAD_LIMIT, type KeptUpload } from '../apple-health/uploads.ts';
import { clientAddressOf } from '../auth/origin.ts';
import type { SessionUser } from '../auth/types.ts';
import { invalidateEverything } from '../cache/invalidation.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { errorFields } from '../db/query-error.ts';
import { log } from '../log.ts';
import { createImportRun, type ImportOptions } from '../services/import-runs.ts';
import { findMetric } from '../services/metrics.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import { readJson, streamToFile } from './body.ts';
import type { RequestContext } from './context.ts';
import { HttpError, badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json, noContent } from './respond.ts';

/*
 * The admin page's Apple Health import (docs/apple-health.md): upload the export.zip (streamed to a file under
 * its own cap), see the dry run per type, then Import the kept file and follow its progress. The shell command
 * does the same for files larger than an upload may be.
 */

export type Context = RequestContext & { clientAddress: string };

const ZIP_TYPES = /^application\/(zip|x-zip-compressed|octet-stream)\s*(;|$)/i;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function actor(context: Context, user: SessionUser) {
  return { userId: user.id, email: user.email, method: 'apple-health', route: new URL(context.request.url).pathname, clientAddress: clientAddressOf(context, config()) };
}

function statusOf(upload: KeptUpload) {
  const { id, expiresAt, state, preview, done, total, result, error, runId } = upload;
  return { id, expiresAt: expiresAt.toISOString(), state, preview, done, total, secondsLeft: secondsLeft(upload), result, error, runId };
}

/** The file's name as the page sent it (`?name=`), for the import runs' list; never a path. */
function fileNameOf(request: Request): string {
  const name = (new URL(request.url).searchParams.get('name') ?? '').split(/[\\/]/).pop()!.trim();
  return name.slice(0, 200) || 'export.zip';
}

function keptUpload(context: Context): KeptUpload {
  const id = context.params.id ?? '';
  const upload = UPLOAD_ID.test(id) ? findUpload(id) : null;
  if (!upload) throw notFound('No such upload: it may have been imported already, or kept for more than an hour. Upload the file again.');
  return upload;
}

/** POST /api/apple-health/uploads: the export.zip as the body; answers its preview and the id to import it by. */
export const healthUploads = {
  POST: (context: Context) =>
    handle(async () => {
      const user = requireAdmin(context.locals.user);
      if (!ZIP_TYPES.test(context.request.headers.get('content-type') ?? '')) throw new HttpError(415, 'Send the export.zip as application/zip.', 'file');
      const { id, path } = await newUploadPath();
      try {
        await streamToFile(context.request, path, UPLOAD_LIMIT);
        const preview = await importAppleHealth(db(), path, { zone: config().OWNER_TIME_ZONE, dryRun: true });
        return json(statusOf(keep(id, path, fileNameOf(context.request), preview)), 201);
      } catch (error) {
        await rm(path, { force: true });
        const refused = error instanceof HealthImportError ? new HttpError(400, error.message, 'file') : error;
        if (refused instanceof HttpError) {
          await recordSecurityEvent(db(), { kind: 'import', outcome: 'refused', reason: refused.message, status: refused.status, ...actor(context, user) });
        }
        throw refused;
      }
    }),
};

/** GET /api/apple-health/uploads/{id}: the preview and the import's progress. DELETE: forget it (the file is deleted). */
export const healthUploadItem = {
  GET: (context: Context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      return json(statusOf(keptUpload(context)));
    }),
  DELETE: (context: Context) =>
    handle(async () => {
      requireAdmin(context.locals.user);
      const upload = keptUpload(context);
      if (upload.state === 'importing') throw new HttpError(409, 'The import is running: wait for it to end.');
      await forget(upload.id);
      return noContent();
    }),
};

/** POST /api/apple-health/uploads/{id}/import: `{ skip }`; starts the import of the kept file (202), followed with GET. */
export const healthUploadImport = {
  POST: (context: Context) =>
    handle(async () => {
      const user = requireAdmin(context.locals.user);
      const upload = keptUpload(context);
      const { skip, map } = await readJson(context.request, healthImportStart);
      const known = new Set(upload.preview.types.map((type) => type.type));
      const unknown = skip.findIndex((type) => !known.has(type));
      if (unknown >= 0) throw badRequest(`skip.${unknown}: is not a record type of this export`, `skip.${unknown}`);
      const importable = new Set(upload.preview.types.filter((type) => type.metric).map((type) => type.type));
      for (const [type, key] of Object.entries(map)) {
        if (!importable.has(type)) throw badRequest(`map.${type}: is not a record type of this export`, `map.${type}`);
        if (!(await findMetric(db(), key))) throw badRequest(`map.${type}: there is no metric '${key}'`, `map.${type}`);
      }
      if (upload.state !== 'ready') throw new HttpError(409, upload.state === 'importing' ? 'This export is being imported.' : 'This export was imported already: upload it again to import it again.');
      if (importRunning()) throw new HttpError(409, 'Another import is running: wait for it to end.');
      const run = await createImportRun(db(), { fileName: upload.fileName, recordsTotal: upload.total, options: { skip, map } });
      runImport(upload, run.id, run.options, actor(context, user));
      return json(statusOf(upload), 202);
    }),
};

/**
 * Imports a kept upload under the import run `runId` (a first import or a resume): in the background, a chunk at
 * a time; at its end, every cached page is emptied and the security log gets an `import` row.
 */
export function runImport(upload: KeptUpload, runId: number, options: ImportOptions, who: ReturnType<typeof actor>): void {
  const database = db();
  startImport(database, upload, {
    runId,
    zone: config().OWNER_TIME_ZONE,
    skip: new Set(options.skip),
    map: new Map(Object.entries(options.map)),
    ended: async (result, error) => {
      // A chunk may have been written before an error: the pages show what the database now holds.
      await invalidateEverything();
      await recordSecurityEvent(database, {
        kind: 'import',
        outcome: result ? 'success' : 'refused',
        reason: result ? null : upload.error,
        detail: { format: 'apple-health', run: runId, records: upload.total, skipped: options.skip, mapped: options.map, ...(result ? { inserted: result.inserted, updated: result.updated } : {}) },
        ...who,
      });
      if (error && !(error instanceof HealthImportError)) log.error(errorFields(error), 'Apple Health import stopped');
    },
  });
}

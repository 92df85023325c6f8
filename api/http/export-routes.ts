import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { requireFreshSignIn } from '../auth/step-up.ts';
import { config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { importArchive, previewImport } from '../export/import.ts';
import type { Upload } from '../export/read.ts';
import { hasLocalAccess } from '../export/local-access.ts';
import { ArchiveRejected } from '../export/tar.ts';
import { MAX_IMPORT_BYTES } from '#domain/vocabulary.ts';
import { streamToFile } from './body.ts';
import type { RequestContext } from './context.ts';
import { HttpError } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

type Context = RequestContext & { clientAddress: string };

export const archiveFileName = (now = new Date()) =>
  `portfolio-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

/** GET /api/export: the whole archive, streamed as it is read (the admin, or `npm run export` on this machine). */
export const exportRoute = (context: Context) =>
  handle(async () => {
    if (!hasLocalAccess(context.request, context.clientAddress)) requireAdmin(context.locals.user);
    const stream = (await import('../export/write.ts')).archiveStream(openDatabase(config()));
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="${archiveFileName()}"`,
        'Cache-Control': 'no-store',
      },
    });
  });

/**
 * Runs `use` with the uploaded archive, streamed to a temporary file first (capped at MAX_IMPORT_BYTES)
 * rather than held in memory, and removed afterwards whatever happens.
 */
async function withArchiveBody<T>(request: Request, use: (upload: Upload) => Promise<T>): Promise<T> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(gzip|x-gzip|octet-stream|x-tar)\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'Send the archive as application/gzip.', 'archive');
  }
  const folder = await mkdtemp(join(tmpdir(), 'import-'));
  try {
    const path = join(folder, 'archive');
    const bytes = await streamToFile(request, path, MAX_IMPORT_BYTES);
    return await use({ bytes, chunks: createReadStream(path) });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const refused = (error: unknown) => {
  if (error instanceof ArchiveRejected) throw new HttpError(400, error.message, 'archive');
  throw error;
};

/** POST /api/import/preview: what importing this archive would change (counts per table); changes nothing. */
export const previewImportRoute = (context: Context) =>
  handle(async () => {
    requireAdmin(context.locals.user);
    const cfg = config();
    return json(await withArchiveBody(context.request, (upload) => previewImport(openDatabase(cfg), cfg, upload).catch(refused)));
  });

/** POST /api/import: replaces every table with the archive's rows, in one transaction; signs everyone out. */
export const importRoute = (context: Context) =>
  handle(async () => {
    const user = requireAdmin(context.locals.user);
    const cfg = config();
    requireFreshSignIn(user, cfg);
    const actor = { userId: user.id, email: user.email, method: 'admin page', clientAddress: context.clientAddress || null };
    return json(
      await withArchiveBody(context.request, (upload) => importArchive(openDatabase(cfg), upload, { replace: true, cfg, actor }).catch(refused)),
    );
  });

import { db } from '../db/client.ts';
import { createRecord, deleteRecord, findRecord, listRecords, updateRecord, type RecordKind } from '../services/records.ts';
import { parseId } from '../services/projects.ts';
import { readJson } from './body.ts';
import type { Handler, RequestContext } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { requireAdmin, requireUser } from './guards.ts';
import { handle, json, noContent } from './respond.ts';

/** GET (signed-in users) and POST (admin) for a collection such as /api/kpis. */
export function recordCollection(kind: RecordKind): { GET: Handler; POST: Handler } {
  return {
    GET: ({ locals }) =>
      handle(async () => {
        requireUser(locals.user);
        return json(await listRecords(db(), kind));
      }),
    POST: ({ locals, request }) =>
      handle(async () => {
        requireAdmin(locals.user);
        const values = await readJson(request, kind.create);
        return json(await createRecord(db(), kind, values as Record<string, unknown>), 201);
      }),
  };
}

/** GET (signed-in users), PATCH and DELETE (admin) for one record such as /api/kpis/3. */
export function recordItem(kind: RecordKind): { GET: Handler; PATCH: Handler; DELETE: Handler } {
  const idOf = (context: RequestContext) => recordId(kind, context.params.id);
  return {
    GET: (context) =>
      handle(async () => {
        requireUser(context.locals.user);
        const row = await findRecord(db(), kind, idOf(context));
        if (!row) throw notFound(`${kind.label} not found.`);
        return json(row);
      }),
    PATCH: (context) =>
      handle(async () => {
        requireAdmin(context.locals.user);
        const id = idOf(context);
        const values = await readJson(context.request, kind.update);
        const row = await updateRecord(db(), kind, id, values as Record<string, unknown>);
        if (!row) throw notFound(`${kind.label} not found.`);
        return json(row);
      }),
    DELETE: (context) =>
      handle(async () => {
        requireAdmin(context.locals.user);
        if (!(await deleteRecord(db(), kind, idOf(context)))) throw notFound(`${kind.label} not found.`);
        return noContent();
      }),
  };
}

function recordId(kind: RecordKind, raw: string | undefined): number | string {
  if (kind.idType === 'text') {
    if (!raw || !/^[A-Za-z0-9]{1,64}$/.test(raw)) throw badRequest('id: is not a valid id', 'id');
    return raw;
  }
  const id = parseId(raw);
  if (id === null) throw badRequest('id: must be a positive whole number', 'id');
  return id;
}

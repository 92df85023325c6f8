import { invalidatePaths, projectPaths } from '../cache/invalidation.ts';
import { db } from '../db/client.ts';
import { PUBLIC_PAGE_CACHE } from './cache-headers.ts';
import { projectCreate, projectUpdate } from '#domain/shapes.ts';
import { ImageRejected } from '../services/images.ts';
import { caseStudyRefusal } from '../services/case-study.ts';
import { asSeenBy, createProject, deleteProject, findProject, listProjects, parseId, toPublicProject, updateProject, type Project } from '../services/projects.ts';
import { acceptUpload, decodeDataUrl, MAX_UPLOAD_BYTES } from '../services/uploads.ts';
import { JSON_LIMIT, parseWith, readJson, readText } from './body.ts';
import type { Handler, RequestContext } from './context.ts';
import { HttpError, badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json, noContent } from './respond.ts';

/** Visitors see the same list, so a CDN may keep it briefly. */
const PUBLIC_CACHE = { 'Cache-Control': PUBLIC_PAGE_CACHE };

/** A data: URL of 10 MB of image is about 13.4 MB of base64 text. */
const DATA_URL_BODY_LIMIT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 4096;

const projectId = (context: RequestContext) => {
  const id = parseId(context.params.id);
  if (id === null) throw badRequest('id: must be a positive whole number', 'id');
  return id;
};

const isOwner = (context: RequestContext) => context.locals.user?.role === 'admin';

// A draft case study is the owner's alone: everyone else reads its body as empty.
export const listProjectsRoute: Handler = (context) =>
  handle(async () => json((await listProjects(db())).map((project) => asSeenBy(project, isOwner(context)))));

export const listPublicProjectsRoute: Handler = () =>
  handle(async () => json((await listProjects(db())).map(toPublicProject), 200, PUBLIC_CACHE));

export const getProjectRoute: Handler = (context) =>
  handle(async () => {
    const project = await findProject(db(), projectId(context));
    if (!project) throw notFound('Project not found.');
    return json(asSeenBy(project, isOwner(context)));
  });

export const getPublicProjectRoute: Handler = (context) =>
  handle(async () => {
    const project = await findProject(db(), projectId(context));
    if (!project) throw notFound('Project not found.');
    return json(toPublicProject(project), 200, PUBLIC_CACHE);
  });

export const createProjectRoute: Handler = ({ locals, request }) =>
  handle(async () => {
    requireAdmin(locals.user);
    const values = await readJson(request, projectCreate);
    values.imageUrl = await storedImageUrl(values.imageUrl);
    await refuseCaseStudy({ id: 0, name: values.name, imageUrl: values.imageUrl ?? null }, values.caseStudy);
    const project = await createProject(db(), values);
    // Its id may have been answered 404 from the cache before.
    await invalidatePaths(projectPaths(project.id));
    return json(project, 201);
  });

/** A partial update; an imageUrl sent as a data: URL is stored through the image pipeline first. */
export const updateProjectRoute: Handler = (context) =>
  handle(async () => {
    requireAdmin(context.locals.user);
    const id = projectId(context);
    const type = context.request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, 'Send the body as application/json.');
    const text = await readText(context.request, DATA_URL_BODY_LIMIT);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw badRequest('The body is not valid JSON.');
    }
    // Only an image sent as a data: URL may make a body larger than the usual JSON limit.
    const imageUrl = (data as { imageUrl?: unknown } | null)?.imageUrl;
    const carriesImage = typeof imageUrl === 'string' && imageUrl.startsWith('data:');
    if (text.length > JSON_LIMIT && !carriesImage) throw new HttpError(413, 'The body is larger than 100 KB.');
    const values = parseWith(projectUpdate, data);
    const current = await findProject(db(), id);
    if (!current) throw notFound('Project not found.');
    if (values.imageUrl !== undefined) values.imageUrl = await storedImageUrl(values.imageUrl);
    await refuseCaseStudy({ ...current, imageUrl: values.imageUrl === undefined ? current.imageUrl : values.imageUrl }, values.caseStudy);
    const project = await updateProject(db(), id, values);
    if (!project) throw notFound('Project not found.');
    await invalidatePaths(projectPaths(id));
    return json(project);
  });

export const deleteProjectRoute: Handler = (context) =>
  handle(async () => {
    requireAdmin(context.locals.user);
    const id = projectId(context);
    if (!(await deleteProject(db(), id))) throw notFound('Project not found.');
    await invalidatePaths(projectPaths(id));
    return noContent();
  });

/** A case study may show only the project's own pictures, each with alt text: 400 naming the field. */
async function refuseCaseStudy(project: Pick<Project, 'id' | 'name' | 'imageUrl'>, caseStudy: string | undefined): Promise<void> {
  if (caseStudy === undefined) return;
  const problem = await caseStudyRefusal(db(), project, caseStudy);
  if (problem) throw badRequest(`caseStudy: ${problem}`, 'caseStudy');
}

async function storedImageUrl(value: string | null | undefined): Promise<string | null | undefined> {
  if (typeof value !== 'string' || !value.startsWith('data:')) return value;
  const bytes = decodeDataUrl(value);
  if (!bytes) throw badRequest('imageUrl: is not a valid image data URL', 'imageUrl');
  try {
    return (await acceptUpload(db(), bytes)).imageUrl;
  } catch (error) {
    if (error instanceof ImageRejected) throw new HttpError(error.status, error.message, 'imageUrl');
    throw error;
  }
}

/**
 * /api/projects/{id}/case-study (PUT: save the body and its state) and /api/projects/{id}/case-study/preview
 * (POST: the body rendered as the public page would show it, unsaved): the owner's case-study editor.
 * A body up to 4 MB is read, so one over the length limit is a 400 naming `caseStudy`, not a bare 413.
 */
import { invalidatePaths, projectPaths } from '../cache/invalidation.ts';
import { db } from '../db/client.ts';
import { caseStudyPreview, caseStudySave } from '#domain/shapes.ts';
import { caseStudyProblem, renderCaseStudy } from '../services/case-study-render.ts';
import { projectPictures } from '../services/case-study.ts';
import { findProject, parseId, updateProject } from '../services/projects.ts';
import { readJson } from './body.ts';
import type { Handler, RequestContext } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { requireAdmin } from './guards.ts';
import { handle, json } from './respond.ts';

export const CASE_STUDY_BODY_LIMIT = 4_000_000;

async function ownersProject(context: RequestContext) {
  requireAdmin(context.locals.user);
  const id = parseId(context.params.id);
  if (id === null) throw badRequest('id: must be a positive whole number', 'id');
  return id;
}

export const saveCaseStudyRoute: Handler = (context) =>
  handle(async () => {
    const id = await ownersProject(context);
    const { caseStudy, published } = await readJson(context.request, caseStudySave, CASE_STUDY_BODY_LIMIT);
    const project = await findProject(db(), id);
    if (!project) throw notFound('Project not found.');
    const problem = caseStudy.trim() ? caseStudyProblem(caseStudy, await projectPictures(db(), project)) : null;
    if (problem) throw badRequest(`caseStudy: ${problem}`, 'caseStudy');
    const saved = await updateProject(db(), id, { caseStudy, caseStudyPublished: published });
    if (!saved) throw notFound('Project not found.');
    await invalidatePaths(projectPaths(id));
    return json(saved);
  });

export const previewCaseStudyRoute: Handler = (context) =>
  handle(async () => {
    const id = await ownersProject(context);
    const { caseStudy } = await readJson(context.request, caseStudyPreview, CASE_STUDY_BODY_LIMIT);
    const project = await findProject(db(), id);
    if (!project) throw notFound('Project not found.');
    const pictures = await projectPictures(db(), project);
    const problem = caseStudy.trim() ? caseStudyProblem(caseStudy, pictures) : null;
    return json({ ...renderCaseStudy(caseStudy, pictures), problem }, 200, { 'Cache-Control': 'no-store' });
  });

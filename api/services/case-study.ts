/**
 * A project's case study beyond its Markdown: the pictures it may show (the project's gallery pictures and
 * its own picture), what a save refuses, and the body rendered for the project page.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { images } from '../db/schema.ts';
import { caseStudyProblem, renderCaseStudy, type CaseStudyPicture, type RenderedCaseStudy } from './case-study-render.ts';
import { listGalleryImages } from './gallery.ts';
import type { Project } from './projects.ts';

const OUR_IMAGE = /^\/api\/images\/([A-Za-z0-9_-]+)$/;

/** The pictures the body may show, gallery order first, then the project's own picture. */
export async function projectPictures(db: Db, project: Pick<Project, 'id' | 'name' | 'imageUrl'>): Promise<CaseStudyPicture[]> {
  const gallery = await listGalleryImages(db, project.id);
  const listed = gallery.map((image) => ({ url: image.imageUrl, title: image.title }));
  if (project.imageUrl) listed.push({ url: project.imageUrl, title: `${project.name} (project picture)` });
  const unique = [...new Map(listed.map((picture) => [picture.url, picture])).values()];
  const keys = unique.map((picture) => OUR_IMAGE.exec(picture.url)?.[1]).filter((key): key is string => Boolean(key));
  const sizes =
    keys.length === 0
      ? []
      : await db
          .select({ key: images.key, width: images.width, height: images.height })
          .from(images)
          .where(and(inArray(images.key, keys), eq(images.variant, 0)));
  const byKey = new Map(sizes.map((size) => [size.key, size]));
  return unique.map((picture) => {
    const size = byKey.get(OUR_IMAGE.exec(picture.url)?.[1] ?? '');
    return { ...picture, width: size?.width ?? null, height: size?.height ?? null };
  });
}

/** Why this body cannot be saved for this project (shown beside the field), or null. */
export async function caseStudyRefusal(db: Db, project: Pick<Project, 'id' | 'name' | 'imageUrl'>, markdown: string): Promise<string | null> {
  if (!markdown.trim()) return null;
  return caseStudyProblem(markdown, await projectPictures(db, project));
}

/** The project's body as its page shows it; null when it has none. */
export async function renderProjectCaseStudy(
  db: Db,
  project: Pick<Project, 'id' | 'name' | 'imageUrl'>,
  markdown: string,
): Promise<RenderedCaseStudy | null> {
  if (!markdown.trim()) return null;
  return renderCaseStudy(markdown, await projectPictures(db, project));
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { CATEGORY_LABELS, type ProjectCategory } from '#domain/vocabulary.ts';
import type { Db } from '../db/client.ts';
import { images } from '../db/schema.ts';
import { renderProjectCaseStudy } from '../services/case-study.ts';
import { listProjects, type Project } from '../services/projects.ts';

/*
 * What the feeds (/rss.xml, /feed.json) say about each project: the same for both formats, read once.
 * Every project on the public list is in them, newest change first; a case study's body only once it is
 * published (a draft is the owner's alone, as on the project page).
 */

export interface FeedPicture {
  url: string;
  type: string;
  length: number;
}

export interface FeedEntry {
  id: string;
  url: string;
  title: string;
  summary: string;
  /** The published case study as HTML with absolute addresses, or null. */
  contentHtml: string | null;
  picture: FeedPicture | null;
  categories: string[];
  published: Date;
  updated: Date;
}

const OUR_IMAGE = /^\/api\/images\/([a-z0-9]{10,64})$/;

/** Characters XML 1.0 cannot carry (control characters but tab and line ends, lone surrogates): dropped from what a feed says. */
const NOT_IN_XML = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\uFFFE\uFFFF]/gu;
export const xmlSafe = (text: string): string => text.replace(NOT_IN_XML, '');

/** The body's own addresses (/api/images/…, #heading) made absolute: a feed reader shows it away from the site. */
export function absoluteAddresses(html: string, pageUrl: string): string {
  const origin = new URL(pageUrl).origin;
  const absolute = (value: string) => (value.startsWith('#') ? `${pageUrl}${value}` : value.startsWith('/') && !value.startsWith('//') ? `${origin}${value}` : value);
  return html.replace(/ (src|href|srcset)="([^"]*)"/g, (_match, name: string, value: string) => {
    const rewritten = name === 'srcset' ? value.split(', ').map((part) => absolute(part)).join(', ') : absolute(value);
    return ` ${name}="${rewritten}"`;
  });
}

const categoryName = (category: string) =>
  Object.hasOwn(CATEGORY_LABELS, category) ? CATEGORY_LABELS[category as ProjectCategory] : category;

/** The full stored image of each project picture: its type and size, which an RSS enclosure states. */
async function pictures(db: Db, projects: readonly Project[]): Promise<Map<string, { type: string; length: number }>> {
  const keys = projects.map((project) => OUR_IMAGE.exec(project.imageUrl ?? '')?.[1]).filter((key): key is string => Boolean(key));
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: images.key, type: images.contentType, length: sql<number>`octet_length(${images.data})` })
    .from(images)
    .where(and(inArray(images.key, keys), eq(images.variant, 0)));
  return new Map(rows.map((row) => [row.key, { type: row.type, length: Number(row.length) }]));
}

/** Every public project as a feed entry, newest change first. `origin`: the public origin links are made with. */
export async function feedEntries(db: Db, origin: string): Promise<FeedEntry[]> {
  const projects = [...(await listProjects(db))].sort(
    (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id,
  );
  const stored = await pictures(db, projects);
  return Promise.all(
    projects.map(async (project) => {
      const url = new URL(`/public-projects/${project.id}`, origin).href;
      const study = project.caseStudyPublished ? await renderProjectCaseStudy(db, project, project.caseStudy) : null;
      const key = OUR_IMAGE.exec(project.imageUrl ?? '')?.[1];
      const picture = key ? stored.get(key) : undefined;
      return {
        id: url,
        url,
        title: xmlSafe(project.name),
        summary: xmlSafe(project.description),
        contentHtml: study ? xmlSafe(absoluteAddresses(study.html, url)) : null,
        picture: picture ? { url: new URL(project.imageUrl!, origin).href, ...picture } : null,
        categories: [...new Set([categoryName(project.category), ...project.tags])].map(xmlSafe).filter(Boolean),
        published: project.createdAt,
        updated: project.updatedAt,
      };
    }),
  );
}

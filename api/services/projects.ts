import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projects } from '../db/schema.ts';

export type Project = typeof projects.$inferSelect;

/** The fields a visitor may see: everything a project page shows, nothing internal. */
export type PublicProject = Omit<Project, 'createdAt'>;

/** What a visitor may see: a draft case study's body stays the owner's. */
export function toPublicProject({ createdAt: _createdAt, ...project }: Project): PublicProject {
  return project.caseStudyPublished ? project : { ...project, caseStudy: '' };
}

/** The project as someone who is not the owner may read it (the draft body left out). */
export function asSeenBy(project: Project, isOwner: boolean): Project {
  return isOwner || project.caseStudyPublished ? project : { ...project, caseStudy: '' };
}

/** Newest first: the owner's latest work leads the portfolio. */
export function listProjects(db: Db): Promise<Project[]> {
  return db.select().from(projects).orderBy(desc(projects.createdAt), desc(projects.id));
}

export async function findProject(db: Db, id: number): Promise<Project | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

/** A path segment is an id only when it is a positive whole number written plainly. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export async function createProject(db: Db, values: typeof projects.$inferInsert): Promise<Project> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(db: Db, id: number, values: Partial<typeof projects.$inferInsert>): Promise<Project | null> {
  if (Object.keys(values).length === 0) return findProject(db, id);
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row ?? null;
}

export async function deleteProject(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return rows.length > 0;
}

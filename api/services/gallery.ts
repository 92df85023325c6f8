import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { galleryImages } from '../db/schema.ts';

/*
 * A project's gallery (SPEC §3 "Gallery image"). SPEC keeps it in memory; we keep it in the database,
 * so uploads survive a reload. The categories are logo, mockup, branding, web and uncategorized.
 */

export type GalleryImage = typeof galleryImages.$inferSelect;
type NewGalleryImage = Omit<typeof galleryImages.$inferInsert, 'id' | 'projectId' | 'createdAt'>;

/** In the owner's order, oldest first among equals. */
export function listGalleryImages(db: Db, projectId: number): Promise<GalleryImage[]> {
  return db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.projectId, projectId))
    .orderBy(asc(galleryImages.order), asc(galleryImages.id));
}

/** Adds an image; without an explicit order it goes last, at the current count plus one (SPEC §3). */
export async function addGalleryImage(db: Db, projectId: number, values: NewGalleryImage): Promise<GalleryImage> {
  const order =
    values.order ?? sql<number>`(select count(*) + 1 from ${galleryImages} where ${galleryImages.projectId} = ${projectId})`;
  const [row] = await db
    .insert(galleryImages)
    .values({ ...values, projectId, order })
    .returning();
  return row!;
}

export async function updateGalleryImage(
  db: Db,
  projectId: number,
  imageId: number,
  values: Partial<NewGalleryImage>,
): Promise<GalleryImage | null> {
  const where = and(eq(galleryImages.id, imageId), eq(galleryImages.projectId, projectId));
  if (Object.keys(values).length === 0) {
    const [row] = await db.select().from(galleryImages).where(where);
    return row ?? null;
  }
  const [row] = await db.update(galleryImages).set(values).where(where).returning();
  return row ?? null;
}

export async function deleteGalleryImage(db: Db, projectId: number, imageId: number): Promise<boolean> {
  const rows = await db
    .delete(galleryImages)
    .where(and(eq(galleryImages.id, imageId), eq(galleryImages.projectId, projectId)))
    .returning({ id: galleryImages.id });
  return rows.length > 0;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preferences } from '../db/schema.ts';
import type { PreferencesUpdate } from '#domain/shapes.ts';

/** What a person has saved: their accessibility choices and theme, or nulls when nothing is saved yet. */
export interface SavedPreferences {
  accessibility: Record<string, unknown> | null;
  theme: string | null;
}

export async function getPreferences(db: Db, userId: string): Promise<SavedPreferences> {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  return row ? { accessibility: row.accessibility, theme: row.theme } : { accessibility: null, theme: null };
}

/**
 * Saves what is given, for this user only: `accessibility` replaces the stored choices (a choice left out
 * has returned to the default), `theme` replaces the theme; a part not sent is kept.
 */
export async function savePreferences(db: Db, userId: string, update: PreferencesUpdate): Promise<SavedPreferences> {
  const values = {
    ...(update.accessibility !== undefined && { accessibility: update.accessibility }),
    ...(update.theme !== undefined && { theme: update.theme }),
  };
  const [row] = await db
    .insert(preferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: preferences.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return { accessibility: row!.accessibility, theme: row!.theme };
}

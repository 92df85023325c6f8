import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preferences } from '../db/schema.ts';
import { readOwnPresets, type OwnPreset, type PreferencesUpdate } from '#domain/shapes.ts';

/** What a person has saved: their accessibility choices, own presets and theme (nulls and [] when nothing is saved yet). */
export interface SavedPreferences {
  accessibility: Record<string, unknown> | null;
  theme: string | null;
  presets: OwnPreset[];
}

/*
 * The own presets live inside the row's accessibility JSON under this key, beside the choices, so no
 * column was added; rows saved before presets existed simply have none. The key is not a setting's name,
 * so every reader of the choices (field by field) passes over it.
 */
const PRESETS_KEY = 'presets';

function split(stored: Record<string, unknown> | null | undefined): { choices: Record<string, unknown>; presets: OwnPreset[] } {
  const { [PRESETS_KEY]: presets, ...choices } = stored ?? {};
  return { choices, presets: readOwnPresets(presets) };
}

function toSaved(row: { accessibility: Record<string, unknown>; theme: string | null }): SavedPreferences {
  const { choices, presets } = split(row.accessibility);
  return { accessibility: choices, theme: row.theme, presets };
}

export async function getPreferences(db: Db, userId: string): Promise<SavedPreferences> {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  return row ? toSaved(row) : { accessibility: null, theme: null, presets: [] };
}

/**
 * Saves what is given, for this user only: `accessibility` replaces the stored choices (a choice left out
 * has returned to the default), `presets` the list of own presets, `theme` the theme; a part not sent is kept.
 */
export async function savePreferences(db: Db, userId: string, update: PreferencesUpdate): Promise<SavedPreferences> {
  const [row] = await db.select().from(preferences).where(eq(preferences.userId, userId));
  const current = split(row?.accessibility);
  const choices = update.accessibility ?? current.choices;
  const presets = update.presets ?? current.presets;
  const values = {
    accessibility: { ...choices, ...(presets.length > 0 && { [PRESETS_KEY]: presets }) },
    ...(update.theme !== undefined && { theme: update.theme }),
  };
  const [saved] = await db
    .insert(preferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: preferences.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return toSaved(saved!);
}

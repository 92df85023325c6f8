/*
 * A person's own presets (the drawer's 'Your presets'): pure list operations with the limits of
 * domain/vocabulary.ts and the name rules of domain/shapes.ts, each answering the new list or, in plain
 * words, why not. The store (src/stores/accessibility.ts) keeps the list; the sync sends it to the account.
 */
import { ownPresetName, type OwnPreset } from '#domain/shapes.ts';
import { OWN_PRESETS } from '#domain/vocabulary.ts';

export type { OwnPreset } from '#domain/shapes.ts';
export type PresetChange =
  { ok: true; presets: OwnPreset[]; name: string; replaced: boolean } | { ok: false; error: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The name as it will be kept, or why it cannot be. */
export function checkPresetName(raw: string): { ok: true; name: string } | { ok: false; error: string } {
  const parsed = ownPresetName.safeParse(raw);
  if (parsed.success) return { ok: true, name: parsed.data };
  const message = parsed.error.issues[0]?.message ?? 'is not valid';
  return { ok: false, error: `The name ${message}.` };
}

/** Saves `settings` under `name`: a new preset at the end, or the one of that name replaced where it is. */
export function savePreset(list: readonly OwnPreset[], rawName: string, settings: OwnPreset['settings']): PresetChange {
  const checked = checkPresetName(rawName);
  if (!checked.ok) return checked;
  const index = list.findIndex((preset) => same(preset.name, checked.name));
  if (index >= 0) {
    const presets = list.map((preset, i) => (i === index ? { name: checked.name, settings } : preset));
    return { ok: true, presets, name: checked.name, replaced: true };
  }
  if (list.length >= OWN_PRESETS.max) {
    return {
      ok: false,
      error: `You have ${OWN_PRESETS.max} presets, the most there can be: delete one to save another.`,
    };
  }
  return { ok: true, presets: [...list, { name: checked.name, settings }], name: checked.name, replaced: false };
}

export function renamePreset(list: readonly OwnPreset[], from: string, rawName: string): PresetChange {
  const checked = checkPresetName(rawName);
  if (!checked.ok) return checked;
  if (list.some((preset) => same(preset.name, checked.name) && !same(preset.name, from))) {
    return { ok: false, error: `You already have a preset called ${checked.name}.` };
  }
  const presets = list.map((preset) => (same(preset.name, from) ? { ...preset, name: checked.name } : preset));
  return { ok: true, presets, name: checked.name, replaced: false };
}

export function deletePreset(list: readonly OwnPreset[], name: string): OwnPreset[] {
  return list.filter((preset) => !same(preset.name, name));
}

/**
 * At sign-in: the account's presets, then this device's that the account has no preset of the same name for
 * (made while signed out), as long as there is room. A name on both keeps the account's settings.
 */
export function mergePresets(account: readonly OwnPreset[], device: readonly OwnPreset[]): OwnPreset[] {
  const merged = [...account];
  for (const preset of device) {
    if (merged.length >= OWN_PRESETS.max) break;
    if (!merged.some((kept) => same(kept.name, preset.name))) merged.push(preset);
  }
  return merged;
}

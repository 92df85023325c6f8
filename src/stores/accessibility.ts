import { atom } from 'nanostores';
import {
  CLASS_PREFIX,
  OS_QUERIES,
  STORAGE_KEY,
  applyPreset,
  choicesOver,
  describeChanges,
  effectiveDefaults,
  parseStoredText,
  readOsPreferences,
  settingsToDom,
  type AccessibilitySettings,
  type PresetName,
} from '../lib/accessibility-settings.ts';
import { deletePreset, mergePresets, renamePreset, savePreset, type OwnPreset, type PresetChange } from '../lib/own-presets.ts';
import { readOwnPresets } from '#domain/shapes.ts';
import { STORAGE_KEYS } from '#domain/vocabulary.ts';

/*
 * The accessibility settings in the browser, shared by the settings drawer, the status panel's quick
 * toggles and the preference sync. Every change is saved (only what differs from this device's
 * defaults) and applied to <html> at once. Loaded on demand: plain pages never pay for it.
 */

/** SPEC defaults adjusted by this device's system preferences (what Reset returns to). */
export const $baseSettings = atom<AccessibilitySettings>(effectiveDefaults(readOsPreferences()));
export const $settings = atom<AccessibilitySettings>(load());
export const $drawerOpen = atom(false);

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function load(): AccessibilitySettings {
  return parseStoredText(readStored(), $baseSettings.get());
}

/** The person's own choices: what is saved here and on the server. */
export function currentChoices(): Partial<AccessibilitySettings> {
  return choicesOver($settings.get(), $baseSettings.get());
}

function save(): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(currentChoices()));
  } catch {
    // Storage may be full or blocked (private modes): the settings still apply to this page.
  }
}

/** Puts the settings on <html>: the same classes, variables and badges the head script sets before first paint. */
export function applyToDocument(settings: AccessibilitySettings, root: HTMLElement = document.documentElement): void {
  const dom = settingsToDom(settings);
  for (const name of [...root.classList]) if (name.startsWith(CLASS_PREFIX) && !dom.classes.includes(name)) root.classList.remove(name);
  root.classList.add(...dom.classes);
  for (const [name, value] of Object.entries(dom.vars)) root.style.setProperty(name, value);
  root.setAttribute('data-a11y-badges', dom.badges.join(' '));
}

$settings.listen((settings) => {
  save();
  applyToDocument(settings);
});

export function updateSettings(patch: Partial<AccessibilitySettings>): void {
  $settings.set({ ...$settings.get(), ...patch });
}

export function toggleSetting(key: keyof AccessibilitySettings): void {
  const value = $settings.get()[key];
  if (typeof value === 'boolean') updateSettings({ [key]: !value });
}

/** Applies a preset and returns what changed, in words, for the announcement. */
export function applyPresetByName(name: PresetName): string[] {
  const before = $settings.get();
  const after = applyPreset(before, name);
  $settings.set(after);
  return describeChanges(before, after);
}

/** Back to the defaults of this device (SPEC's, adjusted by the system). */
export function resetSettings(): string[] {
  const before = $settings.get();
  const after = { ...$baseSettings.get() };
  $settings.set(after);
  return describeChanges(before, after);
}

/** Replaces the person's choices (another tab, or the server at sign-in), keeping this device's defaults. */
export function replaceChoices(choices: unknown): void {
  $settings.set(parseStoredText(JSON.stringify(choices ?? {}), $baseSettings.get()));
}

/*
 * ---- The person's own presets: kept on this device (and, signed in, sent to the account by the sync,
 * which hears of a change through 'a11y-presets-changed'). ----
 */
const PRESETS_KEY = STORAGE_KEYS.accessibilityPresets;
function loadPresets(): OwnPreset[] {
  try {
    return readOwnPresets(JSON.parse(localStorage.getItem(PRESETS_KEY) ?? '[]'));
  } catch {
    return [];
  }
}
export const $ownPresets = atom<OwnPreset[]>(loadPresets());
$ownPresets.listen((presets) => {
  try {
    if (presets.length > 0) localStorage.setItem(PRESETS_KEY, JSON.stringify(presets));
    else localStorage.removeItem(PRESETS_KEY);
  } catch {
    // kept for this page only
  }
});

function changed(change: PresetChange): PresetChange {
  if (change.ok) {
    $ownPresets.set(change.presets);
    document.dispatchEvent(new Event('a11y-presets-changed'));
  }
  return change;
}

/** Saves the current choices under `name` (replacing a preset of that name). */
export function saveOwnPreset(name: string): PresetChange {
  return changed(savePreset($ownPresets.get(), name, currentChoices()));
}
export function renameOwnPreset(from: string, to: string): PresetChange {
  return changed(renamePreset($ownPresets.get(), from, to));
}
export function deleteOwnPreset(name: string): void {
  changed({ ok: true, presets: deletePreset($ownPresets.get(), name), name, replaced: false });
}
/** Applies a preset: exactly its choices, everything else back to this device's defaults. Returns what changed, in words. */
export function applyOwnPreset(name: string): string[] {
  const preset = $ownPresets.get().find((candidate) => candidate.name === name);
  if (!preset) return [];
  const before = $settings.get();
  replaceChoices(preset.settings);
  return describeChanges(before, $settings.get());
}
/**
 * The account's copy at sign-in, read leniently like anything stored, with this device's own presets added
 * (src/lib/own-presets.ts). True when the device added any, so the account should be sent the merged list.
 */
export function mergeAccountPresets(raw: unknown): boolean {
  const account = readOwnPresets(raw);
  const merged = mergePresets(account, $ownPresets.get());
  $ownPresets.set(merged);
  return merged.length > account.length;
}

if (typeof window !== 'undefined') {
  // Another tab changed the settings or presets: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) $settings.set(load());
    if (event.key === PRESETS_KEY) $ownPresets.set(loadPresets());
  });
  // The system preference changed while the page is open: untouched settings follow it.
  for (const query of Object.values(OS_QUERIES)) {
    window.matchMedia(query).addEventListener('change', () => {
      const choices = currentChoices();
      $baseSettings.set(effectiveDefaults(readOsPreferences()));
      replaceChoices(choices);
    });
  }
}

/**
 * The theme preference (SPEC §3, §4): light, dark or system, saved under 'theme' and applied as a
 * class on <html>. src/scripts/head-init.js applies the saved value before first paint; this module
 * is what changes it afterwards (the navigation toggle and the React ThemeProvider share it).
 */
import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type ThemePreference } from '#domain/vocabulary.ts';

export type { ThemePreference };
export const THEME_KEY = STORAGE_KEYS.theme;
export const THEME_PREFERENCES: readonly ThemePreference[] = THEMES;
/** Fired on document whenever the preference changes, with the new preference as `detail`. */
export const THEME_EVENT = 'themechange';

export function parseTheme(value: unknown): ThemePreference {
  return THEME_PREFERENCES.includes(value as ThemePreference) ? (value as ThemePreference) : DEFAULT_THEME;
}

/** System follows the operating system's preference once, when applied (SPEC §4). */
export function resolvesToDark(theme: ThemePreference, systemPrefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemPrefersDark);
}

export const THEME_LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export function readTheme(): ThemePreference {
  try {
    return parseTheme(localStorage.getItem(THEME_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

/** Saves and applies a preference, then tells every listener (toggles, providers) about it. */
export function setTheme(theme: ThemePreference): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private mode without storage: the choice still applies to this page.
  }
  const root = document.documentElement;
  const dark = resolvesToDark(theme, matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.dataset.themePreference = theme;
  document.dispatchEvent(new CustomEvent<ThemePreference>(THEME_EVENT, { detail: theme }));
}

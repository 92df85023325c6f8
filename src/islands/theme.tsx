import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { readTheme, setTheme, THEME_EVENT, type ThemePreference } from '../lib/theme.ts';

interface ThemeContextValue {
  theme: ThemePreference;
  setTheme: (theme: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function subscribe(onChange: () => void): () => void {
  document.addEventListener(THEME_EVENT, onChange);
  return () => document.removeEventListener(THEME_EVENT, onChange);
}

/**
 * Gives islands the theme preference. The preference lives in localStorage and on <html> (set before
 * first paint by the head script), so the provider only mirrors it: a change made by the navigation's
 * toggle reaches every provider, and a change made here reaches the toggle.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  // The server renders 'system'; the browser's real value arrives right after hydration.
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'system' as const);
  const value = useMemo(() => ({ theme, setTheme }), [theme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}

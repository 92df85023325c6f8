/*
 * A signed-in person's settings follow them between devices through /api/me/preferences.
 * The first signed-in page after signing in takes the server's copy (server wins once; when the server
 * has nothing yet, this device's choices are sent up). From then on every change is sent, debounced.
 * A change not yet sent when the page closes is marked 'dirty' and sent by the next page.
 */
import { apiGet, apiRequest, ApiError } from '#src/lib/api-client.ts';
import { $settings, currentChoices, replaceChoices } from '#src/stores/accessibility.ts';

const SYNCED_KEY = 'accessibility-settings-synced';
const THEMES = ['light', 'dark', 'system'] as const;
type Theme = (typeof THEMES)[number];
const DEBOUNCE_MS = 800;

interface ServerPreferences {
  accessibility: Record<string, unknown> | null;
  theme: Theme | null;
}

function mark(state: 'true' | 'dirty'): void {
  try {
    localStorage.setItem(SYNCED_KEY, state);
  } catch {
    // without storage the server copy is taken again next time: harmless
  }
}
function syncState(): string | null {
  try {
    return localStorage.getItem(SYNCED_KEY);
  } catch {
    return null;
  }
}

function currentTheme(): Theme {
  try {
    const theme = localStorage.getItem('theme');
    return THEMES.find((name) => name === theme) ?? 'system';
  } catch {
    return 'system';
  }
}

/** The theme as the head script applies it (the `system` choice follows the device once, when applied). */
function applyTheme(theme: Theme): void {
  try {
    localStorage.setItem('theme', theme);
  } catch {
    // applied to this page only
  }
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
}

let stopped = false;
async function push(): Promise<void> {
  if (stopped) return;
  try {
    await apiRequest('PUT', '/api/me/preferences', { accessibility: currentChoices(), theme: currentTheme() });
    mark('true');
  } catch (error) {
    // Signed out meanwhile: stop. Anything else: leave it 'dirty' for the next page to retry.
    if (error instanceof ApiError && error.status === 401) stopped = true;
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
function schedulePush(): void {
  mark('dirty');
  clearTimeout(timer);
  timer = setTimeout(() => void push(), DEBOUNCE_MS);
}

/** `changed`: a setting or the theme changed on this page before the sync was loaded; send it. */
export async function startSync({ changed = false }: { changed?: boolean } = {}): Promise<void> {
  const state = syncState();
  if (state !== 'true' && state !== 'dirty') {
    let server: ServerPreferences | null;
    try {
      server = await apiGet<ServerPreferences>('/api/me/preferences', { on401: 'returnNull' });
    } catch {
      return; // offline or failing: try again on the next page
    }
    if (!server) return;
    if (server.accessibility) {
      replaceChoices(server.accessibility);
      if (server.theme) applyTheme(server.theme);
      mark('true');
    } else {
      await push();
    }
  } else if (state === 'dirty') {
    await push();
  } else if (changed) {
    schedulePush();
  }
  $settings.listen(schedulePush);
  let theme = currentTheme();
  new MutationObserver(() => {
    if (currentTheme() === theme) return;
    theme = currentTheme();
    schedulePush();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}

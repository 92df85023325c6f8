/*
 * A signed-in person's settings and own presets follow them between devices through /api/me/preferences.
 * The first signed-in page after signing in takes the server's copy (server wins once; when the server
 * has nothing yet, this device's choices are sent up), keeping this device's own presets beside the account's. From then on every change is sent, debounced.
 * A change not yet sent when the page closes is marked 'dirty' and sent by the next page.
 */
import { apiGet, apiRequest, ApiError } from '#src/lib/api-client.ts';
import { $ownPresets, $settings, currentChoices, mergeAccountPresets, replaceChoices } from '#src/stores/accessibility.ts';
import { parseTheme, readTheme, setTheme, type ThemePreference } from '#src/lib/theme.ts';
import { STORAGE_KEYS } from '#domain/vocabulary.ts';

const SYNCED_KEY = STORAGE_KEYS.accessibilitySynced;
const DEBOUNCE_MS = 800;

interface ServerPreferences {
  accessibility: Record<string, unknown> | null;
  theme: ThemePreference | null;
  /** Absent from a server older than presets. */
  presets?: unknown;
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

let stopped = false;
async function push(): Promise<void> {
  if (stopped) return;
  try {
    await apiRequest('PUT', '/api/me/preferences', { accessibility: currentChoices(), theme: readTheme(), presets: $ownPresets.get() });
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
      // Presets made on this device while signed out join the account's, which win a name on both.
      const added = mergeAccountPresets(server.presets ?? []);
      // setTheme, not a copy of it: the theme menu follows data-theme-preference and 'themechange'.
      if (server.theme) setTheme(parseTheme(server.theme));
      if (added) await push();
      else mark('true');
    } else {
      await push();
    }
  } else if (state === 'dirty') {
    await push();
  } else if (changed) {
    schedulePush();
  }
  $settings.listen(schedulePush);
  $ownPresets.listen(schedulePush);
  let theme = readTheme();
  new MutationObserver(() => {
    if (readTheme() === theme) return;
    theme = readTheme();
    schedulePush();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme-preference'] });
}

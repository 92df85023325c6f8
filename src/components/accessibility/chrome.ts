/*
 * The small script behind AccessibilityChrome.astro, on every page. It reads the classes the head script
 * put on <html> and loads anything heavier (the settings store, the React drawer, break reminders, the
 * preference sync) only when it is needed. It imports nothing heavy at start (the storage keys are plain constants): the class names it watches come
 * from the markup (rendered with the settings module on the server), so zod and the store stay out of it.
 */
import type { AccessibilitySwitch } from '#src/lib/accessibility-settings.ts';
import { A11Y_MARKERS, STORAGE_KEYS } from '#domain/vocabulary.ts';

const root = document.documentElement;
const panel = document.querySelector<HTMLElement>('[data-a11y-status]');
const chip = panel?.querySelector<HTMLButtonElement>('[data-status-toggle]');
const body = panel?.querySelector<HTMLElement>('[data-status-body]');
const fab = document.querySelector<HTMLButtonElement>('.a11y-fab');
const PANEL_KEY = STORAGE_KEYS.accessibilityPanel;

const loadStore = () => import('#src/stores/accessibility.ts');
let drawer: Promise<typeof import('#src/islands/accessibility/mount.tsx')> | undefined;
const loadDrawer = () => (drawer ??= import('#src/islands/accessibility/mount.tsx'));

/* ---- The settings drawer: loaded on first use (hover or focus starts fetching it early). ---- */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-open-settings]')) {
  button.addEventListener('pointerenter', () => void loadDrawer(), { once: true });
  button.addEventListener('focus', () => void loadDrawer(), { once: true });
  button.addEventListener('click', async () => {
    button.setAttribute('aria-busy', 'true');
    try {
      (await loadDrawer()).openDrawer(button);
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}

/* ---- Read aloud: its script loads on the first press of 'Listen' (a press before this ran is replayed). ---- */
for (const control of document.querySelectorAll<HTMLElement>('[data-listen]')) {
  control.querySelector('[data-listen-play]')?.addEventListener(
    'click',
    () => void import('./read-aloud.ts').then((readAloud) => readAloud.attach(control)),
    { once: true },
  );
}

/* ---- The status panel: a chip that opens to the badges, progress, section and quick switches. ---- */
function setExpanded(expanded: boolean, remember = true): void {
  if (!chip || !body) return;
  chip.setAttribute('aria-expanded', String(expanded));
  body.hidden = !expanded;
  if (expanded) updateReading();
  if (remember) {
    try {
      localStorage.setItem(PANEL_KEY, expanded ? 'open' : 'closed');
    } catch {
      // not remembered, still works
    }
  }
}
chip?.addEventListener('click', () => setExpanded(chip.getAttribute('aria-expanded') !== 'true'));
panel?.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && chip?.getAttribute('aria-expanded') === 'true') {
    setExpanded(false);
    chip.focus();
  }
});

const quickSwitches = [...(panel?.querySelectorAll<HTMLButtonElement>('[data-quick]') ?? [])];
function syncQuickSwitches(): void {
  for (const button of quickSwitches) {
    const on = root.classList.contains(button.dataset.quickClass ?? '');
    button.setAttribute('aria-checked', String(on));
  }
}
for (const button of quickSwitches) {
  button.addEventListener('click', async () => {
    (await loadStore()).toggleSetting(button.dataset.quick as AccessibilitySwitch);
  });
}
syncQuickSwitches();

/* ---- Reading progress and the current section, shown in the open panel. ---- */
const progressValue = panel?.querySelector<HTMLElement>('[data-progress-value]');
const sectionLine = panel?.querySelector<HTMLElement>('[data-section-line]');
const sectionValue = panel?.querySelector<HTMLElement>('[data-section-value]');
function updateReading(): void {
  if (!body || body.hidden) return;
  const scrollable = root.scrollHeight - window.innerHeight;
  const percent = scrollable > 0 ? Math.min(100, Math.round((window.scrollY / scrollable) * 100)) : 100;
  if (progressValue) progressValue.textContent = `${percent}%`;
  let current: string | undefined;
  for (const section of document.querySelectorAll<HTMLElement>('[data-section-label]')) {
    if (section.getBoundingClientRect().top < window.innerHeight * 0.4) current = section.dataset.sectionLabel;
  }
  if (sectionLine && sectionValue) {
    sectionLine.hidden = !current;
    sectionValue.textContent = current ?? '';
  }
}

/* ---- Single-task mode and hide distractions: say how much of this page they took away. ---- */
const hiddenCount = panel?.querySelector<HTMLElement>('[data-hidden-count]');
function updateHiddenCount(): void {
  if (!hiddenCount) return;
  const marker = `[${A11Y_MARKERS.secondary}]`;
  // Outermost marked parts only: a hidden section counts once, whatever it holds.
  const parts = [...document.querySelectorAll(marker)].filter((part) => !part.parentElement?.closest(marker)).length;
  hiddenCount.textContent = parts === 0 ? 'nothing on this page' : `${parts} ${parts === 1 ? 'section' : 'sections'}`;
}
document.addEventListener('regions:refreshed', updateHiddenCount);

/*
 * ---- In the strip the top bar keeps free under its row (accessibility.css), wherever the bar ends: it may
 * wrap with large text, or sit below the breadcrumb trail until the trail scrolls away. ----
 */
function placeBelowTopBar(): void {
  if (!panel) return;
  const header = document.querySelector('header');
  let top = 8;
  if (header) {
    const strip = parseFloat(getComputedStyle(header).paddingBottom) || 0;
    top = header.getBoundingClientRect().bottom - strip + 4;
  }
  // A page without a top bar (not found) may still show the trail: the chip goes below it.
  const trail = document.querySelector('.breadcrumb-bar')?.getBoundingClientRect();
  if (trail && trail.height > 0) top = Math.max(top, trail.bottom + 8);
  panel.style.top = `${top}px`;
}

/* ---- Never cover focused content (WCAG 2.4.11): the chip and the button step aside. ---- */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
function yieldToFocus(): void {
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === root) return;
  const target = focused.getBoundingClientRect();
  for (const helper of [panel, fab]) {
    if (!helper) continue;
    if (helper.contains(focused) || focused.closest('dialog')) {
      delete helper.dataset.yield;
      continue;
    }
    if (helper === panel && body && !body.hidden && overlaps(helper.getBoundingClientRect(), target)) setExpanded(false, false);
    if (overlaps(helper.getBoundingClientRect(), target)) helper.dataset.yield = '';
    else delete helper.dataset.yield;
  }
}

let frame = 0;
const onFrame = () => {
  frame = 0;
  placeBelowTopBar();
  updateReading();
  yieldToFocus();
};
const schedule = () => {
  if (!frame) frame = requestAnimationFrame(onFrame);
};
document.addEventListener('focusin', schedule);
document.addEventListener('focusout', () => {
  // Focus left for somewhere outside the page: bring the helpers back.
  setTimeout(() => {
    if (document.activeElement === document.body) for (const helper of [panel, fab]) if (helper) delete helper.dataset.yield;
  });
});
window.addEventListener('scroll', schedule, { passive: true });
window.addEventListener('resize', schedule, { passive: true });

/* ---- Follow changes of the settings (drawer, quick switches, other tabs). ---- */
const breakHost = document.querySelector<HTMLElement>('[data-break-host]');
let remindersLoaded = false;
let rulerLoaded = false;
/*
 * ---- Letters and lines, the reading ruler: what is chosen, in words (each line lists one part per choice;
 * the parts whose class is on <html> are shown). ----
 */
const chosenLines = [...(panel?.querySelectorAll<HTMLElement>('[data-chosen-line]') ?? [])];
function updateLetters(): void {
  for (const line of chosenLines) {
    const value = line.querySelector('[data-chosen-value]');
    if (!value) continue;
    const chosen = [...line.querySelectorAll<HTMLElement>('[data-when-class]')]
      .filter((part) => root.classList.contains(part.dataset.whenClass ?? ''))
      .map(({ dataset }) => [dataset.text, dataset.var && root.style.getPropertyValue(dataset.var).replace(/em$/, ' em')].filter(Boolean).join(' '));
    value.textContent = chosen.join(', ');
    line.hidden = chosen.length === 0;
  }
}

function onSettingsChanged(): void {
  syncQuickSwitches();
  updateHiddenCount();
  updateLetters();
  if (!rulerLoaded && /(^|\s)a11y-ruler-/.test(root.className)) {
    rulerLoaded = true;
    void import('./reading-ruler.ts');
  }
  if (!remindersLoaded && breakHost && root.classList.contains(breakHost.dataset.whenClass ?? '')) {
    remindersLoaded = true;
    void import('./break-reminder.ts');
  }
}
new MutationObserver(() => {
  onSettingsChanged();
  schedule();
}).observe(root, { attributes: true, attributeFilter: ['class', 'style'] });
onSettingsChanged();
// Placed, read and stepped aside at once: the panel may be open already (load-chrome.js opens it as the
// person left it, before the first paint), and the focus that started this script may be on something.
onFrame();

/* ---- Signed-in people's settings follow them (server wins once after sign-in). ---- */
if (root.dataset.session === 'in') followTheAccount();
else if (root.dataset.session === 'out') {
  // Signed out: the next sign-in takes the server's copy again.
  try {
    localStorage.removeItem(STORAGE_KEYS.accessibilitySynced);
    // Check-ins kept while offline are the signed-out person's: they leave with them (issue 30).
    localStorage.removeItem(STORAGE_KEYS.checkinOutbox);
  } catch {
    // nothing to forget
  }
}

/* ---- The page's other controls that need script only once they are used, started with this one. ---- */
await Promise.all([
  document.querySelector('[data-theme-choice]') && import('#src/components/nav/theme-menu.ts'),
  document.querySelector('[data-portfolio-filter]') && import('#src/components/projects/portfolio-filter.ts'),
  document.querySelector('[data-dialog-open]') && import('#src/scripts/dialogs.ts'),
]);

// Ready: load-chrome.js replays a press that came before this point.
root.dataset.chrome = 'ready';
document.dispatchEvent(new Event('a11y-chrome-ready'));

/**
 * The sync needs the settings store and its validation (most of the chrome's script), so a page whose settings are
 * already in step with the account loads it only once the person changes a setting or the theme
 * (both are saved to storage and shown as classes on <html>); the first page after signing in, or
 * one with a change not yet sent, settles with the server at once.
 */
function followTheAccount(): void {
  let started = false;
  const start = (changed: boolean) => {
    if (started) return;
    started = true;
    void import('./preferences-sync.ts').then((sync) => sync.startSync({ changed }));
  };
  const stored = () => {
    try {
      return `${localStorage.getItem(STORAGE_KEYS.accessibility)}|${localStorage.getItem(STORAGE_KEYS.theme)}`;
    } catch {
      return '';
    }
  };
  let synced: string | null = null;
  try {
    synced = localStorage.getItem(STORAGE_KEYS.accessibilitySynced);
  } catch {
    // no storage: settle with the server on every page
  }
  if (synced !== 'true') return start(false);
  // Saving, renaming or deleting an own preset changes nothing on <html>: the store says so.
  document.addEventListener('a11y-presets-changed', () => start(true), { once: true });
  const before = stored();
  const watcher = new MutationObserver(() => {
    if (stored() === before) return;
    watcher.disconnect();
    start(true);
  });
  watcher.observe(root, { attributes: true, attributeFilter: ['class', 'style'] });
}

/*
 * Break reminders: after the chosen number of minutes of continuous use, a gentle, dismissible note
 * (bottom-left, announced politely, never taking focus). Loaded only once the setting is on.
 * Continuous use spans pages in this tab; five minutes away (tab hidden or closed) counts as a break.
 */
import { $settings } from '#src/stores/accessibility.ts';

const SINCE_KEY = 'accessibility-active-since';
const HIDDEN_KEY = 'accessibility-hidden-at';
const AWAY_IS_A_BREAK_MS = 5 * 60_000;
const host = document.querySelector<HTMLElement>('[data-break-host]');

function read(key: string): number | null {
  try {
    const value = Number(sessionStorage.getItem(key));
    return value > 0 ? value : null;
  } catch {
    return null;
  }
}
function write(key: string, value: number | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, String(value));
  } catch {
    // the count then restarts on each page
  }
}

let since = read(SINCE_KEY);
const hiddenAt = read(HIDDEN_KEY);
if (since === null || (hiddenAt !== null && Date.now() - hiddenAt > AWAY_IS_A_BREAK_MS)) since = restart();
write(HIDDEN_KEY, null);

function restart(): number {
  const now = Date.now();
  write(SINCE_KEY, now);
  return now;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let wasOn = $settings.get().breakReminders;

function schedule(): void {
  clearTimeout(timer);
  const { breakReminders, breakReminderMinutes } = $settings.get();
  if (!breakReminders) {
    delete host?.dataset.breakDue;
    return hide();
  }
  const due = (since ?? restart()) + breakReminderMinutes * 60_000;
  // When the next reminder is due (epoch ms): says the reminders are running, and when.
  if (host) host.dataset.breakDue = String(due);
  timer = setTimeout(show, Math.max(0, due - Date.now()));
}

function show(): void {
  if (!host || host.querySelector('[data-break-reminder]')) return;
  const minutes = Math.max(1, Math.round((Date.now() - (since ?? Date.now())) / 60_000));
  const card = document.createElement('div');
  card.className = 'card flex flex-col gap-3 p-4';
  card.dataset.breakReminder = '';
  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = 'Time for a short break?';
  const text = document.createElement('p');
  text.className = 'text-sm text-muted';
  text.textContent = `You have been here for ${minutes} minutes. Look away from the screen, stretch, or have a drink of water.`;
  const actions = document.createElement('div');
  actions.className = 'flex flex-wrap gap-2';
  for (const [label, style] of [
    ['Taking a break', 'btn-primary'],
    ['Dismiss', 'btn-ghost'],
  ] as const) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = style;
    button.textContent = label;
    button.addEventListener('click', dismiss);
    actions.append(button);
  }
  card.append(title, text, actions);
  host.append(card);
}

function hide(): void {
  host?.querySelector('[data-break-reminder]')?.remove();
}

/** Either answer starts a new stretch of use; focus goes back to the page, not lost with the note. */
function dismiss(): void {
  const hadFocus = host?.contains(document.activeElement);
  hide();
  since = restart();
  schedule();
  if (hadFocus) document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
}

$settings.subscribe((settings) => {
  if (settings.breakReminders && !wasOn) since = restart();
  wasOn = settings.breakReminders;
  schedule();
});

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') return write(HIDDEN_KEY, Date.now());
  const away = read(HIDDEN_KEY);
  write(HIDDEN_KEY, null);
  if (away !== null && Date.now() - away > AWAY_IS_A_BREAK_MS) {
    hide();
    since = restart();
    schedule();
  }
});

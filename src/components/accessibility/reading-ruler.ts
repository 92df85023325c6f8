/*
 * The reading ruler's movement (markup: ReadingRuler.astro, look: reading.css). Loaded by chrome.ts once
 * the ruler is on. The band follows the pointer and the keyboard focus; while the band itself has focus,
 * ↑/↓ move it one line (Home/End: to the top or bottom of the window), scrolling the page at the edges so
 * a read-only page can be followed with the keyboard alone. A focused element is never dimmed: the band
 * grows over it when they meet, or the tint gets a second hole around it. Nothing is animated.
 */
export {}; // a module, loaded by chrome.ts with import()

const root = document.documentElement;
const band = document.querySelector<HTMLElement>('[data-reading-ruler]');
const tint = document.querySelector<HTMLElement>('[data-ruler-tint]');
const RULER_CLASS = /(?:^|\s)a11y-ruler-(\d)(?=\s|$)/;
/** Room around a focused element for its ring (the strong ring: 3 px outline, 3 px offset, 6 px halo). */
const RING_ROOM = 10;

function lines(): number {
  const match = RULER_CLASS.exec(root.className);
  return match ? Number(match[1]) : 0;
}
function lineHeight(): number {
  return Number.parseFloat(getComputedStyle(document.body).lineHeight) || 24;
}

/** Where the band's top edge should be, from the top of the window; null until something places it (CSS centres it). */
let wanted: number | null = null;
/** The band grows to this height to cover a focused element taller than its lines. */
let coverHeight = 0;
/** Where render() last put the band's top edge (after keeping it in the window). */
let shownTop: number | null = null;

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || active === band) return null;
  return active.matches(':focus-visible') ? active : null;
}

function render(): void {
  if (!band || !tint) return;
  const count = lines();
  if (count === 0) return;
  const windowHeight = window.innerHeight;
  let height = Math.max(count * lineHeight(), coverHeight);
  let bandTop = wanted ?? (windowHeight - height) / 2;
  bandTop = Math.min(Math.max(bandTop, 0), Math.max(windowHeight - height, 0));
  let bandBottom = bandTop + height;

  const points = ['0 0', '100% 0', '100% 100%', '0 100%', '0 0'];
  const hole: string[] = [];
  const focused = focusedElement();
  if (focused) {
    const rect = focused.getBoundingClientRect();
    const [t, b, l, r] = [rect.top - RING_ROOM, rect.bottom + RING_ROOM, rect.left - RING_ROOM, rect.right + RING_ROOM];
    if (b > bandTop && t < bandBottom) {
      // They meet: the band takes the element in, so an even-odd overlap never dims it again.
      bandTop = Math.min(bandTop, t);
      bandBottom = Math.max(bandBottom, b);
      height = bandBottom - bandTop;
    } else if (b > 0 && t < windowHeight) {
      hole.push(`${l}px ${t}px`, `${r}px ${t}px`, `${r}px ${b}px`, `${l}px ${b}px`, `${l}px ${t}px`, `0 ${bandTop}px`);
    }
  }
  points.push(
    `0 ${bandTop}px`,
    `100% ${bandTop}px`,
    `100% ${bandBottom}px`,
    `0 ${bandBottom}px`,
    `0 ${bandTop}px`,
    ...hole,
  );
  tint.style.clipPath = `polygon(evenodd, ${points.join(', ')})`;
  band.style.top = `${bandTop}px`;
  shownTop = bandTop;
  band.style.height = `${height}px`;

  const line = lineHeight();
  const last = Math.max(1, Math.floor(windowHeight / line));
  const now = Math.min(last, Math.max(1, Math.round(bandTop / line) + 1));
  band.setAttribute('aria-valuemax', String(last));
  band.setAttribute('aria-valuenow', String(now));
  band.setAttribute('aria-valuetext', `Line ${now} of ${last} in the window`);
}

let frame = 0;
function schedule(): void {
  if (!frame) {
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }
}

/** Centres the band on a point of the window, at its own height. */
function centreOn(y: number): void {
  followingFocus = false;
  coverHeight = 0;
  wanted = y - (lines() * lineHeight()) / 2;
  schedule();
}

document.addEventListener(
  'pointermove',
  (event) => {
    if (lines() > 0) centreOn(event.clientY);
  },
  { passive: true },
);

/** Whether the band is following the keyboard focus (it then keeps with it while the page scrolls). */
let followingFocus = false;

/** Puts the band over the focused element, grown to take it and its ring in. */
function coverFocus(): void {
  const focused = focusedElement();
  if (!focused) return schedule();
  const rect = focused.getBoundingClientRect();
  const ownHeight = lines() * lineHeight();
  coverHeight = Math.min(rect.height + 2 * RING_ROOM, window.innerHeight);
  const height = Math.max(ownHeight, coverHeight);
  wanted = rect.top + rect.height / 2 - height / 2;
  schedule();
}

document.addEventListener('focusin', (event) => {
  if (lines() === 0 || event.target === band || !(event.target instanceof HTMLElement)) return;
  followingFocus = true;
  // After the browser has brought the element into view (the scroll listener follows a smooth scroll).
  requestAnimationFrame(coverFocus);
});

band?.addEventListener('keydown', (event) => {
  const line = lineHeight();
  const height = Math.max(lines() * line, coverHeight);
  const current = shownTop ?? wanted ?? (window.innerHeight - height) / 2;
  let next: number;
  if (event.key === 'ArrowDown') next = current + line;
  else if (event.key === 'ArrowUp') next = current - line;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = window.innerHeight - height;
  else return;
  event.preventDefault();
  followingFocus = false;
  coverHeight = 0;
  // At the window's edge the page moves under the band instead, one line at a time.
  if (next < 0 && event.key === 'ArrowUp') window.scrollBy({ top: -line, behavior: 'instant' });
  if (next > window.innerHeight - height && event.key === 'ArrowDown')
    window.scrollBy({ top: line, behavior: 'instant' });
  wanted = Math.min(Math.max(next, 0), Math.max(window.innerHeight - height, 0));
  render();
});

window.addEventListener('scroll', () => (followingFocus ? coverFocus() : schedule()), { passive: true });
window.addEventListener('resize', schedule, { passive: true });
document.addEventListener('focusout', schedule);
new MutationObserver(schedule).observe(root, { attributes: true, attributeFilter: ['class', 'style'] });
render();
band?.setAttribute('data-ready', '');

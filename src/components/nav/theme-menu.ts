/*
 * What the theme menu (ThemeToggle.astro) needs script for: saving a choice and saying which one is
 * current (aria-pressed). The menu opens and draws its tick without script; this module starts with the
 * accessibility chrome's script on the person's first touch, key, focus or scroll (load-chrome.js), never
 * before the first paint, and a press on a choice made before that is replayed.
 */
import { parseTheme, readTheme, setTheme, THEME_EVENT } from '#src/lib/theme.ts';

// aria-pressed says which choice is current, for screen readers (the tick is CSS, for the eye).
const mark = (theme = readTheme()) => {
  for (const option of document.querySelectorAll<HTMLElement>('[data-theme-choice]')) {
    option.setAttribute('aria-pressed', String(option.dataset.themeChoice === theme));
  }
};
mark();
document.addEventListener(THEME_EVENT, (event) => mark((event as CustomEvent).detail));
// One listener for every menu on the page.
document.addEventListener('click', (event) => {
  const option = (event.target as Element | null)?.closest?.<HTMLElement>('[data-theme-choice]');
  if (!option) return;
  setTheme(parseTheme(option.dataset.themeChoice));
  option.closest<HTMLElement>('[popover]')?.hidePopover();
});

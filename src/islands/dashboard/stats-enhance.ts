import { GRAPHIC_CONTRAST, TEXT_CONTRAST, readableShade } from '#src/lib/color-contrast.ts';

/**
 * What the stats grid needs from the browser before anyone touches it, without a framework:
 * - each card's entrance plays once when it is scrolled into view (cards already on screen keep the
 *   entrance CSS started at first paint; cards off screen wait, hidden, until seen);
 * - each card's value and sparkline get shades that are readable on the surface actually painted
 *   (an accessibility colour scheme may change it), re-measured when the theme or scheme changes.
 * Safe to call twice on the same grid.
 */
export function enhanceStatsGrid(grid: HTMLElement): void {
  if (grid.dataset.enhanced) return;
  grid.dataset.enhanced = 'true';
  const cards = [...grid.querySelectorAll<HTMLElement>('.stat-card')];
  playEntrancesWhenSeen(cards);
  fitInksToSurface(cards);
}

function playEntrancesWhenSeen(cards: HTMLElement[]) {
  if (typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        (entry.target as HTMLElement).dataset.enter = 'entered';
        observer.unobserve(entry.target);
      }
    },
    { threshold: 0.15 },
  );
  for (const card of cards) {
    const rect = card.getBoundingClientRect();
    if (rect.top < window.innerHeight && rect.bottom > 0) continue;
    card.dataset.enter = 'waiting';
    observer.observe(card);
  }
}

function fitInksToSurface(cards: HTMLElement[]) {
  const paint = () => {
    for (const card of cards) {
      const body = card.querySelector('.stat-card-body');
      const color = card.style.getPropertyValue('--stat-color').trim();
      const surface = body ? getComputedStyle(body).backgroundColor : '';
      // A transparent or unreadable surface says nothing: keep the theme shades the server rendered.
      if (!color || !/^rgb\(|^rgba\((?!.*,\s*0\))/.test(surface)) {
        card.style.removeProperty('--stat-ink');
        card.style.removeProperty('--stat-line');
        continue;
      }
      card.style.setProperty('--stat-ink', readableShade(color, surface, TEXT_CONTRAST));
      card.style.setProperty('--stat-line', readableShade(color, surface, GRAPHIC_CONTRAST));
    }
  };
  paint();
  new MutationObserver(paint).observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', paint);
}

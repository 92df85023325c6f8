/**
 * Motion preferences as the islands need them for JavaScript-driven animation (Chart.js, smooth scrolling).
 * CSS animations read the same switches from the media query and the classes on <html>.
 */

/** The OS setting or the accessibility panel's "reduce motion" switch. */
export function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches || document.documentElement.classList.contains('reduce-motion');
}

/** 2 when the accessibility panel asks for slow animations, else 1. */
export function motionScale(): number {
  if (typeof document === 'undefined') return 1;
  return document.documentElement.classList.contains('slow-animations') ? 2 : 1;
}

export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/**
 * Motion preferences as the islands need them for JavaScript-driven animation (Chart.js, carousel scrolling).
 * They read the classes the settings put on <html> (the head script sets them before first paint, and
 * the system's reduced-motion preference is already their default), so the person's own choice wins.
 * CSS animations read the same classes (src/styles/accessibility.css, dashboard.css).
 */
import { switchClass } from '#domain/vocabulary.ts';

function rootHas(name: string): boolean {
  return typeof document !== 'undefined' && document.documentElement.classList.contains(name);
}

/** The accessibility settings' "Reduce motion" switch (on by default when the system asks for less motion). */
export function prefersReducedMotion(): boolean {
  return rootHas(switchClass('reduceMotion'));
}

/** 0 without motion, 2 when the settings ask for slow animations, else 1: multiply durations by it. */
export function motionScale(): number {
  if (prefersReducedMotion()) return 0;
  return rootHas(switchClass('slowAnimations')) ? 2 : 1;
}

/** Carousels and "scroll to" jump at once when motion is reduced. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'instant' : 'smooth';
}

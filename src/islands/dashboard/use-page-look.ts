import { useEffect, useState } from 'react';

/**
 * A number that changes whenever the page's look may have changed: the theme or accessibility classes
 * and style variables on <html>, or the OS colour scheme. Islands that compute colours re-read them then.
 */
export function usePageLook(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((value) => value + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', bump);
    bump();
    return () => {
      observer.disconnect();
      scheme.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

/** A CSS variable of the page as the browser resolved it, e.g. cssVariable('--muted'). */
export function cssVariable(name: string, element: Element = document.documentElement): string {
  return getComputedStyle(element).getPropertyValue(name).trim();
}

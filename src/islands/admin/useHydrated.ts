import { useEffect, useState } from 'react';

/**
 * True once React has hydrated the island (effects run only then). Astro drops the island's `ssr`
 * attribute as soon as hydration has been *started*, which React finishes later in a transition;
 * an input typed into before that is lost. The island marks its root with data-hydrated, so the
 * journeys (and anything else) can wait for the real moment.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

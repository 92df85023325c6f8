import { useEffect, useState, type RefObject } from 'react';

/**
 * A card's entrance, played once when it is scrolled into view.
 * 'initial': the CSS entrance runs from first paint (cards already on screen, no JavaScript needed);
 * 'waiting': off screen at hydration, hidden until seen; 'entered': seen, the entrance plays now.
 */
export type Entrance = 'initial' | 'waiting' | 'entered';

export function useEntrance(ref: RefObject<Element | null>): Entrance {
  const [entrance, setEntrance] = useState<Entrance>('initial');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const rect = element.getBoundingClientRect();
    if (rect.top < window.innerHeight && rect.bottom > 0) return;
    setEntrance('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setEntrance('entered');
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return entrance;
}

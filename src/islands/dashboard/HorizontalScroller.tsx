import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { scrollBehavior } from './motion.ts';

interface Props {
  /** Names the list, e.g. 'Yearly trends'. */
  label: string;
  children: ReactNode;
  /** While skeletons show, the buttons stay (no layout shift) but do nothing. */
  busy?: boolean;
}

/**
 * A row of cards that scrolls sideways: by touch or trackpad, by the arrow keys once the row has focus,
 * and by the previous/next buttons. It never moves on its own.
 */
export default function HorizontalScroller({ label, children, busy = false }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    setEdges({
      atStart: list.scrollLeft <= 1,
      atEnd: list.scrollLeft + list.clientWidth >= list.scrollWidth - 1,
    });
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [measure, children]);

  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    list.scrollBy({ left: direction * Math.max(240, list.clientWidth * 0.8), behavior: scrollBehavior() });
  };

  return (
    <div>
      <div className="mb-3 flex justify-end gap-2">
        <button
          type="button"
          className="btn-ghost size-10 p-0"
          aria-label={`Scroll ${label.toLowerCase()} back`}
          disabled={busy || edges.atStart}
          onClick={() => scroll(-1)}
        >
          <ChevronLeft aria-hidden="true" size={18} />
        </button>
        <button
          type="button"
          className="btn-ghost size-10 p-0"
          aria-label={`Scroll ${label.toLowerCase()} forward`}
          disabled={busy || edges.atEnd}
          onClick={() => scroll(1)}
        >
          <ChevronRight aria-hidden="true" size={18} />
        </button>
      </div>
      <ul
        ref={listRef}
        className="scroller -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:scroll-px-0 sm:px-0"
        aria-label={label}
        aria-busy={busy || undefined}
        // A scrollable region must be reachable by keyboard so the arrow keys can scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe's scrollable-region-focusable asks for it
        tabIndex={0}
      >
        {children}
      </ul>
    </div>
  );
}

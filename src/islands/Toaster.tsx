import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { $toast, dismissToast, TOAST_DURATION_MS, type Toast } from '../stores/toast-state.ts';

/** SPEC §9: a swipe to the right past 50 px dismisses the toast. */
export const SWIPE_THRESHOLD_PX = 50;

export function swipeDismisses(distancePx: number): boolean {
  return distancePx > SWIPE_THRESHOLD_PX;
}

/** Shows the one current toast of src/stores/toast.ts (a new toast replaces the one shown). */
export function Toaster() {
  const current = useStore($toast);
  return current ? <ToastCard key={current.id} toast={current} /> : null;
}

function ToastCard({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);

  // 5000 ms on screen; the time starts again after the pointer or focus leaves it, so it can be read.
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(dismissToast, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button')) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerEnd = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (swipeDismisses(offset)) dismissToast();
    else setOffset(0);
    setPaused(false);
  };

  const destructive = toast.variant === 'destructive';
  return (
    <div
      className={`toast pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-11 shadow-lg ${
        destructive ? 'toast-destructive' : 'border-line bg-surface text-ink'
      }`}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? Math.max(0.2, 1 - offset / 200) : undefined }}
      data-variant={toast.variant ?? 'default'}
      data-swiping={startX.current !== null ? 'true' : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => startX.current === null && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="text-sm">{toast.description}</p>}
      </div>
      <button type="button" className="toast-close absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md" onClick={dismissToast}>
        <X aria-hidden="true" size={16} />
        <span className="sr-only">Dismiss notification</span>
      </button>
    </div>
  );
}

/** Mounted by src/stores/toast.ts when the first toast is shown, into the region every page has. */
export function mountToaster(): void {
  const container = document.querySelector('#toast-region [data-toast-live]');
  if (container) createRoot(container).render(<Toaster />);
}

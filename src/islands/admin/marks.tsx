import type { LucideIcon } from 'lucide-react';

/*
 * Small coloured marks drawn as SVG. The site's Content-Security-Policy blocks style="" attributes
 * in server-rendered HTML, so a colour or a width that comes from data goes into SVG presentation
 * attributes (fill, width), which the policy allows.
 */

/** A round swatch of a colour (decorative: the colour's name or hex is always written beside it). */
export function Swatch({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 12 12" aria-hidden="true" className="shrink-0">
      <circle cx="6" cy="6" r="5.5" fill={color} className="stroke-line" strokeWidth="1" />
    </svg>
  );
}

/** A KPI's icon on a soft tile of its colour (SPEC §3: the colour is the icon's accent and background). */
export function IconTile({ icon: Icon, color, size = 40 }: { icon: LucideIcon; color: string; size?: number }) {
  return (
    <span className="relative grid shrink-0 place-items-center" data-size={size}>
      <svg width={size} height={size} aria-hidden="true" className="block">
        <rect width={size} height={size} rx="10" fill={color} fillOpacity="0.125" />
      </svg>
      <Icon aria-hidden="true" size={Math.round(size / 2)} color={color} className="absolute" />
    </span>
  );
}

/** A thin progress bar, 0–100; the number is always written beside it. */
export function Bar({ value, className = 'w-16' }: { value: number; className?: string }) {
  const width = Math.max(0, Math.min(100, value));
  return (
    <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" className={`block h-1.5 ${className}`}>
      <rect width="100" height="6" rx="3" className="fill-surface-2 stroke-line" strokeWidth="0.5" />
      <rect width={width} height="6" rx="3" className="fill-accent-text" />
    </svg>
  );
}

/** Status colours as classes (never style=""): SPEC §4's yellow, red, green, and grey for the rest. */
const STATUS_FILL: Record<string, string> = {
  planned: 'fill-(--status-planned)',
  active: 'fill-(--status-active)',
  completed: 'fill-(--status-completed)',
};

export function StatusDot({ status }: { status: string }) {
  return (
    <svg width="8" height="8" viewBox="0 0 8 8" aria-hidden="true" className="shrink-0">
      <circle cx="4" cy="4" r="4" className={STATUS_FILL[status] ?? 'fill-(--status-unknown)'} />
    </svg>
  );
}

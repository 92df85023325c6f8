import {
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useDelayGroup,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useEffect, useState, type CSSProperties } from 'react';
import type { StatItem } from '#src/lib/dashboard-types.ts';
import { statCardColors } from '#src/lib/stat-card-colors.ts';
import { kpiIcon } from '#src/islands/kpi-icons.ts';
import Sparkline from './Sparkline.tsx';

/** SPEC §9: the tooltip sits 4 px from its card. */
const TOOLTIP_OFFSET = 4;

interface Props {
  stat: StatItem;
  /** Position in the grid: the entrance is delayed 0.1 s per position. */
  index: number;
}

/** One stat: icon, name, value, optional change and sparkline; its tooltip opens on hover (after the group's delay) or keyboard focus. */
export default function StatCard({ stat, index }: Props) {
  const [open, setOpen] = useState(false);
  const tooltip = stat.tooltip?.trim() || '';
  const hasTooltip = tooltip.length > 0;
  // Ids from the stat itself, not useId: the server's markup and the late hydration must agree.
  const nameId = `stat-name-${stat.id}`;

  const { refs, floatingStyles, context, elements } = useFloating({
    open: open && hasTooltip,
    onOpenChange: setOpen,
    placement: 'top',
    middleware: [offset(TOOLTIP_OFFSET), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  // The group (StatsGrid) holds SPEC's 700 ms open delay and its 300 ms skip-delay window.
  const { delay } = useDelayGroup(context, { id: stat.id });
  const hover = useHover(context, { enabled: hasTooltip, delay });
  const focus = useFocus(context, { enabled: hasTooltip });
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'tooltip' });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role]);

  // The grid comes alive on the first hover or focus; the card that caused it must not need a second one.
  useEffect(() => {
    const reference = elements.domReference;
    if (!hasTooltip || !reference) return;
    if (reference.matches(':focus-visible')) {
      setOpen(true);
      return;
    }
    if (!reference.matches(':hover')) return;
    const openDelay = typeof delay === 'number' ? delay : (delay?.open ?? 0);
    const timer = window.setTimeout(() => reference.matches(':hover') && setOpen(true), openDelay);
    return () => window.clearTimeout(timer);
    // Once, when the card first becomes interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [elements.domReference]);

  const { Icon, known } = kpiIcon(stat.icon);
  const style = { '--i': index, ...statCardColors(stat.color) } as CSSProperties;

  return (
    <li className="stat-card" style={style}>
      <div
        ref={refs.setReference}
        className="stat-card-body card flex h-full flex-col gap-3 p-4 sm:p-5"
        data-stat-card={stat.id}
        // The tooltip must open from the keyboard too (WCAG 1.4.13), so the card takes focus when it has one.
        tabIndex={hasTooltip ? 0 : undefined}
        // A name on a plain div is announced by nothing: the group role carries it (the tooltip describes the group).
        role={hasTooltip ? 'group' : undefined}
        aria-labelledby={hasTooltip ? nameId : undefined}
        {...getReferenceProps()}
      >
        <div className="flex items-start justify-between gap-2">
          <span className="stat-icon inline-flex size-10 shrink-0 items-center justify-center rounded-xl" data-icon={known ? stat.icon : 'Package'}>
            <Icon aria-hidden="true" size={20} strokeWidth={2} />
          </span>
          <Sparkline data={stat.sparklineData} />
        </div>
        <h3 id={nameId} className="text-sm font-medium text-muted">
          {stat.name}
        </h3>
        <p data-key-figure className="stat-value font-mono text-2xl font-bold leading-none tracking-tight tabular-nums sm:text-3xl">{stat.value}</p>
        {stat.change ? <p className="text-xs text-muted">{stat.change}</p> : null}
        {stat.goal ? (
          <p className="text-xs" data-goal>
            {stat.goal}
          </p>
        ) : null}
      </div>
      {hasTooltip && context.open ? (
        <FloatingPortal>
          <div ref={refs.setFloating} style={floatingStyles} className="stat-tooltip" {...getFloatingProps()}>
            {tooltip}
          </div>
        </FloatingPortal>
      ) : null}
    </li>
  );
}

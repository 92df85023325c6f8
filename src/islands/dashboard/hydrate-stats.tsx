import { hydrateRoot } from 'react-dom/client';
import type { StatItem } from '#src/lib/dashboard-types.ts';
import StatsGrid from './StatsGrid.tsx';

/**
 * Makes the server-rendered stats grid interactive (its tooltips). Loaded on the first hover, focus or touch
 * of the grid, so the dashboard's first screen runs no framework code at all.
 */
export function hydrateStats(root: HTMLElement, stats: StatItem[]): void {
  hydrateRoot(root, <StatsGrid initial={stats} />);
}

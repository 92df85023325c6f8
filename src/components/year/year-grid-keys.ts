/*
 * The year grid's keyboard (ARIA grid, roving tabindex): one tab stop; the arrows move a day (up, down) or a
 * week (left, right), Home and End go to the first and last day. Only on the owner's pages that show a grid.
 */
const STEPS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, ArrowRight: 7, ArrowLeft: -7, Home: -Infinity, End: Infinity };

function setUp(grid: HTMLElement): void {
  if (grid.dataset.keys) return;
  grid.dataset.keys = 'on';
  const cells = [...grid.querySelectorAll<HTMLElement>('[data-day]')].sort((a, b) => a.dataset.day!.localeCompare(b.dataset.day!));
  grid.addEventListener('keydown', (event) => {
    const step = STEPS[event.key];
    const index = cells.indexOf(event.target as HTMLElement);
    if (step === undefined || index === -1) return;
    event.preventDefault();
    const next = cells[Math.max(0, Math.min(cells.length - 1, index + step))]!;
    for (const cell of cells) cell.tabIndex = cell === next ? 0 : -1;
    next.focus();
  });
}

document.querySelectorAll<HTMLElement>('[data-year-grid]').forEach(setUp);

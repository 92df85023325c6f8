import { SPARKLINE, sparklinePaths } from '#src/lib/sparkline.ts';

/**
 * SPEC §9's sparkline: 64×32, line width 2, tension 0.4, no points, axes, legend or tooltip, filled with
 * the card colour at hex alpha 20. Plain SVG, so it is in the server's HTML and costs no chart library.
 * The stroke and fill come from the card's CSS variables (--line, --stat-fill).
 */
export default function Sparkline({ data }: { data: number[] | null | undefined }) {
  const paths = sparklinePaths(data);
  if (!paths) return null;
  return (
    <svg
      className="stat-sparkline shrink-0"
      width={SPARKLINE.width}
      height={SPARKLINE.height}
      viewBox={`0 0 ${SPARKLINE.width} ${SPARKLINE.height}`}
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths.area} fill="var(--stat-fill)" stroke="none" />
      <path
        d={paths.line}
        fill="none"
        stroke="var(--line)"
        strokeWidth={SPARKLINE.lineWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

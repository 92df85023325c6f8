/**
 * A stat card's sparkline as SVG paths, drawn the way Chart.js draws a line with `tension`
 * (its cardinal `splineCurve`), so a 64×32 line needs no chart library and no JavaScript.
 */

export interface SparklineOptions {
  width: number;
  height: number;
  /** Chart.js `tension`: 0 is straight segments, 0.4 is SPEC's gentle curve. */
  tension: number;
  /** Stroke width; the line is inset by half of it so it is never clipped. */
  lineWidth: number;
}

/** SPEC §9: a 64 by 32 box, line width 2, tension 0.4. */
export const SPARKLINE: SparklineOptions = { width: 64, height: 32, tension: 0.4, lineWidth: 2 };

interface Point {
  x: number;
  y: number;
}

const round = (value: number) => Math.round(value * 100) / 100;
const fmt = ({ x, y }: Point) => `${round(x)} ${round(y)}`;

/** Numbers only; null when there is nothing to draw. */
export function sparklinePoints(data: readonly unknown[] | null | undefined, options: SparklineOptions = SPARKLINE): Point[] | null {
  const values = (data ?? []).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (values.length === 0) return null;
  const inset = options.lineWidth / 2;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const top = inset;
  const bottom = options.height - inset;
  // One value is drawn as a flat line across the box, like a chart with two equal points.
  const series = values.length === 1 ? [values[0]!, values[0]!] : values;
  const step = options.width / (series.length - 1);
  return series.map((value, index) => ({
    x: index * step,
    // Higher is up; a flat series sits in the middle.
    y: span === 0 ? options.height / 2 : bottom - ((value - min) / span) * (bottom - top),
  }));
}

/** The stroke path and the filled area under it (closed along the bottom edge). */
export function sparklinePaths(
  data: readonly unknown[] | null | undefined,
  options: SparklineOptions = SPARKLINE,
): { line: string; area: string } | null {
  const points = sparklinePoints(data, options);
  if (!points) return null;
  const controls = points.map((point, index) =>
    splineCurve(points[index - 1] ?? point, point, points[index + 1] ?? point, options.tension, options),
  );
  let line = `M${fmt(points[0]!)}`;
  for (let index = 1; index < points.length; index++) {
    line += ` C${fmt(controls[index - 1]!.next)} ${fmt(controls[index]!.previous)} ${fmt(points[index]!)}`;
  }
  const last = points[points.length - 1]!;
  const area = `${line} L${fmt({ x: last.x, y: options.height })} L${fmt({ x: points[0]!.x, y: options.height })} Z`;
  return { line, area };
}

/** Chart.js helpers.curve `splineCurve`, with its control points kept inside the box (capBezierPoints). */
function splineCurve(previous: Point, current: Point, next: Point, tension: number, box: SparklineOptions) {
  const d01 = Math.hypot(current.x - previous.x, current.y - previous.y);
  const d12 = Math.hypot(next.x - current.x, next.y - current.y);
  const total = d01 + d12;
  const s01 = total ? d01 / total : 0;
  const s12 = total ? d12 / total : 0;
  const fa = tension * s01;
  const fb = tension * s12;
  const clamp = ({ x, y }: Point): Point => ({
    x: Math.min(box.width, Math.max(0, x)),
    y: Math.min(box.height - box.lineWidth / 2, Math.max(box.lineWidth / 2, y)),
  });
  return {
    previous: clamp({ x: current.x - fa * (next.x - previous.x), y: current.y - fa * (next.y - previous.y) }),
    next: clamp({ x: current.x + fb * (next.x - previous.x), y: current.y + fb * (next.y - previous.y) }),
  };
}

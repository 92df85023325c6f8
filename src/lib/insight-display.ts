import type { InsightCard, InsightSeries, TagContrast } from '#api/services/insights.ts';

/*
 * The words and chart of an insight card (issue 30, item 4): calm, plain, never a verdict. Everything here
 * reads the stored card; nothing is computed from the owner's points on page view.
 */

export const INSIGHT_CAVEAT = 'A pattern in your data, not a cause.';

// Made once: toLocaleString with options builds a formatter per call, and a card's chart reads many days.
const FIGURE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
export const figure = (value: number) => FIGURE.format(value);

const lower = (series: InsightSeries) => series.name.toLowerCase();

export function insightTitle(card: InsightCard): string {
  const b = card.lag ? `${card.b.name} the next day` : card.b.name;
  return card.a.kind === 'tag' ? `Tagged “${card.a.name}” and ${lower(card.b)}${card.lag ? ' the next day' : ''}` : `${card.a.name} and ${b}`;
}

/** The pattern in one sentence, for pairs of metrics. */
export function insightSentence(card: InsightCard): string {
  const direction = card.r > 0 ? 'higher' : 'lower';
  const when = card.lag ? `The day after more ${lower(card.a)}` : `On days with more ${lower(card.a)}`;
  return `${when}, ${lower(card.b)} was usually ${direction}${card.r > 0 ? ' too' : ''}.`;
}

/** "On days tagged outdoors your mood averaged 4.1, otherwise 3.4, over 38 days." */
export function contrastSentence(tag: string, lag: 0 | 1, contrast: TagContrast): { before: string; tag: string; after: string } {
  return {
    before: lag ? 'The day after a day tagged ' : 'On days tagged ',
    tag,
    after: ` your ${contrast.name.toLowerCase()} averaged ${figure(contrast.withTag)}, otherwise ${figure(contrast.withoutTag)}, over ${contrast.taggedDays} days.`,
  };
}

export const strength = (r: number) => (Math.abs(r) >= 0.5 ? 'strong' : 'moderate');

export const statsLine = (card: InsightCard) =>
  `n = ${card.n} days · r = ${card.r.toFixed(2)} (${strength(card.r)}, ${card.r > 0 ? 'together' : 'opposite'})${card.lag ? ' · read a day apart' : ''}`;

/** A scatter of the card's days in a 200 × 120 box (with a 6-unit margin), x from a, y from b. */
export function scatterPoints(card: InsightCard): Array<{ x: number; y: number }> {
  const xs = card.days.map(([, x]) => x);
  const ys = card.days.map(([, , y]) => y);
  const scale = (values: number[], size: number, flip: boolean) => {
    const low = Math.min(...values);
    const span = Math.max(...values) - low || 1;
    return (value: number) => {
      const share = (value - low) / span;
      return Math.round((6 + (flip ? 1 - share : share) * (size - 12)) * 10) / 10;
    };
  };
  const sx = scale(xs, 200, false);
  const sy = scale(ys, 120, true);
  // Days with the same two values are one dot: a 1–5 scale would otherwise draw hundreds on a few spots.
  const seen = new Set<string>();
  return card.days.flatMap(([, x, y]) => {
    const point = { x: sx(x), y: sy(y) };
    const key = `${point.x},${point.y}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [point];
  });
}

/** Bar widths (of 100) for a tag's paired metric on days with and without it. */
export function contrastBars(contrast: TagContrast): { withTag: number; withoutTag: number } {
  const top = Math.max(contrast.withTag, contrast.withoutTag) || 1;
  return { withTag: Math.round((contrast.withTag / top) * 100), withoutTag: Math.round((contrast.withoutTag / top) * 100) };
}

export const insightHref = (card: InsightCard) => `/insights/${card.id}`;

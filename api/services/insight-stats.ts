import jStat from 'jstat';

/**
 * The statistics behind insights (docs/decisions/023-insights-goals-and-a-year-at-a-glance.md): Pearson's r of
 * two equally long series, its two-sided p-value from Student's t distribution with n − 2 degrees of freedom,
 * and the Benjamini–Hochberg procedure, which keeps the expected share of false discoveries among all the
 * pairs tested at most q.
 */

/** Pearson's correlation coefficient; null when there are fewer than three pairs or a series never varies. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 3) return null;
  let meanX = 0;
  let meanY = 0;
  for (let i = 0; i < n; i++) {
    meanX += xs[i]!;
    meanY += ys[i]!;
  }
  meanX /= n;
  meanY /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - meanX;
    const dy = ys[i]! - meanY;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  // Rounding can push a perfect correlation a hair past ±1.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** The two-sided p-value of r over n pairs: t = r·√((n−2)/(1−r²)) against Student's t with n − 2 degrees of freedom. */
export function correlationPValue(r: number, n: number): number {
  if (n < 3) return 1;
  if (Math.abs(r) >= 1) return 0;
  const df = n - 2;
  const t = Math.abs(r) * Math.sqrt(df / (1 - r * r));
  return Math.min(1, 2 * (1 - jStat.studentt.cdf(t, df)));
}

/**
 * Benjamini–Hochberg at level q: which of the p-values are discoveries. With the p-values sorted, the largest
 * rank k whose p-value is at most k·q/m, and every p-value ranked at or before it, are kept.
 */
export function benjaminiHochberg(pValues: readonly number[], q: number): boolean[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  let cutoff = -1;
  order.forEach(({ p }, rank) => {
    if (p <= ((rank + 1) * q) / m) cutoff = rank;
  });
  const kept = new Array<boolean>(m).fill(false);
  for (let rank = 0; rank <= cutoff; rank++) kept[order[rank]!.index] = true;
  return kept;
}

import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, correlationPValue, pearson } from './insight-stats.ts';

describe('pearson', () => {
  it('matches the textbook example', () => {
    // Means 3 and 4; Σdxdy = 6, Σdx² = 10, Σdy² = 6: r = 6/√60.
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(6 / Math.sqrt(60), 12);
  });

  it('is 1 and −1 for straight lines and symmetric in its arguments', () => {
    expect(pearson([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(pearson([1, 2, 3, 4], [8, 6, 4, 2])).toBe(-1);
    expect(pearson([3, 1, 4, 1, 5], [9, 2, 6, 5, 3])).toBeCloseTo(pearson([9, 2, 6, 5, 3], [3, 1, 4, 1, 5])!, 15);
  });

  it('has no answer for a series that never varies or fewer than three pairs', () => {
    expect(pearson([1, 1, 1, 1], [1, 2, 3, 4])).toBeNull();
    expect(pearson([1, 2], [2, 1])).toBeNull();
  });
});

describe('correlationPValue', () => {
  it('is 0.05 where t reaches the two-sided 5 % critical value', () => {
    // t(0.975; 3) = 3.182446 and t(0.975; 28) = 2.048407 (every t table): r = t/√(t² + df).
    expect(correlationPValue(3.182446 / Math.sqrt(3.182446 ** 2 + 3), 5)).toBeCloseTo(0.05, 5);
    expect(correlationPValue(2.048407 / Math.sqrt(2.048407 ** 2 + 28), 30)).toBeCloseTo(0.05, 5);
    expect(correlationPValue(-2.048407 / Math.sqrt(2.048407 ** 2 + 28), 30)).toBeCloseTo(0.05, 5);
  });

  it('matches the textbook example and its edges', () => {
    // r = 0.7746 over 5 pairs: t = 2.1213 on 3 degrees of freedom, p = 0.1240.
    expect(correlationPValue(6 / Math.sqrt(60), 5)).toBeCloseTo(0.124, 3);
    expect(correlationPValue(0, 50)).toBeCloseTo(1, 6);
    expect(correlationPValue(1, 20)).toBe(0);
  });
});

describe('benjaminiHochberg', () => {
  it('keeps the four discoveries of Benjamini and Hochberg’s own example at q = 0.05', () => {
    const p = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1];
    expect(benjaminiHochberg(p, 0.05)).toEqual(p.map((_, index) => index < 4));
  });

  it('steps up: a p-value over its own threshold is kept when a larger one passes', () => {
    // m = 2, q = 0.05: 0.03 > 0.025, yet 0.04 ≤ 0.05 keeps both.
    expect(benjaminiHochberg([0.04, 0.03], 0.05)).toEqual([true, true]);
    expect(benjaminiHochberg([0.04, 0.06], 0.05)).toEqual([false, false]);
  });

  it('answers in the order it was given', () => {
    expect(benjaminiHochberg([0.2, 0.01, 0.04, 0.03], 0.1)).toEqual([false, true, true, true]);
    expect(benjaminiHochberg([], 0.1)).toEqual([]);
  });
});

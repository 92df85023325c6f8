import { describe, expect, it } from 'vitest';
import { swipeDismisses } from './Toaster.tsx';

describe('the toast swipe', () => {
  it('dismisses only past 50 px to the right', () => {
    expect(swipeDismisses(50)).toBe(false);
    expect(swipeDismisses(51)).toBe(true);
    expect(swipeDismisses(-80)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { digitsAt, isSettled, SETTLE_STEPS } from './not-found-digits';

describe('404 digits', () => {
  it('spin randomly, then settle left to right on 4 0 4', () => {
    expect(digitsAt(0, () => 0.75)).toEqual([7, 7, 7]);
    expect(digitsAt(SETTLE_STEPS[0], () => 0.75)).toEqual([4, 7, 7]);
    expect(digitsAt(SETTLE_STEPS[1], () => 0.75)).toEqual([4, 0, 7]);
    expect(digitsAt(SETTLE_STEPS[2], () => 0.75)).toEqual([4, 0, 4]);
    expect(isSettled(SETTLE_STEPS[2] - 1)).toBe(false);
    expect(isSettled(SETTLE_STEPS[2])).toBe(true);
  });
});

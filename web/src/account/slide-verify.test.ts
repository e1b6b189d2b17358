import { describe, expect, it } from 'vitest';
import { clampTolerance, isHumanTrail, randomTarget, verifySlide } from './slide-verify';

describe('slide verification', () => {
  it('clamps the tolerance to 1..10 with 5 as default', () => {
    expect(clampTolerance(undefined)).toBe(5);
    expect(clampTolerance(0)).toBe(1);
    expect(clampTolerance(3)).toBe(3);
    expect(clampTolerance(50)).toBe(10);
    expect(clampTolerance(Number.NaN)).toBe(5);
  });
  it('needs a trail that moves vertically', () => {
    expect(isHumanTrail([])).toBe(false);
    expect(isHumanTrail([10])).toBe(false);
    expect(isHumanTrail([10, 10, 10, 10])).toBe(false);
    expect(isHumanTrail([10, 10, 11, 10])).toBe(true);
  });
  it('passes only within tolerance and with a human trail', () => {
    const trail = [100, 101, 99];
    expect(verifySlide({ target: 120, position: 123, trail, tolerance: 3 })).toBe('ok');
    expect(verifySlide({ target: 120, position: 124, trail, tolerance: 3 })).toBe('miss');
    expect(verifySlide({ target: 120, position: 116, trail })).toBe('ok');
    expect(verifySlide({ target: 120, position: 120, trail: [5, 5, 5] })).toBe('robot');
  });
  it('places the gap away from the start', () => {
    expect(randomTarget(310, 40, () => 0)).toBe(60);
    expect(randomTarget(310, 40, () => 1)).toBe(270);
  });
});

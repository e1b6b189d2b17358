import { beforeEach, describe, expect, it } from 'vitest';
import { needsSlider, remainingSeconds, useAccount } from './store';

describe('account store', () => {
  beforeEach(() =>
    useAccount.setState({ cooldownEndsAt: { register: null, reset: null }, loginFailures: 0 }),
  );

  it('counts down whole seconds from the end timestamp', () => {
    expect(remainingSeconds(null, 1000)).toBe(0);
    expect(remainingSeconds(61_000, 1000)).toBe(60);
    expect(remainingSeconds(61_000, 1001)).toBe(60);
    expect(remainingSeconds(61_000, 60_001)).toBe(1);
    expect(remainingSeconds(61_000, 61_000)).toBe(0);
    expect(remainingSeconds(61_000, 99_000)).toBe(0);
  });

  it('keeps separate register and reset cooldowns', () => {
    useAccount.getState().startCooldown('register', 60, 1000);
    useAccount.getState().startCooldown('reset', 90, 1000);
    expect(useAccount.getState().cooldownEndsAt).toEqual({ register: 61_000, reset: 91_000 });
  });

  it('requires the slider from the fifth failure until a success', () => {
    for (let i = 0; i < 4; i++) useAccount.getState().loginFailed();
    expect(needsSlider(useAccount.getState().loginFailures)).toBe(false);
    useAccount.getState().loginFailed();
    expect(needsSlider(useAccount.getState().loginFailures)).toBe(true);
    useAccount.getState().loginSucceeded();
    expect(needsSlider(useAccount.getState().loginFailures)).toBe(false);
  });
});

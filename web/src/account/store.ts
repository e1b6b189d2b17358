// Account state that must outlive the dialog: e-mail cooldowns (as end timestamps) and failed-login count.
import { useEffect, useState } from 'react';
import { create } from 'zustand';

export const REGISTER_COOLDOWN_S = 60;
export const RESET_COOLDOWN_S = 90;
export const LOGIN_FAILURES_BEFORE_SLIDER = 5;

export type CooldownKind = 'register' | 'reset';

interface AccountState {
  cooldownEndsAt: Record<CooldownKind, number | null>;
  loginFailures: number;
  /** The username just registered: the login form opens with it (issue #16). */
  registeredUsername: string | null;
  setRegisteredUsername(username: string | null): void;
  startCooldown(kind: CooldownKind, seconds: number, now?: number): void;
  clearCooldown(kind: CooldownKind): void;
  loginFailed(): void;
  loginSucceeded(): void;
}

export const useAccount = create<AccountState>((set) => ({
  cooldownEndsAt: { register: null, reset: null },
  loginFailures: 0,
  registeredUsername: null,
  setRegisteredUsername: (registeredUsername) => set({ registeredUsername }),
  startCooldown: (kind, seconds, now = Date.now()) =>
    set((s) => ({ cooldownEndsAt: { ...s.cooldownEndsAt, [kind]: now + seconds * 1000 } })),
  clearCooldown: (kind) => set((s) => ({ cooldownEndsAt: { ...s.cooldownEndsAt, [kind]: null } })),
  loginFailed: () => set((s) => ({ loginFailures: s.loginFailures + 1 })),
  loginSucceeded: () => set({ loginFailures: 0 }),
}));

export const needsSlider = (failures: number): boolean => failures >= LOGIN_FAILURES_BEFORE_SLIDER;

/** Whole seconds left until `endsAt` (0 when over or never started). */
export function remainingSeconds(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** Seconds left on a cooldown, re-rendering every second while it runs. */
export function useCooldown(kind: CooldownKind): number {
  const endsAt = useAccount((s) => s.cooldownEndsAt[kind]);
  const [now, setNow] = useState(() => Date.now());
  const left = remainingSeconds(endsAt, now);
  useEffect(() => {
    setNow(Date.now());
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return left;
}

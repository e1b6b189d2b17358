// The 404 page's digits: each spins through random values every step, then settles, left to right.
export const DIGIT_STEP_MS = 30;
export const TARGET_DIGITS = [4, 0, 4] as const;
/** Step at which each digit stops spinning. */
export const SETTLE_STEPS = [20, 35, 50] as const;

export function digitsAt(step: number, random: () => number = Math.random): number[] {
  return TARGET_DIGITS.map((target, i) =>
    step >= (SETTLE_STEPS[i] ?? 0) ? target : Math.floor(random() * 10),
  );
}

export const isSettled = (step: number): boolean => step >= SETTLE_STEPS[SETTLE_STEPS.length - 1]!;

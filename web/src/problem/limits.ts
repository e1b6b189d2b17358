// Time/memory limits as shown: doubled for languages other than C/C++ (spec §9),
// except Codeforces/Gym problems, whose limits are shown as given.
export interface Limits {
  timeMs: number;
  memoryMb: number;
}

export function isCFamily(language: string | null | undefined): boolean {
  if (!language) return true;
  return /^C(\+\+)?(\s|$)/.test(language.trim());
}

export function shownLimits(problemId: string, language: string | null | undefined, base: Limits): Limits {
  const remoteCf = /^(CF|GYM)-/i.test(problemId);
  if (remoteCf || isCFamily(language)) return base;
  return { timeMs: base.timeMs * 2, memoryMb: base.memoryMb * 2 };
}

// The time limit of an ICPC/Kattis package (docs/compat.md K6). The `.timelimit` file in the
// problem's root (what problemtools and DOMjudge write) wins, then `limits.time_limit`; with
// neither the limit is derived at import from the package's accepted solutions, as problemtools
// does: each runs under a generous cap, and the slowest one's time × the multiplier, rounded as
// the format version says, is the limit:
// - legacy `limits.time_multiplier` (default 5): whole seconds, rounded half up, at least 1 s;
// - 2023-07 `limits.time_multipliers.ac_to_time_limit` (default 2): rounded up to a multiple of
//   `limits.time_resolution` (default 1 s), at least one step.
// The safety margins (legacy `time_safety_margin`, 2023-07 `time_limit_to_tle`) only widen the
// range in which problemtools calls a verdict time-sensitive; this judge gives one verdict under
// the limit, so they are read (and refused when malformed) but not applied.
import type { TimeLimitRule } from '../types';

type Yaml = Record<string, unknown>;

/** The cap the accepted solutions run under while the limit is derived (ms). */
export const DERIVE_CAP_MS = 10_000;
/** The longest limit a derivation gives (the judge's own maximum, ms). */
export const MAX_TIME_MS = 60_000;

const positive = (v: unknown, fallback: number, name: string, refuse: (why: string) => never): number => {
  if (v === undefined || v === null) return fallback;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n) || n <= 0) refuse(`limits 中的 ${name} 必须是正数`);
  return n;
};

export interface PackageTimeLimit {
  /** A limit the package gives (ms), or null: derive it by `rule`. */
  fixedMs: number | null;
  rule: TimeLimitRule;
}

export function readTimeLimit(
  limits: Yaml,
  timelimitFile: string | undefined,
  modern: boolean,
  refuse: (why: string) => never,
): PackageTimeLimit {
  let rule: TimeLimitRule;
  if (modern) {
    const m = (limits.time_multipliers as Yaml | undefined) ?? {};
    if (typeof m !== 'object' || Array.isArray(m)) refuse('limits.time_multipliers 必须是映射');
    rule = {
      multiplier: positive(m.ac_to_time_limit, 2, 'time_multipliers.ac_to_time_limit', refuse),
      resolution: positive(limits.time_resolution, 1, 'time_resolution', refuse),
    };
    positive(m.time_limit_to_tle, 1.5, 'time_multipliers.time_limit_to_tle', refuse);
  } else {
    rule = { multiplier: positive(limits.time_multiplier, 5, 'time_multiplier', refuse), resolution: null };
    positive(limits.time_safety_margin, 2, 'time_safety_margin', refuse);
  }
  let seconds: number | null = null;
  if (timelimitFile !== undefined) {
    seconds = Number(timelimitFile.trim());
    if (!Number.isFinite(seconds) || seconds <= 0)
      refuse(`.timelimit 文件内容不是正数：${timelimitFile.trim().slice(0, 40)}`);
  } else if (limits.time_limit !== undefined && limits.time_limit !== null)
    seconds = positive(limits.time_limit, 0, 'time_limit', refuse);
  return {
    fixedMs: seconds === null ? null : Math.min(MAX_TIME_MS, Math.max(1, Math.round(seconds * 1000))),
    rule,
  };
}

/** The limit (ms) the slowest accepted solution's time (ms) gives under the rule. */
export function derivedTimeLimitMs(slowestMs: number, rule: TimeLimitRule): number {
  const exact = (slowestMs / 1000) * rule.multiplier;
  const seconds =
    rule.resolution === null
      ? Math.max(1, Math.floor(0.5 + exact))
      : // the small slack keeps 0.3 × 2 / 0.2 from rounding up to 4 steps
        Math.max(1, Math.ceil(exact / rule.resolution - 1e-9)) * rule.resolution;
  return Math.min(MAX_TIME_MS, Math.max(1, Math.round(seconds * 1000)));
}

// Slices of the statistics pie (statuses wa, ce, ac, pa, tle, mle, re, pe, se).
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { COUNT_FIELDS, type CountField, type Counts } from './types';

export const STATUS_OF_FIELD: Record<CountField, number> = {
  ac: JudgeStatus.ACCEPTED,
  wa: JudgeStatus.WRONG_ANSWER,
  tle: JudgeStatus.TIME_LIMIT_EXCEEDED,
  mle: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  re: JudgeStatus.RUNTIME_ERROR,
  pe: JudgeStatus.PRESENTATION_ERROR,
  ce: JudgeStatus.COMPILE_ERROR,
  se: JudgeStatus.SYSTEM_ERROR,
  pa: JudgeStatus.PARTIAL_ACCEPTED,
};

export interface PieSlice {
  field: CountField;
  count: number;
  fraction: number;
  /** Angles in radians, clockwise from 12 o'clock. */
  start: number;
  end: number;
}

export function pieSlices(counts: Partial<Counts>): PieSlice[] {
  const entries = COUNT_FIELDS.map((field) => ({ field, count: Math.max(0, counts[field] ?? 0) })).filter(
    (e) => e.count > 0,
  );
  const sum = entries.reduce((s, e) => s + e.count, 0);
  let angle = 0;
  return entries.map((e) => {
    const fraction = e.count / sum;
    const start = angle;
    angle += fraction * 2 * Math.PI;
    return { ...e, fraction, start, end: angle };
  });
}

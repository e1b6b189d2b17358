/** Judge statuses (reference/api/core.md §1.1). */
export const JudgeStatus = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN_RESULT: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
} as const;
export type JudgeStatus = (typeof JudgeStatus)[keyof typeof JudgeStatus];

export const JUDGE_STATUS_VALUES = Object.values(JudgeStatus) as JudgeStatus[];

/** Statuses a client keeps waiting on. */
export const RUNNING_STATUSES: readonly JudgeStatus[] = [
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
];

export function isRunningStatus(s: number): boolean {
  return (RUNNING_STATUSES as readonly number[]).includes(s);
}

/** Short codes used in charts and tables. */
export const JudgeStatusShort: Partial<Record<JudgeStatus, string>> = {
  [JudgeStatus.ACCEPTED]: 'ac',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'pa',
  [JudgeStatus.COMPILE_ERROR]: 'ce',
  [JudgeStatus.SYSTEM_ERROR]: 'se',
  [JudgeStatus.SUBMITTED_FAILED]: 'sf',
  [JudgeStatus.SUBMITTED_UNKNOWN_RESULT]: 'snr',
  [JudgeStatus.WRONG_ANSWER]: 'wa',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'tle',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'mle',
  [JudgeStatus.RUNTIME_ERROR]: 're',
  [JudgeStatus.PRESENTATION_ERROR]: 'pe',
};

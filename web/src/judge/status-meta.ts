// How each judge status is named and coloured on screen.
import { JudgeStatus } from '@oj/protocol/enums/judge-status';

/** i18n keys under `status.` (the same keys exist in both locales). */
export const STATUS_KEYS: Record<number, string> = {
  [JudgeStatus.NOT_SUBMITTED]: 'status.notSubmitted',
  [JudgeStatus.SUBMITTED_UNKNOWN_RESULT]: 'status.unknownResult',
  [JudgeStatus.CANCELLED]: 'status.cancelled',
  [JudgeStatus.PRESENTATION_ERROR]: 'status.presentationError',
  [JudgeStatus.COMPILE_ERROR]: 'status.compileError',
  [JudgeStatus.WRONG_ANSWER]: 'status.wrongAnswer',
  [JudgeStatus.ACCEPTED]: 'status.accepted',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'status.timeLimitExceeded',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'status.memoryLimitExceeded',
  [JudgeStatus.RUNTIME_ERROR]: 'status.runtimeError',
  [JudgeStatus.SYSTEM_ERROR]: 'status.systemError',
  [JudgeStatus.PENDING]: 'status.pending',
  [JudgeStatus.COMPILING]: 'status.compiling',
  [JudgeStatus.JUDGING]: 'status.judging',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'status.partialAccepted',
  [JudgeStatus.SUBMITTING]: 'status.submitting',
  [JudgeStatus.SUBMITTED_FAILED]: 'status.submittedFailed',
};

export function statusKey(status: number): string {
  return STATUS_KEYS[status] ?? 'status.unknownResult';
}

/** CSS colour class per status (defined in judge/judge.css). */
export function statusTone(status: number): 'ac' | 'wa' | 'ce' | 'run' | 'pa' | 'se' | 'none' {
  if (status === JudgeStatus.ACCEPTED) return 'ac';
  if (status === JudgeStatus.PARTIAL_ACCEPTED) return 'pa';
  if (status === JudgeStatus.COMPILE_ERROR || status === JudgeStatus.PRESENTATION_ERROR) return 'ce';
  if (status === JudgeStatus.PENDING || status === JudgeStatus.COMPILING || status === JudgeStatus.JUDGING)
    return 'run';
  if (status === JudgeStatus.SUBMITTING) return 'run';
  if (status === JudgeStatus.SYSTEM_ERROR || status === JudgeStatus.SUBMITTED_FAILED) return 'se';
  if (status === JudgeStatus.NOT_SUBMITTED || status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT) return 'none';
  if (status === JudgeStatus.CANCELLED) return 'none';
  return 'wa';
}

/** Statuses offered by the submission-list filter. */
export const FILTER_STATUSES: readonly number[] = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PENDING,
  JudgeStatus.JUDGING,
  JudgeStatus.SUBMITTED_FAILED,
];

export const formatTime = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '--' : `${ms}ms`;
export function formatMemory(kb: number | null | undefined): string {
  if (kb === null || kb === undefined) return '--';
  return kb >= 1024 ? `${(kb / 1024).toFixed(1)}MB` : `${kb}KB`;
}
export function formatLength(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '--';
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(2)}KB` : `${bytes}B`;
}

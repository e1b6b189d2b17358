/**
 * The final submission statuses as plain constants: no xstate, so a bundle that needs only these
 * (the web client's problem page) leaves the machine library out (issue #16). machine.ts
 * re-exports them next to the machine.
 */
import { JudgeStatus } from '../enums/judge-status';

/** Codes a judging can end with. */
export const FINAL_STATUSES: readonly number[] = [
  JudgeStatus.CANCELLED,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.ACCEPTED,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SUBMITTED_FAILED,
];

/** Statuses an admin may set by hand (the manual-judge dialog's list). */
export const MANUAL_STATUSES: readonly number[] = FINAL_STATUSES.filter(
  (s) => s !== JudgeStatus.CANCELLED && s !== JudgeStatus.COMPILE_ERROR,
);

export function isFinalStatus(status: number): boolean {
  return FINAL_STATUSES.includes(status);
}

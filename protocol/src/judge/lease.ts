/**
 * Leases of judge tasks (issue #11). A runner claims a submission task before judging it
 * (request/reply on `Subjects.judgeTaskClaim`, answered by the judge service from its outbox row)
 * and renews the claim while it works (`Subjects.judgeLease(runner)`), next to the work queue's
 * in-progress acknowledgements. A runner that dies stops renewing: its lease lapses before the
 * queue's ack deadline, so the redelivered task is claimed by the next runner within seconds
 * (4-6 s after the death, then the judging itself). A runner blocked for longer than the slack
 * (deadline - renewal period = 4 s) loses its task to another; its late verdict is then dropped.
 */

/** The work queue's ack deadline for judge tasks: a silent runner's task is redelivered after this. */
export const TASK_ACK_DEADLINE_MS = 6_000;
/** A claim lasts this long unless renewed (shorter than the ack deadline, so a redelivery finds it lapsed). */
export const TASK_LEASE_MS = 5_000;
/** How often a runner acknowledges progress and renews its leases. */
export const TASK_RENEW_EVERY_MS = 2_000;
/**
 * A runner that has put its result on the result queue holds the judging this long more: until the
 * result is stored, a second copy of the task (a sweeper re-queue, a redelivery) must find it held,
 * not lapsed, or it would be judged twice. Stored results remove the hold with the outbox row.
 */
export const TASK_RESULT_HOLD_MS = 30_000;

export interface TaskClaimRequest {
  submitId: number;
  version: number;
  runner: string;
}

/**
 * `judge`: this runner holds the lease now. `drop`: the judging is final or superseded (a newer
 * version), never judge it. `busy`: another runner holds a live lease on it (this delivery is a
 * duplicate; the holder's own delivery comes back if the holder dies).
 */
export type TaskClaimAnswer = 'judge' | 'drop' | 'busy';

export interface JudgeLeaseRenewal {
  runner: string;
  tasks: { submitId: number; version: number }[];
  at: number;
  /** These judgings are over and their results queued: hold them TASK_RESULT_HOLD_MS. */
  judged?: boolean;
}

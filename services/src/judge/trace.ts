// Timestamps along the verdict push path (result consumed → verdict committed → event published →
// gateway → socket), for the verdict-push bench and for diagnosing slow pushes in a live process.
// Built on node:diagnostics_channel: with nobody subscribed a mark costs one boolean check.
import { channel } from 'node:diagnostics_channel';

export const VERDICT_STAGES = [
  /** The live path took the result off the queue. */
  'consumed',
  /** The verdict transaction began (after the row and problem were read). */
  'tx-start',
  /** The verdict row and its cases are committed. */
  'committed',
  /** The domain event was handed to the bus. */
  'published',
  /** Counters, AC record and rank score are applied (the result may now be acked). */
  'settled',
  /** A gateway received the domain event. */
  'gateway-received',
  /** The gateway handed it to socket.io. */
  'emitted',
] as const;
export type VerdictStage = (typeof VERDICT_STAGES)[number];

export interface VerdictMark {
  submitId: number;
  stage: VerdictStage;
  /** performance.now() of this process. */
  at: number;
}

export const verdictTrace = channel('oj.verdict-push');

export function markVerdict(submitId: number, stage: VerdictStage): void {
  if (verdictTrace.hasSubscribers)
    verdictTrace.publish({ submitId, stage, at: performance.now() } satisfies VerdictMark);
}

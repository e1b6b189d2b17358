// Keeping every API process's problem-list cache honest: writes here announce themselves on
// the bus, and each process listens for those and for the verdicts that move counters.
import { Subjects } from '@oj/protocol';
import type { Unsubscribe } from '@oj/protocol/bus';
import type { SubmissionUpdate } from '@oj/protocol/realtime';
import type { AppContext } from '../platform/context';
import type { ProblemListCache } from './list-cache';

/** Called after a write to problems or tags has committed. */
export type ProblemsChanged = () => Promise<void>;

export const noChangeNotice: ProblemsChanged = async () => {};

/** Drops this process's pages at once (so the writer sees its edit), then tells the others. */
export function createChangeNotifier(ctx: AppContext, cache: ProblemListCache): ProblemsChanged {
  return async () => {
    cache.problemsChanged();
    try {
      await ctx.bus.publish(Subjects.problemChanged, { at: Date.now() });
    } catch (err) {
      // The write is stored; other processes catch up when their pages expire.
      ctx.log.warn({ err }, 'could not publish a problem change');
    }
  };
}

/** Whether an update may have moved the public counters (non-contest, not mere progress). */
export const movesCounters = (u: Pick<SubmissionUpdate, 'cid' | 'reason'>): boolean =>
  u.cid === 0 && u.reason !== 'progress';

/** Subscribes the cache to problem changes and submission updates from every process. */
export async function listenForChanges(ctx: AppContext, cache: ProblemListCache): Promise<Unsubscribe[]> {
  const offProblems = await ctx.bus.subscribe(Subjects.problemChanged, () => cache.problemsChanged());
  const offVerdicts = await ctx.bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (u) => {
    if (movesCounters(u)) cache.countsChanged(u.pid);
    // Markers show pending and judging too, so every update of the user's submissions counts.
    cache.userChanged(u.uid);
  });
  return [offProblems, offVerdicts];
}

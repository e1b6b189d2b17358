// Pure rules of the contest submission views (reference §1 contest-submissions and
// check-contest-submissions-status): the upper time bound a viewer sees, and which
// rows have their run figures masked.
import { isRoot, type AuthUser } from '../platform/http/access';
import type { ContestViewFacts } from './ports';

/**
 * The list's upper bound: the seal time while the board is sealed for the viewer, else the
 * end unless after-contest submissions are wanted and allowed; null = no bound.
 */
export function listUpperBound(facts: ContestViewFacts, containsEnd: boolean): Date | null {
  const c = facts.contest;
  if (facts.sealed && c.sealRankTime) return c.sealRankTime;
  if (!(c.allowEndSubmit && containsEnd)) return c.endTime;
  return null;
}

/** While running, other users' time/memory/length are hidden from all but root and the creator. */
export function listMasksOthers(facts: ContestViewFacts, viewer: AuthUser): boolean {
  return facts.status === 0 && !isRoot(viewer) && viewer.uid !== facts.contest.uid;
}

/** The status check returns, while sealed, only submissions made between the start and the seal. */
export function statusCheckShows(facts: ContestViewFacts, submitTime: Date): boolean {
  const c = facts.contest;
  if (!facts.sealed || !c.sealRankTime) return true;
  const t = submitTime.getTime();
  return t >= c.startTime.getTime() && t <= c.sealRankTime.getTime();
}

/** Hides run figures of someone else's submission. */
export function masked<
  T extends { uid: string; time: number | null; memory: number | null; length: number | null },
>(row: T, viewerUid: string, mask: boolean): T {
  return mask && row.uid !== viewerUid ? { ...row, time: null, memory: null, length: null } : row;
}

// Pure training rules: who is a training admin, the training access check (reference §2
// "TAC"), and the rank arithmetic (reference get-training-rank).
import type { TrainingRankCell } from '@oj/protocol/training/schemas';
import { isGroupMember, type GroupStanding } from '../platform/shared-ports';
import { isRoot, type AuthUser } from '../platform/http/access';

export interface TrainingFacts {
  id: number;
  auth: string;
  status: boolean;
  gid: number | null;
  author: string;
  authorUid: string | null;
}

/**
 * Spec part2 §6: the author, a super admin, or the group root of a group training. The author is
 * recognised by the stored uid when known (the reference compares usernames; see compat T1).
 */
export function isTrainingAdmin(
  user: AuthUser | null,
  t: TrainingFacts,
  standing: GroupStanding | null,
): boolean {
  if (!user) return false;
  if (isRoot(user)) return true;
  if (t.authorUid ? t.authorUid === user.uid : t.author === user.username) return true;
  return t.gid !== null && standing === 'root';
}

export type AccessOutcome =
  { ok: true; admin: boolean } | { ok: false; kind: 'missing' | 'not-member' | 'register-first' | 'banned' };

/**
 * The training access check for a logged-in caller: missing/hidden, then group membership
 * (site root passes), then for private trainings admin or an enabled registration.
 */
export function checkTrainingAccess(
  user: AuthUser,
  t: TrainingFacts | null,
  standing: GroupStanding | null,
  registration: { status: boolean } | null,
): AccessOutcome {
  if (!t || !t.status) return { ok: false, kind: 'missing' };
  const admin = isTrainingAdmin(user, t, standing);
  if (t.gid !== null && !isRoot(user) && !(standing && isGroupMember(standing)))
    return { ok: false, kind: 'not-member' };
  if (t.auth === 'Private' && !admin) {
    if (!registration) return { ok: false, kind: 'register-first' };
    if (!registration.status) return { ok: false, kind: 'banned' };
  }
  return { ok: true, admin };
}

/** Whether the caller "is in the training" for its progress (public, admin, or registered). */
export function countsProgress(
  t: TrainingFacts,
  admin: boolean,
  registration: { status: boolean } | null,
): boolean {
  return t.auth !== 'Private' || admin || !!registration?.status;
}

/** Judge statuses the rank reads (PE, CE, WA, AC, TLE, MLE, RE, PA). */
export const RANK_STATUSES: ReadonlySet<number> = new Set([-3, -2, -1, 0, 1, 2, 3, 8]);

export interface RankSubmission {
  submitId: number;
  status: number;
  time: number | null;
  score: number | null;
}

/**
 * One (user, problem) cell from its submissions in creation order: until the first AC each row
 * overwrites status and score; the first AC sets isAC and runTime; later ACs only lower runTime;
 * later non-AC rows are ignored.
 */
export function foldCell(subs: readonly RankSubmission[]): TrainingRankCell | null {
  let cell: TrainingRankCell | null = null;
  for (const s of subs) {
    if (!RANK_STATUSES.has(s.status)) continue;
    if (cell?.isAC) {
      if (s.status === 0 && (s.time ?? 0) < (cell.runTime ?? 0)) cell.runTime = s.time ?? 0;
      continue;
    }
    cell = { status: s.status, score: s.score };
    if (s.status === 0) {
      cell.isAC = true;
      cell.runTime = s.time ?? 0;
    }
  }
  return cell;
}

/** Board order: more accepted first, then less run time, then who appeared first. */
export function compareRows(
  a: { ac: number; totalRunTime: number; first: number },
  b: { ac: number; totalRunTime: number; first: number },
): number {
  return b.ac - a.ac || a.totalRunTime - b.totalRunTime || a.first - b.first;
}

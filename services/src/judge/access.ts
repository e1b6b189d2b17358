// The one place of the judge capability that decides what a viewer may see of a stored
// submission (reference core.md §7, contests §0.6/§0.7), applied by every route that returns
// submissions: the detail, the case results, the public and the contest batch status calls.
// Decisions use the stored row (its uid, cid, time) and the contest's facts for the viewer.
import type { Kysely } from 'kysely';
import type { JudgeView } from '@oj/protocol/submission/schemas';
import type { Database } from '../platform/db/schema';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { denied } from '../platform/http/errors';
import type { ContestViewFacts, ContestViewPort, GroupPort } from './ports';
import * as repo from './repository';
import { JudgeMessages as M } from './messages';
import { CONTEST_RUNNING_ERROR } from './views';

/** Shown instead of the real status of a submission whose result the sealed board hides. */
export const SUBMITTED_UNKNOWN_RESULT = -5;
const OI = 1;

/**
 * What a viewer may see of one submission:
 * - `all`: everything (owner outside contests, contest admins);
 * - `own`: the owner's contest submission (verdict and figures, code);
 * - `others`: someone else's, verdict visible, code hidden, run figures hidden while running;
 * - `sealed`: the verdict is hidden by the sealed board (status -5, no score or figures);
 * - `none`: the viewer may not learn anything about it (contest missing or invisible to them).
 */
export type SubmissionSight = 'all' | 'own' | 'others' | 'sealed' | 'none';

export interface SightRow {
  uid: string;
  cid: number;
  submitTime: Date;
  /** The group of a group submission (its problem's or contest's), else null. */
  gid?: number | null;
}

/** The decision for a contest submission (cid ≠ 0); `facts` null = the contest is gone or invisible. */
export function contestSubmissionSight(
  viewer: AuthUser | null,
  row: SightRow,
  facts: ContestViewFacts | null,
): SubmissionSight {
  if (isRoot(viewer)) return 'all';
  const own = !!viewer && viewer.uid === row.uid;
  if (!facts) return own ? 'own' : 'none';
  if (facts.isContestAdmin) return 'all';
  // Someone the contest's board decision refuses (an unregistered user of a password contest)
  // learns nothing of others' submissions, not even their status or language.
  if (facts.mayRead === false && !own) return 'none';
  const c = facts.contest;
  if (facts.sealed && c.sealRankTime) {
    // OI: the whole result is hidden while sealed, own submissions included (reference);
    // ACM: others' submissions after the seal (the original showed them: docs/compat.md).
    if (c.type === OI) return 'sealed';
    if (!own && row.submitTime.getTime() >= c.sealRankTime.getTime()) return 'sealed';
  }
  if (own) return 'own';
  return 'others';
}

/** May the viewer see the submitter's address? Owner, root, the contest's admins (site admins outside contests). */
export function maySeeIp(viewer: AuthUser | null, row: SightRow, sight: SubmissionSight): boolean {
  if (!viewer) return false;
  if (viewer.uid === row.uid || isRoot(viewer)) return true;
  if (row.cid !== 0) return sight === 'all';
  return isSiteAdmin(viewer);
}

/** Applies a sight to a wire submission (code and error text are the caller's business). */
export function applySight(view: JudgeView, sight: SubmissionSight, running: boolean): JudgeView {
  switch (sight) {
    case 'all':
    case 'own':
      return view;
    case 'others':
      return running
        ? { ...view, code: null, time: null, memory: null, length: null, errorMessage: CONTEST_RUNNING_ERROR }
        : { ...view, code: null };
    case 'sealed':
    case 'none':
      return {
        ...view,
        status: SUBMITTED_UNKNOWN_RESULT,
        score: null,
        time: null,
        memory: null,
        length: null,
        oiRankScore: null,
        code: null,
        errorMessage: null,
        judger: null,
      };
  }
}

/** Contest facts per contest id for one viewer, read once per call. */
export function contestFactsCache(contests: ContestViewPort | undefined, viewer: AuthUser | null) {
  const seen = new Map<number, Promise<ContestViewFacts | null>>();
  return (cid: number): Promise<ContestViewFacts | null> => {
    let f = seen.get(cid);
    if (!f) {
      f = contests ? contests.viewFacts(viewer, cid).catch(() => null) : Promise.resolve(null);
      seen.set(cid, f);
    }
    return f;
  };
}

/**
 * The reading guard: the one decision of what a viewer may see of a stored submission, put
 * around the service's answers by the judge routes (detail, cases, batch status) and asked by the
 * gateway's submission rooms (canWatch), so a socket learns what the REST read shows, no more.
 * A group submission is for the group's members, its submitter and root only (issue #23 item 8).
 */
export function createSubmissionGuard(
  db: Kysely<Database>,
  contests: ContestViewPort | undefined,
  groups?: GroupPort,
) {
  async function inGroup(viewer: AuthUser | null, row: SightRow): Promise<boolean> {
    if (row.gid === null || row.gid === undefined) return true;
    if (!viewer) return false;
    if (isRoot(viewer) || viewer.uid === row.uid) return true;
    return !!(await groups?.isMember(row.gid, viewer.uid));
  }

  async function sightOfRow(
    viewer: AuthUser | null,
    row: SightRow,
    facts: ReturnType<typeof contestFactsCache>,
  ): Promise<{ sight: SubmissionSight; running: boolean }> {
    if (!(await inGroup(viewer, row))) return { sight: 'none', running: false };
    if (row.cid === 0) return { sight: 'all', running: false };
    const f = await facts(row.cid);
    return { sight: contestSubmissionSight(viewer, row, f), running: f?.status === 0 };
  }

  async function sightOf(
    viewer: AuthUser | null,
    view: JudgeView,
    facts: ReturnType<typeof contestFactsCache>,
  ) {
    const row: SightRow = {
      uid: view.uid ?? '',
      cid: view.cid ?? 0,
      gid: view.gid ?? null,
      submitTime: new Date(view.submitTime ?? 0),
    };
    return { row, ...(await sightOfRow(viewer, row, facts)) };
  }

  async function storedSight(viewer: AuthUser | null, submitId: number) {
    const stored = await repo.findSubmission(db, submitId);
    if (!stored) return null;
    const row: SightRow = {
      uid: stored.uid,
      cid: stored.cid,
      gid: stored.gid,
      submitTime: stored.submit_time,
    };
    return { row, ...(await sightOfRow(viewer, row, contestFactsCache(contests, viewer))) };
  }

  return {
    /** The submission detail: refused to those who may not know of it; sealed results masked. */
    async detail<T extends { submission: JudgeView }>(viewer: AuthUser | null, result: T): Promise<T> {
      const facts = contestFactsCache(contests, viewer);
      const { row, sight, running } = await sightOf(viewer, result.submission, facts);
      if (sight === 'none') throw denied(row.cid === 0 ? M.GROUP_LIST_DENIED : M.SUBMISSION_DENIED);
      const submission = applySight(result.submission, sight, running);
      if (!maySeeIp(viewer, row, sight)) submission.ip = null;
      return { ...result, submission };
    },

    /** A batch status map: rows the viewer may not know of are left out, the rest masked. */
    async batch(viewer: AuthUser | null, map: Record<string, JudgeView>): Promise<Record<string, JudgeView>> {
      const facts = contestFactsCache(contests, viewer);
      const out: Record<string, JudgeView> = {};
      for (const [id, view] of Object.entries(map)) {
        const { row, sight, running } = await sightOf(viewer, view, facts);
        if (sight === 'none') continue;
        const shown = applySight(view, sight, running);
        if (!maySeeIp(viewer, row, sight)) shown.ip = null;
        out[id] = shown;
      }
      return out;
    },

    /** Case results: a contest submission's only for those who see all of it; none of a hidden one. */
    async mayReadCases(viewer: AuthUser | null, submitId: number): Promise<boolean> {
      const s = await storedSight(viewer, submitId);
      if (!s) return true;
      return s.row.cid === 0 ? s.sight !== 'none' : s.sight === 'all';
    },

    /**
     * May the viewer watch a submission's room? The REST decision: not a hidden one; of a
     * contest submission only the submitter and those who see all of it (pushes carry verdicts).
     */
    async canWatch(viewer: AuthUser | null, submitId: number): Promise<'ok' | 'not-found' | 'denied'> {
      const s = await storedSight(viewer, submitId);
      if (!s) return 'not-found';
      if (s.sight === 'none') return 'denied';
      if (s.row.cid === 0) return 'ok';
      return s.sight === 'all' || viewer?.uid === s.row.uid ? 'ok' : 'denied';
    },
  };
}

export type SubmissionGuard = ReturnType<typeof createSubmissionGuard>;

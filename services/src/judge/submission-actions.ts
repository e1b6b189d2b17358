// What owners and admins do to a stored submission: share it, resubmit it, rejudge it (one or a
// contest problem's), set its verdict by hand, cancel its judging. A new judging resets the row
// and commits its outbox row in one transaction, then the hand-off queues it (hand-off.ts).
import type { Kysely } from 'kysely';
import { JudgeStatus } from '@oj/protocol';
import { javaRound } from '@oj/protocol/judge/aggregate';
import { nextSubmissionStatus, type SubmissionEvent } from '@oj/protocol/submission/machine';
import type { JudgeView } from '@oj/protocol/submission/schemas';
import type { Database } from '../platform/db/schema';
import type { AuthUser } from '../platform/http/access';
import { denied, fail, notFound } from '../platform/http/errors';
import * as repo from './repository';
import * as outbox from './outbox-repository';
import type { JudgeRow } from './repository';
import { JudgeMessages as M } from './messages';
import { judgeView } from './views';
import { OUTBOX_FIRST_DUE_MS, type Dispatch } from './hand-off';
import { mustFind } from './submission-reads';
import type { JudgeContext } from './service-context';

const S = JudgeStatus;

export function createSubmissionActions(ctx: JudgeContext, dispatch: Dispatch) {
  const { db, problems, publishUpdate } = ctx;

  // ---------- owner actions ----------

  async function share(
    user: AuthUser,
    submitId: number | null | undefined,
    shareIt: boolean | null | undefined,
  ) {
    if (submitId == null || shareIt == null) throw fail(M.SHARE_BAD_PARAMS);
    const row = await mustFind(db, submitId);
    if (row.uid !== user.uid) throw denied(M.SHARE_NOT_OWNER);
    if (row.cid !== 0) throw denied(M.SHARE_CONTEST);
    await repo.updateSubmission(db, submitId, { share: shareIt });
  }

  /** Reset a row for a new judging (rejudge/resubmit) inside a transaction; null when not legal now. */
  async function resetForJudging(
    submitId: number,
    event: Extract<SubmissionEvent, { type: 'REJUDGE' | 'RESUBMIT' }>,
    check: (row: JudgeRow) => void,
  ): Promise<JudgeRow | null> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.lockSubmission(trx, submitId);
      if (!row) throw notFound(M.SUBMISSION_MISSING);
      check(row);
      const next = nextSubmissionStatus(row.status, event);
      if (next === null) return null;
      await repo.deleteCases(trx, submitId);
      if (row.status === S.ACCEPTED && row.cid === 0)
        await repo.removeAccepted(trx, row.uid, row.pid, submitId);
      const reset = await repo.updateSubmission(trx, submitId, {
        status: next,
        version: row.version + 1,
        judger: '',
        is_manual: false,
        time: null,
        memory: null,
        error_message: null,
        score: null,
        oi_rank_score: null,
      });
      await outbox.addJudging(trx, submitId, reset.version, OUTBOX_FIRST_DUE_MS);
      return reset;
    });
  }

  async function resubmit(user: AuthUser, submitId: number): Promise<JudgeView> {
    const row = await resetForJudging(submitId, { type: 'RESUBMIT' }, (r) => {
      if (r.uid !== user.uid) throw denied(M.NOT_OWNER_RESUBMIT);
      if (r.cid !== 0 && !r.is_remote) throw notFound(M.CONTEST_RESUBMIT_LOCAL);
    });
    if (!row) throw fail(M.RESUBMIT_RUNNING);
    return judgeView(await dispatch(row, 'resubmit'));
  }

  // ---------- admin actions ----------

  async function rejudge(submitId: number): Promise<JudgeView> {
    const row = await resetForJudging(submitId, { type: 'REJUDGE' }, () => undefined);
    if (!row) throw fail(M.REJUDGE_FAILED);
    return judgeView(await dispatch(row, 'rejudge'));
  }

  /** Rejudges every submission of problem `pid` in contest `cid` (those not being judged right now). */
  async function rejudgeContestProblem(cid: number, pid: number): Promise<void> {
    const ids = await repo.contestProblemSubmissionIds(db, cid, pid);
    if (ids.length === 0) throw fail(M.CONTEST_REJUDGE_EMPTY);
    const reset: JudgeRow[] = [];
    for (const id of ids) {
      const row = await resetForJudging(id, { type: 'REJUDGE' }, () => undefined);
      if (row) reset.push(row);
    }
    if (reset.length === 0) throw fail(M.CONTEST_REJUDGE_FAILED);
    for (const row of reset) await dispatch(row, 'rejudge');
  }

  async function manualJudge(admin: AuthUser, submitId: number, status: number, score: number | undefined) {
    const problemOf = async (pid: number) => problems.getProblemForJudge(pid);
    const before = await repo.findSubmission(db, submitId);
    if (!before) throw fail(M.ADMIN_SUBMISSION_GONE);
    const problem = await problemOf(before.pid);
    const row = await db.transaction().execute(async (trx) => {
      const r = await repo.lockSubmission(trx, submitId);
      if (!r) throw fail(M.ADMIN_SUBMISSION_GONE);
      if ([S.PENDING, S.COMPILING, S.JUDGING].includes(r.status as 5 | 6 | 7)) throw fail(M.MANUAL_RUNNING);
      if (r.status === S.COMPILE_ERROR) throw fail(M.MANUAL_CE);
      const next = nextSubmissionStatus(r.status, { type: 'MANUAL', status });
      if (next === null) throw fail(M.MANUAL_BAD_STATUS);
      let newScore: number | null = null;
      let rankScore: number | null = null;
      if (problem?.type === 1 && score !== undefined) {
        newScore = Math.max(0, problem.ioScore > 0 ? Math.min(score, problem.ioScore) : score);
        rankScore = javaRound(problem.difficulty * 2 + 0.1 * newScore);
      }
      await moveVerdict(trx, r, next);
      return repo.updateSubmission(trx, submitId, {
        status: next,
        is_manual: true,
        judger: admin.username,
        score: newScore,
        oi_rank_score: rankScore,
        counted_status: next,
      });
    });
    await publishUpdate(row, 'manual');
    return {
      submitId: row.submit_id,
      judger: row.judger,
      status: row.status,
      score: row.score,
      oiRankScore: row.oi_rank_score,
    };
  }

  async function cancelJudge(admin: AuthUser, submitId: number) {
    const row = await db.transaction().execute(async (trx) => {
      const r = await repo.lockSubmission(trx, submitId);
      if (!r) throw fail(M.ADMIN_SUBMISSION_GONE);
      const next = nextSubmissionStatus(r.status, { type: 'CANCEL', hasJudger: !!r.judger });
      if (next === null) throw fail(r.status === S.CANCELLED ? M.CANCEL_ALREADY : M.CANCEL_RUNNING);
      await moveVerdict(trx, r, next);
      return repo.updateSubmission(trx, submitId, {
        status: next,
        score: null,
        oi_rank_score: null,
        is_manual: true,
        judger: admin.username,
        counted_status: next,
      });
    });
    await publishUpdate(row, 'cancel');
    return { submitId: row.submit_id, judger: row.judger, status: row.status };
  }

  /** Problem counters and the AC record follow a verdict change (inside the caller's transaction). */
  async function moveVerdict(trx: Kysely<Database>, row: JudgeRow, next: number): Promise<void> {
    // Problem counters and the AC record count site (cid = 0), non-group submissions only.
    if (row.cid !== 0 || row.gid !== null) return;
    await problems.recordVerdict(row.pid, row.counted_status, next, trx);
    if (next === S.ACCEPTED) await repo.addAccepted(trx, row.uid, row.pid, row.submit_id);
    else if (row.counted_status === S.ACCEPTED || row.status === S.ACCEPTED)
      await repo.removeAccepted(trx, row.uid, row.pid, row.submit_id);
  }

  return { share, resubmit, rejudge, rejudgeContestProblem, manualJudge, cancelJudge };
}

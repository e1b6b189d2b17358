// Reading contest submissions (reference §1 contest-submissions, check-contest-submissions-status).
// The contest capability says who is a contest admin and whether the board is sealed; the
// rules of what those facts hide are in contest-views.ts.
import type { Kysely } from 'kysely';
import { makePage, MAX_PAGE_SIZE, toDateStr, type Page } from '@oj/protocol';
import type { ContestJudgeItem, ContestSubmissionListQuery } from '@oj/protocol/contest/submissions';
import type { JudgeView } from '@oj/protocol/submission/schemas';
import type { Database } from '../platform/db/schema';
import type { AuthUser } from '../platform/http/access';
import { notFound } from '../platform/http/errors';
import { listMasksOthers, listUpperBound, masked, statusCheckShows } from './contest-views';
import { JudgeMessages as M } from './messages';
import type { ContestViewPort } from './ports';
import * as repo from './repository';
import type { JudgeRow } from './repository';
import { statusView } from './views';

const ACM = 0;

export function createContestSubmissionViews(db: Kysely<Database>, contests: ContestViewPort) {
  async function list(user: AuthUser, q: ContestSubmissionListQuery): Promise<Page<ContestJudgeItem>> {
    await contests.checkAccess(user, q.contestID);
    const facts = await contests.viewFacts(user, q.contestID);
    if (!facts) throw notFound(M.CONTEST_MISSING);
    const c = facts.contest;
    const size = Math.min(q.limit !== undefined && q.limit >= 1 ? q.limit : 30, MAX_PAGE_SIZE);
    const current = q.currentPage !== undefined && q.currentPage >= 1 ? q.currentPage : 1;
    const before = listUpperBound(facts, !!q.containsEnd);
    const { rows, total } = await repo.listContestSubmissions(
      db,
      {
        cid: c.id,
        beforeStart: q.beforeContestSubmit,
        startTime: c.startTime,
        uid: q.onlyMine ? user.uid : undefined,
        status: q.status,
        problemId: q.problemID?.trim() || undefined,
        exactProblem: q.completeProblemID ?? false,
        username: q.username?.trim() || undefined,
        before,
        // ACM shows the caller's own later submissions too; OI hides them.
        ownUid: c.type === ACM ? user.uid : null,
      },
      size,
      (current - 1) * size,
    );
    const titles = await contests.displayTitles(c.id);
    const mask = listMasksOthers(facts, user);
    return makePage(
      rows.map((r) => masked(itemOf(r, titles.get(r.cpid) ?? null), user.uid, mask)),
      total,
      size,
      current,
    );
  }

  async function checkStatus(
    user: AuthUser,
    cid: number | null | undefined,
    submitIds: readonly number[],
  ): Promise<Record<string, JudgeView>> {
    if (!cid) throw notFound(M.STATUS_CHECK_CID);
    // The contest access check of the list applies to its status twin too (docs/compat.md X-list).
    await contests.checkAccess(user, cid);
    if (submitIds.length === 0) return {};
    const facts = await contests.viewFacts(user, cid);
    if (!facts) throw notFound(M.CONTEST_MISSING);
    const rows = (await repo.findSubmissions(db, [...new Set(submitIds)])).filter(
      (r) => r.cid === cid && statusCheckShows(facts, r.submit_time),
    );
    return Object.fromEntries(
      rows.map((r) => [
        String(r.submit_id),
        masked(
          {
            ...statusView(r),
            uid: r.uid,
            displayPid: null,
            ip: facts.isContestAdmin || r.uid === user.uid ? r.ip : null,
          },
          user.uid,
          !facts.isContestAdmin,
        ) as JudgeView,
      ]),
    );
  }

  return { list, checkStatus };
}

export type ContestSubmissionViews = ReturnType<typeof createContestSubmissionViews>;

function itemOf(r: Omit<JudgeRow, 'code'>, title: string | null): ContestJudgeItem {
  return {
    uid: r.uid,
    submitId: r.submit_id,
    username: r.username,
    pid: null,
    displayPid: null,
    title,
    displayId: r.display_pid,
    submitTime: toDateStr(r.submit_time)!,
    status: r.status,
    share: r.share,
    time: r.time,
    memory: r.memory,
    score: r.score,
    oiRankScore: null,
    length: r.length,
    language: r.language,
    cid: r.cid,
    cpid: r.cpid,
    source: null,
    judger: r.judger,
    ip: null,
    isManual: r.is_manual,
  };
}

// The scoreboard pages (reference §1): the participants' rank, the outside (public)
// rank, and the admins' .xlsx download, all read from the live in-memory boards.
import { sealedFor } from '@oj/protocol/contest/clock';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, ApiError } from '../platform/http/errors';
import type { ContestContext } from './access';
import { M } from './messages';
import * as repo from './repository';
import { rankSheet } from './rank-export';
import { statusOf, timesOf, type ContestRecordRow } from './rules';
import type { RankPageBody } from './scoreboard-service';
import { pageArgs } from './wire-shapes';
import { writeXlsx } from './xlsx';

export interface RankQuery {
  cid?: number | null;
  currentPage?: number | null;
  limit?: number | null;
  forceRefresh?: boolean | null;
  removeStar?: boolean | null;
  keyword?: string | null;
  containsEnd?: boolean | null;
  concernedList?: string[] | null;
  externalCidList?: number[] | null;
}

export function createRankPages(ctx: ContestContext) {
  const { deps, db, adminOf, cac } = ctx;

  async function boardPage(
    c: ContestRecordRow,
    q: RankQuery,
    viewer: { admin: boolean; forceRefresh: boolean; pinUid: string | null },
  ): Promise<RankPageBody> {
    const now = deps.now();
    const sealed = sealedFor(timesOf(c), now, {
      isContestAdmin: viewer.admin,
      forceRefresh: viewer.forceRefresh,
    });
    const p = pageArgs(q.currentPage, q.limit, 50);
    // The body is built from rows serialized once per board change, and for pages every viewer
    // shares it is built once per board change too (a push brings a burst of fetches).
    const view = {
      sealed,
      containsEnd: c.allowEndSubmit && !!q.containsEnd,
      removeStar: !!q.removeStar,
      pinUid: viewer.pinUid,
      concernedList: q.concernedList ?? [],
      keyword: q.keyword,
      page: p.current,
      size: p.limit,
    };
    // Read on the one process holding the contest's board (here or over the bus), so the page's
    // version is the one the pushed deltas chain from.
    return deps.scoreboards.page(c, view, viewer.forceRefresh && viewer.admin);
  }

  async function rank(user: AuthUser, q: RankQuery) {
    if (!q.cid) throw fail(M.RANK_CID);
    // The contest row comes from the scoreboards' short-lived cache: pushes bring fetch bursts.
    const c = await deps.scoreboards.contest(q.cid);
    if (!c || !c.visible) throw fail(M.CONTEST_MISSING);
    const admin = await cac(user, c);
    return boardPage(c, q, { admin, forceRefresh: !!q.forceRefresh, pinUid: user.uid });
  }

  async function outsideRank(user: AuthUser | null, q: RankQuery) {
    if (!q.cid) throw fail(M.OUTSIDE_CID);
    const c = await deps.scoreboards.contest(q.cid);
    // An invisible contest has no outside board either, but for its admins (docs/compat.md).
    const admin = !!c && (await adminOf(user, c));
    if (!c || (!c.visible && !admin)) throw fail(M.OUTSIDE_MISSING);
    if (!c.openRank) throw denied(M.OUTSIDE_CLOSED);
    if (statusOf(c, deps.now()) === -1) throw denied(M.OUTSIDE_SCHEDULED);
    // A group contest's outside board is for its members (the outside view's decision).
    const refusal = admin ? null : await ctx.outsideRefusal(user, c);
    if (refusal) throw refusal;
    // Only root and the creator may force the real board here (group owners included in the refusal).
    const privileged = !!user && (isRoot(user) || user.uid === c.uid);
    const forceRefresh = user && !privileged ? false : !!q.forceRefresh;
    return boardPage(c, q, { admin: privileged, forceRefresh, pinUid: null });
  }

  /** The rank sheet as .xlsx (reference §1 download-contest-rank); errors are HTTP 400. */
  async function rankXlsx(
    user: AuthUser,
    q: { cid: number; forceRefresh: boolean; removeStar?: boolean; containEnd?: boolean },
  ) {
    const c = await repo.findContest(db, q.cid);
    if (!c) throw new ApiError(400, '错误：该比赛不存在！', 400);
    if (!(await adminOf(user, c))) throw new ApiError(400, '错误：您并非该比赛的管理员，无权下载榜单！', 400);
    const sealed = sealedFor(timesOf(c), deps.now(), { isContestAdmin: true, forceRefresh: q.forceRefresh });
    // containEnd is used as sent (not ANDed with allowEndSubmit), as in the original.
    const { rows, rankShowName } = await deps.scoreboards.rankedRows(
      c,
      { sealed, containsEnd: !!q.containEnd },
      !!q.removeStar,
      q.forceRefresh,
    );
    const displayIds = (await repo.contestProblems(db, c.id)).map((p) => p.display_id);
    const sheet = rankSheet(c.type === 1 ? 1 : 0, rows, displayIds, rankShowName);
    return { fileName: `contest_${c.id}_rank.xlsx`, bytes: writeXlsx('rank', sheet) };
  }

  return { rank, outsideRank, rankXlsx };
}

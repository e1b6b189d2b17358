// The home page's and rank page's numbers read from submissions: the ACM/OI rank list, the last
// seven days' most-accepted users, and the last week's daily submission counts.
import { makePage, type Page } from '@oj/protocol';
import type { RankRow, SubmissionStatistics } from '@oj/protocol/submission/schemas';
import { isRoot, type AuthUser } from '../platform/http/access';
import { fail } from '../platform/http/errors';
import * as repo from './repository';
import { JudgeMessages as M } from './messages';
import { pageArgs, type JudgeContext } from './service-context';

/** "yyyy-MM-dd" of a UTC day. */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export function createRanks(ctx: Pick<JudgeContext, 'db'>) {
  const { db } = ctx;
  let statisticsCache: { at: number; value: SubmissionStatistics } | null = null;

  async function rankList(
    type: number,
    currentPage?: number,
    limit?: number,
    searchUser?: string,
  ): Promise<Page<RankRow>> {
    if (type !== 0 && type !== 1) throw fail(M.RANK_BAD_TYPE);
    const { size, current, offset } = pageArgs(currentPage, limit, 30);
    const { rows, total } = await repo.rankList(db, type, searchUser?.trim() || undefined, size, offset);
    return makePage(
      rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        nickname: r.nickname,
        signature: r.signature === null ? null : r.signature.slice(0, 100),
        avatar: r.avatar,
        titleName: r.title_name,
        titleColor: r.title_color,
        total: r.total,
        ac: r.ac,
        ...(type === 1 ? { score: r.score } : { rating: null }),
      })),
      total,
      size,
      current,
    );
  }

  async function recentSevenAcRank(): Promise<RankRow[]> {
    const since = new Date(startOfUtcDay(new Date()).getTime() - 7 * 86_400_000);
    const rows = await repo.recentAcRank(db, since);
    return rows.map((r) => ({
      uid: r.uid,
      username: r.username,
      nickname: r.nickname,
      signature: null,
      avatar: r.avatar,
      titleName: r.title_name,
      titleColor: r.title_color,
      total: null,
      ac: r.ac,
      rating: null,
    }));
  }

  /** Seven UTC days, oldest first; cached 30 minutes unless root forces a refresh. */
  async function lastWeekStatistics(
    viewer: AuthUser | null,
    forceRefresh: boolean,
  ): Promise<SubmissionStatistics> {
    const fresh = statisticsCache && Date.now() - statisticsCache.at < 30 * 60_000;
    if (fresh && !(forceRefresh && isRoot(viewer))) return statisticsCache!.value;
    const today = startOfUtcDay(new Date());
    const since = new Date(today.getTime() - 6 * 86_400_000);
    const counts = new Map((await repo.dailyCounts(db, since)).map((c) => [c.day, c]));
    const value: SubmissionStatistics = { dateStrList: [], acCountList: [], totalCountList: [] };
    for (let i = 0; i < 7; i++) {
      const day = utcDay(new Date(since.getTime() + i * 86_400_000));
      value.dateStrList.push(day.slice(5));
      value.acCountList.push(counts.get(day)?.ac ?? 0);
      value.totalCountList.push(counts.get(day)?.total ?? 0);
    }
    statisticsCache = { at: Date.now(), value };
    return value;
  }

  return { rankList, recentSevenAcRank, lastWeekStatistics };
}

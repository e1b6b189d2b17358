// The group rank (reference §3 get-group-rank-list): ACM or OI over the group's submissions, for
// members and site root (compat G9); unsearched pages kept 10 s as the reference does.
import { makePage } from '@oj/protocol';
import { GROUP_RANK_PAGE_SIZE, type GroupRankQuery, type GroupRankRow } from '@oj/protocol/group';
import type { AuthUser } from '../platform/http/access';
import { fail } from '../platform/http/errors';
import { TtlCache } from '../platform/ttl-cache';
import { M } from './messages';
import * as repo from './repository';
import { pageArgs, type GroupContext } from './service-context';

const RANK_TTL_MS = 10_000;

export function createGroupRank(ctx: GroupContext) {
  const { db, requireMember } = ctx;
  const rankPages = new TtlCache<string, Awaited<ReturnType<typeof repo.groupRank>>>({
    ttlMs: RANK_TTL_MS,
    maxEntries: 2000,
    now: ctx.deps.now,
  });

  return {
    async rank(user: AuthUser, q: GroupRankQuery) {
      if (q.type !== 0 && q.type !== 1) throw fail(M.RANK_TYPE);
      // Reference: any logged-in user reads any group's rank. Here: members and site root
      // (docs/compat.md G9), as every other group read.
      await requireMember(user, q.gid, '获取排行榜失败，');
      const { current, limit } = pageArgs(q.currentPage, q.limit, GROUP_RANK_PAGE_SIZE);
      const searchUser = q.searchUser?.trim() || undefined;
      const read = () =>
        repo.groupRank(db, { gid: q.gid, type: q.type as 0 | 1, searchUser }, current, limit);
      const { total, rows } = searchUser
        ? await read()
        : await rankPages.get(`${q.gid}:${q.type}:${current}:${limit}`, read);
      const records: GroupRankRow[] = rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        nickname: r.nickname,
        signature: null,
        avatar: r.avatar,
        titleName: r.titleName,
        titleColor: r.titleColor,
        ac: Number(r.ac),
        total: Number(r.total),
        score: Number(r.score),
      }));
      return makePage(records, total, limit, current);
    },
  };
}

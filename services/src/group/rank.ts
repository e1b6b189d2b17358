// The group rank (reference §3 get-group-rank-list): ACM or OI over the group's submissions, for
// members and site root (compat G9). The whole ranked list of a group is aggregated once and kept
// 10 s (the reference keeps unsearched pages that long); pages and searches slice it in memory, so
// a searched rank of a 2,000-member group costs no query (issue #29; compat G19).
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
  const ranks = new TtlCache<string, repo.GroupRankEntry[]>({
    ttlMs: RANK_TTL_MS,
    maxEntries: 500,
    // A member's line is a few hundred bytes: bound the cache by members held, not by groups.
    weigh: (rows) => Math.max(1, rows.length),
    maxWeight: 200_000,
    now: ctx.deps.now,
  });

  return {
    async rank(user: AuthUser, q: GroupRankQuery) {
      if (q.type !== 0 && q.type !== 1) throw fail(M.RANK_TYPE);
      // Reference: any logged-in user reads any group's rank. Here: members and site root
      // (docs/compat.md G9), as every other group read.
      await requireMember(user, q.gid, '获取排行榜失败，');
      const { current, limit } = pageArgs(q.currentPage, q.limit, GROUP_RANK_PAGE_SIZE);
      const search = q.searchUser?.trim().toLowerCase() || undefined;
      const type = q.type as 0 | 1;
      const all = await ranks.get(`${q.gid}:${type}`, () => repo.groupRankAll(db, { gid: q.gid, type }));
      const matching = search ? all.filter((r) => r.searchText.some((t) => t.includes(search))) : all;
      const rows = matching.slice((current - 1) * limit, current * limit);
      const records: GroupRankRow[] = rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        nickname: r.nickname,
        signature: null,
        avatar: r.avatar,
        titleName: r.titleName,
        titleColor: r.titleColor,
        ac: r.ac,
        total: r.total,
        score: r.score,
      }));
      return makePage(records, matching.length, limit, current);
    },
  };
}

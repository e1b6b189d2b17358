// GET /api/get-group-list (reference §3): visitors read shared cached pages; a signed-in member's
// page merges the shared visible groups with the member's hidden ones (member-list.ts); onlyMine
// and site root read the database.
import { makePage, toDateStr } from '@oj/protocol';
import { GROUP_DEFAULT_PAGE_SIZE, type GroupCard, type GroupListQuery } from '@oj/protocol/group';
import { isRoot, type AuthUser } from '../platform/http/access';
import { memberPageLayout } from './member-list';
import * as repo from './repository';
import { pageArgs, type GroupContext } from './service-context';

const toCard = (r: repo.GroupCardRow): GroupCard => ({
  ...r,
  memberCount: Number(r.memberCount ?? 0),
  gmtCreate: toDateStr(r.gmtCreate)!,
});

/** The cache key part of the keyword and auth filters. */
const filterKeyOf = (f: Pick<repo.GroupListFilter, 'keyword' | 'auth'>) =>
  `${f.auth ?? 0}:${f.keyword ?? ''}`;

export function createGroupList(ctx: GroupContext) {
  const { db } = ctx;
  const { sharedCounts, visitorPages, visibleIds, visibleRanges } = ctx.listCaches;

  /**
   * A signed-in member's page (not site root, not onlyMine): the shared visible groups merged by id
   * with the viewer's hidden ones, so a request reads only the viewer's hidden groups.
   */
  async function memberListPage(
    f: repo.GroupListFilter & { viewer: string },
    current: number,
    limit: number,
  ) {
    const filterKey = filterKeyOf(f);
    const [ids, hidden] = await Promise.all([
      visibleIds.get(filterKey, () => repo.visibleGroupIds(db, f)),
      repo.hiddenGroupsOf(db, f, f.viewer),
    ]);
    const layout = memberPageLayout(
      ids,
      hidden.map((g) => g.id),
      (current - 1) * limit,
      limit,
    );
    const count = layout.visibleTo - layout.visibleFrom;
    const visible =
      count === 0
        ? []
        : await visibleRanges.get(`${filterKey}:${layout.visibleFrom}:${count}`, () =>
            repo.listGroupRange(db, { ...f, viewer: null }, layout.visibleFrom, count),
          );
    const rows = layout.picks.map((p) =>
      p.kind === 'hidden' ? hidden[p.index] : visible[p.index - layout.visibleFrom],
    );
    // The ids and the range were read at different times (another process changed a group in
    // between, before this one heard): when they disagree, the page is read directly.
    const agree = layout.picks.every(
      (p, k) => p.kind === 'hidden' || (rows[k] !== undefined && rows[k].id === ids[p.index]),
    );
    if (!agree) {
      return {
        total: ids.length + hidden.length,
        rows: await repo.listGroupPage(db, f, current, limit),
      };
    }
    return { total: ids.length + hidden.length, rows: rows as repo.GroupCardRow[] };
  }

  return {
    async list(viewer: AuthUser | null, q: GroupListQuery) {
      const { current, limit } = pageArgs(q.currentPage, q.limit, GROUP_DEFAULT_PAGE_SIZE);
      const f: repo.GroupListFilter = {
        keyword: q.keyword?.trim() || undefined,
        auth: q.auth && q.auth >= 1 ? q.auth : undefined,
        viewer: viewer?.uid ?? null,
        seeAll: isRoot(viewer),
      };
      const uid = f.viewer;
      // Reference: absent onlyMine → 500; here false (docs/compat.md G4).
      if (q.onlyMine) {
        const { total, rows } = uid
          ? await repo.listMinePage(db, f, uid, current, limit)
          : { total: 0, rows: [] };
        return makePage(rows.map(toCard), total, limit, current);
      }
      if (uid && !f.seeAll) {
        const { total, rows } = await memberListPage({ ...f, viewer: uid }, current, limit);
        return makePage(rows.map(toCard), total, limit, current);
      }
      // Visitors and site root. The shared total (visible groups; all for site root) is kept a few
      // seconds (docs/compat.md G22), and so are the visitors' pages.
      const [total, rows] = await Promise.all([
        sharedCounts.get(`${f.seeAll}:${filterKeyOf(f)}`, () => repo.countShared(db, f)),
        uid === null
          ? visitorPages.get(`${filterKeyOf(f)}:${current}:${limit}`, () =>
              repo.listGroupPage(db, f, current, limit),
            )
          : repo.listGroupPage(db, f, current, limit),
      ]);
      return makePage(rows.map(toCard), total, limit, current);
    },
  };
}

// The back office's contests (groups-admin-files.md §4.10): list, get, create, update,
// delete, clone and the visibility switch (the routes check the back-office role first).
import { makePage } from '@oj/protocol';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail } from '../platform/http/errors';
import type { ContestContext } from './access';
import { M } from './messages';
import * as repo from './repository';
import { contestColumns, toAdminContestVO, validateContestInput, type ContestInput } from './rules';
import { pageArgs } from './wire-shapes';

export function createAdminContests(ctx: ContestContext) {
  const { deps, db, adminOf, publish } = ctx;

  async function adminList(keyword: string | undefined, currentPage?: number, limit?: number) {
    const p = pageArgs(currentPage, limit, 10);
    const { total, rows } = await repo.listAdmin(db, keyword?.trim() || undefined, p.current, p.limit);
    const now = deps.now();
    return makePage(
      rows.map((r) => {
        const { pwd: _pwd, ...rest } = toAdminContestVO(r, now);
        return rest;
      }),
      total,
      p.limit,
      p.current,
    );
  }

  async function adminGet(user: AuthUser, cid: number) {
    const c = await repo.findContest(db, cid);
    if (!c) throw fail(M.ADMIN_QUERY_MISSING);
    if (!isRoot(user) && c.uid !== user.uid) throw denied(M.ADMIN_NO_PERMISSION);
    return toAdminContestVO(c, deps.now());
  }

  async function adminCreate(user: AuthUser, input: ContestInput) {
    const error = validateContestInput(input);
    if (error) throw fail(error);
    const id = await repo.insertContest(db, {
      ...contestColumns(input),
      // The owner is the caller, never the body's uid/author (docs/compat.md).
      uid: user.uid,
      author: user.username,
      source: input.source ?? 0,
      is_group: false,
      gid: null,
    });
    return { id };
  }

  async function adminUpdate(user: AuthUser, input: ContestInput) {
    const error = validateContestInput(input);
    if (error) throw fail(error);
    if (!input.id) throw fail(M.UPDATE_FAILED);
    const old = await repo.findContest(db, input.id);
    if (!old) throw fail(M.UPDATE_FAILED);
    // Ownership from the stored row (the body's uid said who the caller claimed to be).
    if (!(await adminOf(user, old))) throw denied(M.ADMIN_NO_PERMISSION);
    const cols = contestColumns(input);
    if (!(await repo.updateContest(db, input.id, cols))) throw fail(M.UPDATE_FAILED);
    if (cols.auth !== 0 && old.pwd !== cols.pwd) await repo.deleteRegistrations(db, input.id);
    deps.scoreboards.invalidate(input.id);
    await publish(input.id, 'updated', { cid: input.id });
    return null;
  }

  async function adminDelete(cid: number) {
    if (!(await repo.deleteContest(db, cid))) throw fail(M.DELETE_FAILED);
    deps.scoreboards.invalidate(cid);
    return null;
  }

  async function cloneContest(user: AuthUser, cid: number) {
    const c = await repo.findContest(db, cid);
    if (!c) throw fail(M.CLONE_MISSING, 500);
    // The password travels only with a clone its admins make (docs/compat.md).
    const owner = await adminOf(user, c);
    const id = await repo.insertContest(db, {
      uid: user.uid,
      author: user.username,
      title: `${c.title} [Cloned]`,
      description: c.description,
      type: c.type,
      source: c.id,
      auth: c.auth,
      pwd: owner ? c.pwd : null,
      start_time: c.startTime,
      end_time: c.endTime,
      duration: c.duration,
      seal_rank: c.sealRank,
      seal_rank_time: c.sealRankTime,
      auto_real_rank: c.autoRealRank,
      open_print: c.openPrint,
      open_rank: c.openRank,
      rank_show_name: c.rankShowName,
      allow_end_submit: c.allowEndSubmit,
      oi_rank_score_type: c.oiRankScoreType,
      star_account: c.starAccount,
      award_type: c.awardType,
      award_config: c.awardConfig,
      open_account_limit: c.openAccountLimit,
      account_limit_rule: c.accountLimitRule,
      visible: c.visible,
      is_group: c.isGroup,
      gid: c.gid,
    });
    return { id };
  }

  async function changeVisible(user: AuthUser, cid: number, _uid: string | undefined, visible: boolean) {
    const stored = await repo.findContest(db, cid);
    if (!stored || !(await adminOf(user, stored))) throw denied(M.ADMIN_NO_PERMISSION);
    if (!(await repo.updateContest(db, cid, { visible }))) throw fail(M.UPDATE_FAILED);
    deps.scoreboards.invalidate(cid);
    return null;
  }

  return { adminList, adminGet, adminCreate, adminUpdate, adminDelete, cloneContest, changeVisible };
}

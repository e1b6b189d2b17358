// The scroll board (hoj-scrollBoard): an ended, sealed ACM contest's problems and
// submissions, replayed by the client to reveal the sealed results; for an OI contest
// (issue #26 item 9) the sealed and final OI boards' cells with the submissions between.
import type { AuthUser } from '../platform/http/access';
import { fail } from '../platform/http/errors';
import { sealedFor } from '@oj/protocol/contest/clock';
import { Scoreboard, recordStatusOf } from '@oj/protocol/contest/scoreboard';
import type { OiScrollBoard, OiScrollHidden, OiScrollRow } from '@oj/protocol/contest/scroll-board';
import type { ContestContext } from './access';
import { M } from './messages';
import * as repo from './repository';
import { boardConfigOf, scrollBoardDate, statusOf, timesOf } from './rules';
import { toBoardSubmission } from './scoreboard-service';

export function createScrollBoard(ctx: ContestContext) {
  const { deps, db, contestSight, superAdmins } = ctx;

  async function scrollBoardContest(cid: number, viewer: AuthUser | null = null) {
    const c = await repo.findContest(db, cid);
    if (!c) throw fail(M.SCROLL_MISSING);
    // ACM and OI both roll (the reference refuses OI: docs/compat.md C27).
    if (c.type !== 0 && c.type !== 1) throw fail(M.SCROLL_NOT_ACM);
    if (!c.sealRank) throw fail(M.SCROLL_NOT_SEALED);
    if (statusOf(c, deps.now()) !== 1) throw fail(M.SCROLL_NOT_ENDED);
    // The scroll board replays the sealed results: for the contest's admins, or once the contest
    // is visible and its board no longer sealed for those who may read its board: everyone the
    // outside view admits (open board; group members for a group contest) or, for a public
    // contest, anyone; else those passing the access check (a password contest's registered
    // users): docs/compat.md X8, X32 (issue #23: real names of a closed contest).
    const sight = await contestSight(viewer, c);
    if (sight !== 'admin') {
      const sealedNow = sealedFor(timesOf(c), deps.now(), { isContestAdmin: false, forceRefresh: false });
      const publicContest = c.auth === 0 && !(c.isGroup && c.gid !== null);
      if (!c.visible || sealedNow || (sight !== 'ok' && !publicContest)) throw fail(M.SCROLL_MISSING);
    }
    const rows = await repo.contestProblems(db, c.id);
    const summaries = await deps.problems.summaries(rows.map((r) => r.pid));
    return { contest: c, problems: rows.filter((r) => summaries.get(r.pid)?.auth !== 2) };
  }

  async function scrollBoardInfo(cid: number, viewer: AuthUser | null = null) {
    const { contest: c, problems: cps } = await scrollBoardContest(cid, viewer);
    return {
      id: c.id,
      // Addition: which resolver the client runs (0 ACM, 1 OI).
      type: c.type,
      rankShowName: c.rankShowName,
      problemCount: cps.length,
      balloonColor: Object.fromEntries(cps.map((p) => [p.display_id, p.color])),
      startTime: scrollBoardDate(c.startTime),
      sealRankTime: scrollBoardDate(c.sealRankTime),
      starUserList: c.starAccount,
      // Additions: the scroll board draws medals per the contest's award config (§5.4).
      awardType: c.awardType,
      awardConfigList: c.awardType !== 0 ? c.awardConfig : [],
    };
  }

  async function scrollBoardSubmissions(cid: number, removeStar: boolean, viewer: AuthUser | null = null) {
    const { contest: c, problems: cps } = await scrollBoardContest(cid, viewer);
    const displayIds = new Map(cps.map((p) => [p.id, p.display_id]));
    const owners = c.isGroup && c.gid !== null ? await deps.groups.ownerUids(c.gid) : [];
    const excluded = new Set([c.uid, ...(await superAdmins()), ...owners]);
    const end = c.endTime.getTime();
    const rows = (await deps.submissions.ofContest(c.id))
      .filter((r) => r.status !== -4 && !excluded.has(r.uid) && displayIds.has(r.cpid))
      .filter((r) => r.submitTime.getTime() < end)
      .sort((a, b) => b.submitId - a.submitId);
    const profiles = new Map(
      (await deps.users.profiles([...new Set(rows.map((r) => r.uid))])).map((u) => [u.uid, u]),
    );
    const stars = new Set(c.starAccount);
    return rows
      .map((r) => {
        const p = profiles.get(r.uid);
        return {
          uid: r.uid,
          username: p?.username ?? r.username,
          nickname: p?.nickname ?? null,
          realname: p?.realname ?? null,
          school: p?.school ?? null,
          avatar: p?.avatar ?? null,
          gender: p?.gender ?? null,
          submitId: r.submitId,
          status: r.status,
          submitTime: scrollBoardDate(r.submitTime),
          displayId: displayIds.get(r.cpid)!,
        };
      })
      .filter((r) => !(removeStar && stars.has(r.username)));
  }

  /**
   * The OI scroll board: the sealed and the final OI board folded by the board's own rules
   * (Scoreboard, the same config as the contest's board), and per (user, problem) the judged
   * submissions from the seal to the end that the resolver reveals.
   */
  async function scrollBoardOi(
    cid: number,
    removeStar: boolean,
    viewer: AuthUser | null = null,
  ): Promise<OiScrollBoard> {
    const { contest: c, problems: cps } = await scrollBoardContest(cid, viewer);
    if (c.type !== 1) throw fail(M.SCROLL_NOT_OI);
    // A seal switched on without a seal time hides nothing (the OI board never seals then).
    if (!c.sealRankTime) throw fail(M.SCROLL_NOT_SEALED);
    const displayIds = new Map(cps.map((p) => [p.id, p.display_id]));
    const owners = c.isGroup && c.gid !== null ? await deps.groups.ownerUids(c.gid) : [];
    const excluded = [c.uid, ...(await superAdmins()), ...owners];
    const rows = (await deps.submissions.ofContest(c.id)).filter((r) => displayIds.has(r.cpid));
    const uids = [...new Set(rows.map((r) => r.uid))];
    const profiles = await deps.users.profiles(uids);
    const board = Scoreboard.recompute(
      boardConfigOf(c, excluded),
      rows.map((r) => toBoardSubmission(r, displayIds.get(r.cpid)!)),
      profiles,
    );
    const seal = c.sealRankTime.getTime();
    const end = c.endTime.getTime();
    const skip = new Set(excluded);
    const hidden = new Map<string, Record<string, OiScrollHidden[]>>();
    for (const r of [...rows].sort(
      (a, b) => a.submitTime.getTime() - b.submitTime.getTime() || a.submitId - b.submitId,
    )) {
      const t = r.submitTime.getTime();
      if (skip.has(r.uid) || t < seal || t >= end || r.status === -4 || recordStatusOf(r.status) === null)
        continue;
      const mine = hidden.get(r.uid) ?? {};
      hidden.set(r.uid, mine);
      (mine[displayIds.get(r.cpid)!] ??= []).push({
        submitId: r.submitId,
        status: r.status,
        score: r.score,
        submitTime: scrollBoardDate(r.submitTime)!,
      });
    }
    const before = board.oiCells('sealed');
    const after = new Map(board.oiCells('real').map((r) => [r.uid, r]));
    const byUid = new Map(profiles.map((p) => [p.uid, p]));
    const order = [...before.map((r) => r.uid)];
    for (const uid of after.keys()) if (!order.includes(uid)) order.push(uid);
    const sealedCells = new Map(before.map((r) => [r.uid, r.cells]));
    const stars = new Set(c.starAccount);
    const out: OiScrollRow[] = [];
    for (const uid of order) {
      const p = byUid.get(uid);
      const username = p?.username ?? after.get(uid)?.username ?? uid;
      if (removeStar && stars.has(username)) continue;
      out.push({
        uid,
        username,
        nickname: p?.nickname ?? null,
        realname: p?.realname ?? null,
        school: p?.school ?? null,
        before: sealedCells.get(uid) ?? {},
        after: after.get(uid)?.cells ?? {},
        hidden: hidden.get(uid) ?? {},
      });
    }
    return { problems: cps.map((p) => p.display_id), rows: out };
  }

  return { scrollBoardInfo, scrollBoardSubmissions, scrollBoardOi };
}

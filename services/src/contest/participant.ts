// What a participant (or a visitor) sees and does before the board (reference §1):
// the contest lists, contest info, registration, the problem list and statement,
// announcements and their read marks, and the full-screen problem list.
import { makePage, toDateStr } from '@oj/protocol';
import { sealedFor } from '@oj/protocol/contest/clock';
import type { AuthUser } from '../platform/http/access';
import { denied, fail, notFound } from '../platform/http/errors';
import type { ContestContext } from './access';
import { M } from './messages';
import * as repo from './repository';
import * as reads from './reads-repository';
import { matchesAccountRule, statusOf, timesOf, toContestVO } from './rules';
import { ACCEPTED, pageArgs, toAnnouncementVO, toContestProblem } from './wire-shapes';

export function createParticipantUseCases(ctx: ContestContext) {
  const {
    deps,
    db,
    adminOf,
    visibleContest,
    cac,
    accessByCid,
    groupGuard,
    outsideRefusal,
    superAdmins,
    participantCounts,
  } = ctx;

  /** GET /api/get-recent-contest: not ended, starting within 14 days, list fields only (core.md). */
  async function recent() {
    const now = deps.now();
    const rows = await repo.listRecent(db, new Date(now), new Date(now + 14 * 86_400_000));
    const counts = await participantCounts(rows.map((r) => r.id));
    return rows.map((r) => {
      const vo = toContestVO(r, counts.get(r.id) ?? 0, now, false);
      return { ...vo, description: null, openRank: null, allowEndSubmit: null };
    });
  }

  async function list(q: {
    currentPage?: number;
    limit?: number;
    status?: number;
    type?: number;
    keyword?: string;
  }) {
    const { current, limit } = pageArgs(q.currentPage, q.limit, 10);
    const { total, rows } = await repo.listPublic(
      db,
      { status: q.status, type: q.type, keyword: q.keyword?.trim() || undefined },
      current,
      limit,
    );
    const counts = await participantCounts(rows.map((r) => r.id));
    const now = deps.now();
    return makePage(
      rows.map((r) => toContestVO(r, counts.get(r.id) ?? 0, now, false)),
      total,
      limit,
      current,
    );
  }

  async function info(user: AuthUser, cid: number) {
    const c = await visibleContest(cid, M.CONTEST_MISSING_ASCII);
    await groupGuard(user, c);
    const counts = await participantCounts([c.id]);
    // isContestAdmin is an addition: the client cannot tell group owners from the VO.
    return {
      ...toContestVO(c, counts.get(c.id) ?? 0, deps.now(), true),
      isContestAdmin: await adminOf(user, c),
    };
  }

  async function outsideInfo(cid: number, viewer: AuthUser | null = null) {
    const c = cid ? await repo.findContest(db, cid) : null;
    if (!c) throw notFound(M.OUTSIDE_MISSING);
    const refusal = await outsideRefusal(viewer, c);
    if (refusal) throw refusal;
    const counts = await participantCounts([c.id]);
    const problems = await repo.contestProblems(db, c.id);
    return {
      contest: toContestVO(c, counts.get(c.id) ?? 0, deps.now(), true),
      problemList: problems.map(toContestProblem),
    };
  }

  async function access(user: AuthUser, cid: number) {
    const reg = await repo.findRegistration(db, cid, user.uid);
    if (!reg) return { access: false };
    const c = await visibleContest(cid, M.CONTEST_MISSING_ASCII);
    if (c.openAccountLimit && !matchesAccountRule(user.username, c.accountLimitRule))
      return { access: false };
    return { access: true };
  }

  async function register(user: AuthUser, body: { cid?: number | null; password?: string | null }) {
    if (!body.cid || !body.password) throw fail(M.REGISTER_PARAMS);
    const c = await visibleContest(body.cid, M.CONTEST_MISSING_ASCII);
    await groupGuard(user, c);
    if (c.pwd !== body.password) throw fail(M.WRONG_PASSWORD);
    if (c.openAccountLimit && !matchesAccountRule(user.username, c.accountLimitRule))
      throw fail(M.ACCOUNT_RULE);
    if (await repo.findRegistration(db, c.id, user.uid)) throw fail(M.ALREADY_REGISTERED);
    if (!(await repo.insertRegistration(db, c.id, user.uid))) throw fail(M.ALREADY_REGISTERED);
    return null;
  }

  async function problems(user: AuthUser | null, cid: number, containsEnd: boolean) {
    const c = await visibleContest(cid);
    let admin = false;
    if (!user) {
      if (await outsideRefusal(null, c)) throw denied(M.LOGIN_FIRST);
    } else if (!c.openRank) admin = await cac(user, c);
    else {
      admin = await adminOf(user, c);
      // The original listed a scheduled contest's problems to any logged-in user when the
      // outside board was open; its outside board refuses scheduled contests (docs/compat.md).
      if (!admin && statusOf(c, deps.now()) === -1) throw denied(M.NOT_STARTED);
      // A group contest's problems are for its members, as its outside view (issue #23).
      const refusal = admin ? null : await outsideRefusal(user, c);
      if (refusal) throw refusal;
    }
    const now = deps.now();
    const containsEndEff = c.allowEndSubmit && containsEnd;
    let before: Date | null;
    if (!user) before = c.sealRank && c.sealRankTime ? c.sealRankTime : containsEndEff ? null : c.endTime;
    else if (!admin && sealedFor(timesOf(c), now, { isContestAdmin: false, forceRefresh: true }))
      before = c.sealRankTime;
    else before = containsEndEff ? null : c.endTime;
    const owners = c.isGroup && c.gid !== null ? await deps.groups.ownerUids(c.gid) : [];
    const rows = await repo.contestProblems(db, c.id);
    const summaries = await deps.problems.summaries(rows.map((r) => r.pid));
    const counts = await deps.submissions.statusCounts(c.id, {
      from: c.startTime,
      before,
      excludedUids: [...(await superAdmins()), ...owners],
    });
    const ac = new Map<number, number>();
    const total = new Map<number, number>();
    for (const r of counts) {
      total.set(r.cpid, (total.get(r.cpid) ?? 0) + r.n);
      if (r.status === ACCEPTED) ac.set(r.cpid, (ac.get(r.cpid) ?? 0) + r.n);
    }
    return rows
      .filter((r) => summaries.get(r.pid)?.auth !== 2)
      .map((r) => ({
        id: r.id,
        displayId: r.display_id,
        cid: r.cid,
        pid: r.pid,
        displayTitle: r.display_title,
        color: r.color,
        ac: ac.get(r.id) ?? 0,
        total: total.get(r.id) ?? 0,
      }));
  }

  async function problemDetail(user: AuthUser, cid: number, displayId: string, containsEnd: boolean) {
    const { contest: c, admin } = await accessByCid(user, cid);
    const cp = await repo.contestProblemByDisplayId(db, c.id, displayId);
    if (!cp) throw notFound(M.CP_MISSING);
    const problem = await deps.problems.problemRow(cp.pid);
    if (!problem) throw notFound(M.CP_MISSING);
    if (problem.auth === 2) throw denied(M.CP_HIDDEN);
    const now = deps.now();
    const ended = statusOf(c, now) === 1;
    const extras = await deps.problems.extras(cp.pid);
    const hidden = ended ? {} : { source: null, author: null, difficulty: null };
    const shown = { ...problem, title: cp.display_title, ...hidden };
    const sealed = !admin && sealedFor(timesOf(c), now, { isContestAdmin: false, forceRefresh: true });
    const before = sealed ? c.sealRankTime : c.allowEndSubmit && containsEnd ? null : c.endTime;
    const counts = await deps.submissions.statusCounts(c.id, {
      cpid: cp.id,
      from: c.startTime,
      before,
      excludedUids: [...(await superAdmins()), c.uid],
    });
    const by = (s: number) => counts.filter((r) => r.status === s).reduce((a, r) => a + r.n, 0);
    return {
      problem: shown,
      tags: ended ? [] : extras.tags,
      languages: extras.languages,
      problemCount: {
        pid: null,
        total: counts.reduce((a, r) => a + r.n, 0),
        ac: by(0),
        mle: by(2),
        tle: by(1),
        re: by(3),
        pe: by(-3),
        ce: by(-2),
        wa: by(-1),
        se: by(4),
        pa: by(8),
      },
      codeTemplate: extras.codeTemplate,
    };
  }

  async function announcements(user: AuthUser, cid: number, currentPage?: number, limit?: number) {
    await accessByCid(user, cid);
    const p = pageArgs(currentPage, limit, 10);
    const { total, rows } = await repo.listAnnouncements(db, cid, true, p.current, p.limit);
    return makePage(rows.map(toAnnouncementVO), total, p.limit, p.current);
  }

  async function unreadAnnouncements(cid: number, read: readonly number[], uid?: string) {
    // The client's list (the wire) plus what this user dismissed in any browser (issue #16).
    const stored = uid ? await reads.readAnnouncementIds(db, cid, uid) : [];
    const rows = await repo.unreadAnnouncements(db, cid, [...new Set([...read, ...stored])]);
    return rows.map((a) => ({
      id: a.id,
      title: a.title,
      content: a.content,
      uid: a.uid,
      status: a.status,
      gid: a.gid,
      gmtCreate: toDateStr(a.gmt_create),
      gmtModified: toDateStr(a.gmt_modified),
    }));
  }

  function markAnnouncementsRead(user: AuthUser, cid: number, aids: readonly number[]) {
    return reads.markAnnouncementsRead(db, cid, user.uid, aids).then(() => null);
  }

  /**
   * The full-screen side list of a contest (core.md §6 get-full-screen-problem-list):
   * non-private problems with the caller's own result. ACM: an AC wins, else the latest
   * verdict; OI: the latest verdict, or -5 on every attempted problem while the board is
   * sealed for the caller (evaluated without forceRefresh, so admins too).
   */
  async function fullScreenList(user: AuthUser, cid: number) {
    const c = await visibleContest(cid);
    await cac(user, c);
    const cps = await repo.contestProblems(db, c.id);
    const summaries = await deps.problems.summaries(cps.map((r) => r.pid));
    const mine = (await deps.submissions.ofContest(c.id))
      .filter((r) => r.uid === user.uid && ![5, 6, 7].includes(r.status))
      .sort((a, b) => a.submitId - b.submitId);
    const sealed = sealedFor(timesOf(c), deps.now(), { isContestAdmin: false, forceRefresh: false });
    return cps
      .filter((cp) => summaries.get(cp.pid)?.auth !== 2)
      .map((cp) => {
        const rows = mine.filter((r) => r.cpid === cp.id);
        const latest = rows[rows.length - 1];
        let status: number | null = latest?.status ?? null;
        let score: number | null = latest?.score ?? null;
        if (latest && c.type === 0) {
          if (rows.some((r) => r.status === ACCEPTED)) status = ACCEPTED;
          score = null;
        }
        if (latest && c.type === 1 && sealed) {
          status = -5;
          score = null;
        }
        return { pid: cp.pid, problemId: cp.display_id, title: cp.display_title, status, score };
      });
  }

  return {
    list,
    recent,
    info,
    outsideInfo,
    access,
    register,
    problems,
    problemDetail,
    announcements,
    unreadAnnouncements,
    markAnnouncementsRead,
    fullScreenList,
  };
}

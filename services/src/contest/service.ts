// The contest rules (reference/api/contests-trainings-discussions.md §0, §1, §5;
// groups-admin-files.md §4.10): access checks, registration, problems,
// announcements, scoreboards, admin helper, print jobs, submit gates, admin CRUD.
// The only module of the capability that publishes events.
import { makePage, Subjects, toDateStr } from '@oj/protocol';
import type { Bus } from '@oj/protocol/bus';
import { sealedFor } from '@oj/protocol/contest/clock';
import type { ContestWatchDecision, SubmissionUpdate } from '@oj/protocol/realtime/events';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, notFound, ApiError } from '../platform/http/errors';
import { M } from './messages';
import type { ProblemDTO } from '@oj/protocol/problem/schemas';
import type {
  ContestGroupPort,
  ContestProblemAuthoring,
  ProblemCatalog,
  SubmissionSource,
  UserDirectory,
} from './ports';
import * as repo from './repository';
import * as reads from './reads-repository';
import { borrowDecision } from './reads';
import type { Db } from './repository';
import {
  contestColumns,
  isContestAdmin,
  matchesAccountRule,
  scrollBoardDate,
  statusOf,
  timesOf,
  toAdminContestVO,
  toContestVO,
  validateContestInput,
  type ContestInput,
  type ContestRecordRow,
} from './rules';
import { rankPageBody, type RankPageBody, type ScoreboardService } from './scoreboard-service';
import { rankSheet } from './rank-export';
import { writeXlsx } from './xlsx';
import { acArchiveEntries } from './ac-export';
import { strToU8, zipSync } from 'fflate';

export interface ContestServiceDeps {
  db: Db;
  bus: Bus;
  submissions: SubmissionSource;
  users: UserDirectory;
  problems: ProblemCatalog;
  groups: ContestGroupPort;
  scoreboards: ScoreboardService;
  authoring: ContestProblemAuthoring;
  now: () => number;
  log?: { warn(obj: object, msg?: string): void };
}

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

/** The submit gate's answer (core.md submit rule 6). */
export type SubmitGateResult =
  | {
      allowed: true;
      cid: number;
      /** contest_problem.id */
      cpid: number;
      /** problem primary key */
      pid: number;
      displayId: string;
      gid: number | null;
      isContestAdmin: boolean;
    }
  | { allowed: false; status: 403 | 404; reason: string };

/** Which contest sits behind a submission view, for the judge capability's list/detail rules. */
export interface ContestViewFacts {
  contest: ContestRecordRow;
  isContestAdmin: boolean;
  /** sealed(viewer, forceRefresh=true): admins always see real data there (§0.7). */
  sealed: boolean;
  status: -1 | 0 | 1;
}

const PRINT_WINDOW_SECONDS = 30;
const ACCEPTED = 0;

function pageArgs(current: number | null | undefined, limit: number | null | undefined, defLimit: number) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), 500) : defLimit;
  return { current: c, limit: l };
}

export function createContestService(deps: ContestServiceDeps) {
  const { db } = deps;

  async function groupOwner(c: ContestRecordRow, user: AuthUser | null): Promise<boolean> {
    if (!user || !c.isGroup || c.gid === null) return false;
    if (deps.groups.isGroupRoot) return deps.groups.isGroupRoot(c.gid, user.uid);
    return (await deps.groups.ownerUids(c.gid)).includes(user.uid);
  }

  async function adminOf(user: AuthUser | null, c: ContestRecordRow): Promise<boolean> {
    if (!user) return false;
    if (isRoot(user) || c.uid === user.uid) return true;
    return isContestAdmin(user, c, await groupOwner(c, user));
  }

  async function visibleContest(cid: number | null | undefined, msg: string = M.CONTEST_MISSING) {
    const c = cid ? await repo.findContest(db, cid) : null;
    if (!c || !c.visible) throw fail(msg);
    return c;
  }

  /** The contest access check (§0.6); returns whether the caller is a contest admin. */
  async function cac(user: AuthUser, c: ContestRecordRow): Promise<boolean> {
    if (!c.visible) throw fail(M.CONTEST_MISSING);
    if (await adminOf(user, c)) return true;
    if (statusOf(c, deps.now()) === -1) throw denied(M.NOT_STARTED);
    if (c.isGroup && c.gid !== null && !(await deps.groups.isMember(c.gid, user.uid)))
      throw denied(M.NOT_GROUP_MEMBER);
    if (c.auth === 1) {
      if (!(await repo.findRegistration(db, c.id, user.uid))) throw denied(M.REGISTER_FIRST);
      if (c.openAccountLimit && !matchesAccountRule(user.username, c.accountLimitRule))
        throw denied(M.ACCOUNT_RULE);
    }
    return false;
  }

  async function accessByCid(user: AuthUser, cid: number) {
    const c = await visibleContest(cid);
    return { contest: c, admin: await cac(user, c) };
  }

  // ---------- list and info ----------

  /**
   * Registrations per contest; a public contest has none (nobody enters a password), so its
   * participants are the users who submitted (issue #16; docs/compat.md).
   */
  async function participantCounts(_db: Db, cids: readonly number[]): Promise<Map<number, number>> {
    const out = await repo.registrationCounts(db, cids);
    const submitted = (await deps.submissions.participantCounts?.(cids)) ?? new Map<number, number>();
    for (const [cid, n] of submitted) out.set(cid, Math.max(n, out.get(cid) ?? 0));
    return out;
  }

  /** GET /api/get-recent-contest: not ended, starting within 14 days, list fields only (core.md). */
  async function recent() {
    const now = deps.now();
    const rows = await repo.listRecent(db, new Date(now), new Date(now + 14 * 86_400_000));
    const counts = await participantCounts(
      db,
      rows.map((r) => r.id),
    );
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
    const counts = await participantCounts(
      db,
      rows.map((r) => r.id),
    );
    const now = deps.now();
    return makePage(
      rows.map((r) => toContestVO(r, counts.get(r.id) ?? 0, now, false)),
      total,
      limit,
      current,
    );
  }

  async function groupGuard(user: AuthUser, c: ContestRecordRow) {
    if (c.isGroup && c.gid !== null && !isRoot(user) && !(await deps.groups.isMember(c.gid, user.uid)))
      throw denied(M.NO_PERMISSION);
  }

  async function info(user: AuthUser, cid: number) {
    const c = await visibleContest(cid, M.CONTEST_MISSING_ASCII);
    await groupGuard(user, c);
    const counts = await participantCounts(db, [c.id]);
    // isContestAdmin is an addition: the client cannot tell group owners from the VO.
    return {
      ...toContestVO(c, counts.get(c.id) ?? 0, deps.now(), true),
      isContestAdmin: await adminOf(user, c),
    };
  }

  function toContestProblem(p: repo.ContestProblemRow) {
    return {
      id: p.id,
      displayId: p.display_id,
      cid: p.cid,
      pid: p.pid,
      displayTitle: p.display_title,
      color: p.color,
      gmtCreate: toDateStr(p.gmt_create),
      gmtModified: toDateStr(p.gmt_modified),
    };
  }

  async function outsideInfo(cid: number) {
    const c = cid ? await repo.findContest(db, cid) : null;
    if (!c || !c.visible) throw notFound(M.OUTSIDE_MISSING);
    if (!c.openRank) throw denied(M.OUTSIDE_CLOSED);
    if (statusOf(c, deps.now()) === -1) throw denied(M.OUTSIDE_SCHEDULED);
    const counts = await participantCounts(db, [c.id]);
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

  // ---------- problems ----------

  async function superAdmins(): Promise<string[]> {
    return deps.users.superAdminUids();
  }

  async function problems(user: AuthUser | null, cid: number, containsEnd: boolean) {
    const c = await visibleContest(cid);
    let admin = false;
    if (!user) {
      if (!c.openRank || statusOf(c, deps.now()) === -1) throw denied(M.LOGIN_FIRST);
    } else if (!c.openRank) admin = await cac(user, c);
    else {
      admin = await adminOf(user, c);
      // The original listed a scheduled contest's problems to any logged-in user when the
      // outside board was open; its outside board refuses scheduled contests (docs/compat.md).
      if (!admin && statusOf(c, deps.now()) === -1) throw denied(M.NOT_STARTED);
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
    const shown: Record<string, unknown> = { ...problem, title: cp.display_title };
    if (!ended) Object.assign(shown, { source: null, author: null, difficulty: null });
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

  // ---------- announcements ----------

  function toAnnouncementVO(a: repo.AnnouncementRow) {
    return {
      id: a.id,
      title: a.title,
      content: a.content,
      uid: a.uid,
      username: a.username,
      status: a.status,
      gmtCreate: toDateStr(a.gmt_create),
      gmtModified: toDateStr(a.gmt_modified),
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

  // ---------- scoreboards ----------

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
    const board =
      viewer.forceRefresh && viewer.admin
        ? await deps.scoreboards.refresh(c)
        : await deps.scoreboards.boardFor(c);
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
    const body = board.pageJson(view, rankPageBody);
    // The version the page is at (same tick as the read): pushed rank deltas start from it.
    return { ...body, version: `${board.variantFor(view)}/${board.boardVersion(board.variantFor(view))}` };
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
    if (!c || (!c.visible && !(await adminOf(user, c)))) throw fail(M.OUTSIDE_MISSING);
    if (!c.openRank) throw denied(M.OUTSIDE_CLOSED);
    if (statusOf(c, deps.now()) === -1) throw denied(M.OUTSIDE_SCHEDULED);
    // Only root and the creator may force the real board here (group owners included in the refusal).
    const privileged = !!user && (isRoot(user) || user.uid === c.uid);
    const forceRefresh = user && !privileged ? false : !!q.forceRefresh;
    return boardPage(c, q, { admin: privileged, forceRefresh, pinUid: null });
  }

  // ---------- admin helper: AC info ----------

  async function requireContestAdmin(user: AuthUser, cid: number | null | undefined) {
    const c = cid ? await repo.findContest(db, cid) : null;
    if (!c || !(await adminOf(user, c))) throw denied(M.NO_PERMISSION);
    return c;
  }

  async function acInfo(user: AuthUser, cid: number, currentPage?: number, limit?: number) {
    const c = await requireContestAdmin(user, cid);
    const p = pageArgs(currentPage, limit, 30);
    const excluded = new Set([c.uid, ...(await superAdmins())]);
    const cps = new Map((await repo.contestProblems(db, c.id)).map((cp) => [cp.id, cp]));
    const rows = (await deps.submissions.ofContest(c.id)).filter(
      (r) => r.status === ACCEPTED && cps.has(r.cpid),
    );
    const first = new Map<string, (typeof rows)[number]>();
    for (const r of rows) {
      const key = `${r.uid}\u0000${r.cpid}`;
      const seen = first.get(key);
      if (!seen || r.submitId < seen.submitId) first.set(key, r);
    }
    const start = c.startTime.getTime();
    const end = c.endTime.getTime();
    const checked = await repo.checkedMarks(db, c.id);
    const records = [...first.values()]
      .filter((r) => !excluded.has(r.uid))
      .filter((r) => r.submitTime.getTime() >= start && r.submitTime.getTime() <= end)
      .map((r) => ({
        r,
        checked: checked.has(r.submitId),
        time: Math.floor((r.submitTime.getTime() - start) / 1000),
      }))
      .sort(
        (a, b) =>
          Number(a.checked) - Number(b.checked) ||
          a.r.submitTime.getTime() - b.r.submitTime.getTime() ||
          a.r.submitId - b.r.submitId,
      );
    // First blood: smallest time per problem over the whole list; the earlier entry wins ties.
    const blood = new Map<number, number>();
    records.forEach((x, i) => {
      const at = blood.get(x.r.cpid);
      if (at === undefined || x.time < records[at]!.time) blood.set(x.r.cpid, i);
    });
    const firstBloodIdx = new Set(blood.values());
    const slice = records.slice((p.current - 1) * p.limit, p.current * p.limit);
    const profiles = new Map((await deps.users.profiles(slice.map((x) => x.r.uid))).map((u) => [u.uid, u]));
    const offset = (p.current - 1) * p.limit;
    return makePage(
      slice.map((x, i) => ({
        id: x.r.submitId,
        cid: c.id,
        uid: x.r.uid,
        pid: x.r.pid,
        cpid: null,
        displayId: cps.get(x.r.cpid)!.display_id,
        submitId: x.r.submitId,
        username: profiles.get(x.r.uid)?.username ?? x.r.username,
        realname: profiles.get(x.r.uid)?.realname ?? null,
        status: 1,
        submitTime: toDateStr(x.r.submitTime),
        time: x.time,
        score: null,
        useTime: null,
        firstBlood: firstBloodIdx.has(offset + i),
        checked: x.checked,
        gmtCreate: null,
        gmtModified: null,
      })),
      records.length,
      p.limit,
      p.current,
    );
  }

  async function checkAcInfo(
    user: AuthUser,
    body: { id?: number | null; cid?: number | null; checked?: boolean | null },
  ) {
    const c = await requireContestAdmin(user, body.cid);
    if (!body.id) throw fail(M.CHECK_FAILED);
    await repo.setChecked(db, c.id, body.id, !!body.checked);
    return null;
  }

  // ---------- print ----------

  async function submitPrint(user: AuthUser, body: { cid?: number | null; content?: string | null }) {
    if (!body.cid || typeof body.content !== 'string') throw fail(M.PRINT_FAILED);
    const { contest: c } = await accessByCid(user, body.cid);
    const wait = await repo.takePrintWindow(db, user.uid, PRINT_WINDOW_SECONDS);
    if (wait !== null) throw denied(M.printWait(wait));
    const [profile] = await deps.users.profiles([user.uid]);
    const realname = profile?.realname ?? null;
    const id = await repo.insertPrint(db, {
      cid: c.id,
      uid: user.uid,
      username: user.username,
      realname,
      content: body.content,
    });
    await publish(c.id, 'print', { cid: c.id, id, username: user.username, realname });
    return null;
  }

  async function prints(user: AuthUser, cid: number, currentPage?: number, limit?: number) {
    const c = await requireContestAdmin(user, cid);
    const p = pageArgs(currentPage, limit, 30);
    const { total, rows } = await repo.listPrints(db, c.id, p.current, p.limit);
    return makePage(
      rows.map((r) => ({
        id: r.id,
        cid: r.cid,
        username: r.username,
        realname: r.realname,
        content: null,
        status: r.status,
        gmtCreate: toDateStr(r.gmt_create),
        gmtModified: null,
      })),
      total,
      p.limit,
      p.current,
    );
  }

  async function checkPrint(user: AuthUser, id: number, cid: number) {
    await requireContestAdmin(user, cid);
    if (!(await repo.markPrinted(db, id))) throw fail(M.CHECK_FAILED);
    return null;
  }

  /** The print text for the file download (`<username>_Contest_Print.txt`). */
  async function printText(user: AuthUser, id: number) {
    const job = await repo.findPrint(db, id);
    const c = job ? await repo.findContest(db, job.cid) : null;
    if (!job || !c || !(await adminOf(user, c)))
      throw new ApiError(400, '错误：您并非该比赛的管理员，无权下载打印代码！', 400);
    return { fileName: `${job.username}_Contest_Print.txt`, content: job.content };
  }

  // ---------- rank download ----------

  /** The rank sheet as .xlsx (reference §1 download-contest-rank); errors are HTTP 400. */
  async function rankXlsx(
    user: AuthUser,
    q: { cid: number; forceRefresh: boolean; removeStar?: boolean; containEnd?: boolean },
  ) {
    const c = await repo.findContest(db, q.cid);
    if (!c) throw new ApiError(400, '错误：该比赛不存在！', 400);
    if (!(await adminOf(user, c))) throw new ApiError(400, '错误：您并非该比赛的管理员，无权下载榜单！', 400);
    const sealed = sealedFor(timesOf(c), deps.now(), { isContestAdmin: true, forceRefresh: q.forceRefresh });
    const board = q.forceRefresh ? await deps.scoreboards.refresh(c) : await deps.scoreboards.boardFor(c);
    // containEnd is used as sent (not ANDed with allowEndSubmit), as in the original.
    const rows = board.ranked(board.variantFor({ sealed, containsEnd: !!q.containEnd }), !!q.removeStar);
    const displayIds = (await repo.contestProblems(db, c.id)).map((p) => p.display_id);
    const sheet = rankSheet(c.type === 1 ? 1 : 0, rows, displayIds, board.config.rankShowName);
    return { fileName: `contest_${c.id}_rank.xlsx`, bytes: writeXlsx('rank', sheet) };
  }

  /** Accepted (ACM) or latest scored (OI) contest code as a zip (reference §1); errors are HTTP 400. */
  async function acSubmissionsZip(
    user: AuthUser,
    q: { cid: number; excludeAdmin?: boolean; splitType?: string },
  ) {
    const c = await repo.findContest(db, q.cid);
    if (!c) throw new ApiError(400, '错误：该比赛不存在！', 400);
    if (!(await adminOf(user, c)))
      throw new ApiError(400, '错误：您并非该比赛的管理员，无权下载AC记录！', 400);
    const excluded = new Set(q.excludeAdmin ? [c.uid, ...(await superAdmins())] : []);
    const displayIds = new Map((await repo.contestProblems(db, c.id)).map((p) => [p.id, p.display_id]));
    const rows = (await deps.submissions.withCode(c.id, c.startTime, c.endTime)).filter(
      (r) => !excluded.has(r.uid),
    );
    const entries = acArchiveEntries(
      c.type === 1 ? 1 : 0,
      rows.map((r) => ({ ...r, displayId: displayIds.get(r.cpid) ?? 'null' })),
      q.splitType ?? 'user',
    );
    const files: Record<string, Uint8Array> = {};
    for (const [path, code] of entries) files[path] = strToU8(code);
    return { fileName: `contest_${c.id}_${deps.now()}.zip`, bytes: zipSync(files) };
  }

  // ---------- scroll board (hoj-scrollBoard) ----------

  async function scrollBoardContest(cid: number, viewer: AuthUser | null = null) {
    const c = await repo.findContest(db, cid);
    if (!c) throw fail(M.SCROLL_MISSING);
    if (c.type !== 0) throw fail(M.SCROLL_NOT_ACM);
    if (!c.sealRank) throw fail(M.SCROLL_NOT_SEALED);
    if (statusOf(c, deps.now()) !== 1) throw fail(M.SCROLL_NOT_ENDED);
    // The scroll board replays the sealed results: for the contest's admins, or for everyone
    // once the contest is visible and its board no longer sealed (docs/compat.md X8).
    if (!(await adminOf(viewer, c))) {
      const sealedNow = sealedFor(timesOf(c), deps.now(), { isContestAdmin: false, forceRefresh: false });
      if (!c.visible || sealedNow) throw fail(M.SCROLL_MISSING);
    }
    const rows = await repo.contestProblems(db, c.id);
    const summaries = await deps.problems.summaries(rows.map((r) => r.pid));
    return { contest: c, problems: rows.filter((r) => summaries.get(r.pid)?.auth !== 2) };
  }

  async function scrollBoardInfo(cid: number, viewer: AuthUser | null = null) {
    const { contest: c, problems: cps } = await scrollBoardContest(cid, viewer);
    return {
      id: c.id,
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

  // ---------- ports for other capabilities ----------

  /** May `user` submit to contest problem `displayId` of `cid` now? (core.md submit rule 6) */
  async function submitGate(user: AuthUser, cid: number, displayId: string): Promise<SubmitGateResult> {
    const c = cid ? await repo.findContest(db, cid) : null;
    if (!c || !c.visible) return { allowed: false, status: 404, reason: M.SUBMIT_CONTEST_MISSING };
    const status = statusOf(c, deps.now());
    if (status === 1 && !c.allowEndSubmit) return { allowed: false, status: 403, reason: M.SUBMIT_ENDED };
    const admin = await adminOf(user, c);
    if (!admin) {
      if (status === -1) return { allowed: false, status: 403, reason: M.SUBMIT_SCHEDULED };
      if (c.isGroup && c.gid !== null && !(await deps.groups.isMember(c.gid, user.uid)))
        return { allowed: false, status: 403, reason: M.NOT_GROUP_MEMBER };
      if (c.auth === 1 || c.auth === 2) {
        if (!(await repo.findRegistration(db, c.id, user.uid)))
          return { allowed: false, status: 403, reason: M.SUBMIT_REGISTER };
        if (c.openAccountLimit && !matchesAccountRule(user.username, c.accountLimitRule))
          return { allowed: false, status: 403, reason: M.SUBMIT_ACCOUNT_RULE };
      }
    }
    const cp = await repo.contestProblemByDisplayId(db, c.id, displayId);
    if (!cp) return { allowed: false, status: 404, reason: M.CP_MISSING };
    const summary = (await deps.problems.summaries([cp.pid])).get(cp.pid);
    if (!summary) return { allowed: false, status: 404, reason: M.CP_MISSING };
    if (summary.auth === 2) return { allowed: false, status: 403, reason: M.SUBMIT_HIDDEN };
    return {
      allowed: true,
      cid: c.id,
      cpid: cp.id,
      pid: cp.pid,
      displayId: cp.display_id,
      gid: c.gid,
      isContestAdmin: admin,
    };
  }

  /** Facts the submission list/detail rules need; null when the contest does not exist. */
  async function viewFacts(user: AuthUser | null, cid: number): Promise<ContestViewFacts | null> {
    const c = await repo.findContest(db, cid);
    if (!c) return null;
    const admin = await adminOf(user, c);
    const now = deps.now();
    return {
      contest: c,
      isContestAdmin: admin,
      sealed: sealedFor(timesOf(c), now, { isContestAdmin: admin, forceRefresh: true }),
      status: statusOf(c, now),
    };
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

  /**
   * The contest as the comment area's Q&A rules see it (discussion capability port):
   * creator, group owners, status, and whether `viewer` is a contest admin.
   */
  async function commentFacts(viewer: AuthUser | null, cid: number) {
    const c = await repo.findContest(db, cid);
    if (!c) return null;
    const admin = await adminOf(viewer, c);
    return {
      cid: c.id,
      visible: c.visible,
      status: statusOf(c, deps.now()),
      creatorUid: c.uid,
      groupOwnerUids: c.isGroup && c.gid !== null ? await deps.groups.ownerUids(c.gid) : [],
      isContestAdmin: admin,
    };
  }

  /** The contest access check as a port (throws the §0.6 errors). */
  async function checkAccess(user: AuthUser, cid: number): Promise<{ isContestAdmin: boolean }> {
    const { admin } = await accessByCid(user, cid);
    return { isContestAdmin: admin };
  }

  /**
   * Who may join a contest's push rooms: contest admins both rooms; anyone the contest
   * room of a public outside scoreboard (openRank, started); otherwise those passing the access check.
   */
  async function canWatchContest(viewer: AuthUser | null, cid: number): Promise<ContestWatchDecision> {
    const c = await repo.findContest(db, cid);
    if (!c) return 'not-found';
    if (await adminOf(viewer, c)) return 'admin';
    if (!c.visible) return 'not-found';
    if (c.openRank && statusOf(c, deps.now()) !== -1) return 'ok';
    if (!viewer) return 'denied';
    try {
      await cac(viewer, c);
      return 'ok';
    } catch (err) {
      if (err instanceof ApiError) return 'denied';
      throw err;
    }
  }

  /**
   * Publishes `first-ac` for the admin helper when a verdict makes a submission its
   * user's first accepted one on that problem (inside the contest window; the creator and
   * super admins are left out, as in the AC-info list).
   */
  async function announceFirstAccepted(u: Pick<SubmissionUpdate, 'submitId' | 'cid' | 'status' | 'reason'>) {
    if (!u.cid || u.status !== ACCEPTED || u.reason === 'progress') return;
    const row = await deps.submissions.byId(u.submitId);
    if (!row || row.cid !== u.cid || row.status !== ACCEPTED) return;
    const c = await repo.findContest(db, row.cid);
    if (!c) return;
    const at = row.submitTime.getTime();
    if (at < c.startTime.getTime() || at > c.endTime.getTime()) return;
    if (row.uid === c.uid || (await superAdmins()).includes(row.uid)) return;
    const first = deps.submissions.firstAcceptedId
      ? await deps.submissions.firstAcceptedId(row.cid, row.uid, row.cpid)
      : (await deps.submissions.ofContest(row.cid))
          .filter((r) => r.uid === row.uid && r.cpid === row.cpid && r.status === ACCEPTED)
          .reduce<number | null>((m, r) => (m === null || r.submitId < m ? r.submitId : m), null);
    if (first !== row.submitId) return;
    const cp = (await repo.contestProblems(db, row.cid)).find((p) => p.id === row.cpid);
    if (!cp) return;
    await publish(row.cid, 'first-ac', {
      cid: row.cid,
      submitId: row.submitId,
      uid: row.uid,
      username: row.username,
      displayId: cp.display_id,
    });
  }

  /** Contest display titles by contest_problem id (contest submission lists). */
  async function displayTitles(cid: number): Promise<Map<number, string>> {
    return new Map((await repo.contestProblems(db, cid)).map((p) => [p.id, p.display_title]));
  }

  /** The first accepted submission per (user, problem) of a contest, with first blood (admin helper data). */
  async function firstAccepted(cid: number) {
    const c = await repo.findContest(db, cid);
    if (!c) return [];
    const rows = (await deps.submissions.ofContest(cid)).filter((r) => r.status === ACCEPTED);
    const first = new Map<string, (typeof rows)[number]>();
    for (const r of rows) {
      const key = `${r.uid}\u0000${r.cpid}`;
      const seen = first.get(key);
      if (!seen || r.submitId < seen.submitId) first.set(key, r);
    }
    return [...first.values()];
  }

  // ---------- admin CRUD (groups-admin-files.md §4.10) ----------

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

  async function adminProblemList(q: {
    cid: number;
    currentPage?: number;
    limit?: number;
    problemType?: number;
    oj?: string;
    keyword?: string;
  }) {
    const p = pageArgs(q.currentPage, q.limit, 10);
    const c = await repo.findContest(db, q.cid);
    const rows = c ? await repo.contestProblems(db, c.id) : [];
    const contestProblemMap = Object.fromEntries(rows.map((r) => [String(r.pid), toContestProblem(r)]));
    if (q.problemType !== undefined && c) {
      const found = await deps.problems.candidates({
        problemType: q.problemType,
        oj: q.oj,
        keyword: q.keyword,
        exceptPids: rows.map((r) => r.pid),
        excludeContestOnly: c.isGroup,
        page: p.current,
        limit: p.limit,
      });
      return { problemList: makePage(found.records, found.total, p.limit, p.current), contestProblemMap };
    }
    const slice = rows.slice((p.current - 1) * p.limit, p.current * p.limit);
    const problemList: Record<string, unknown>[] = [];
    for (const r of slice) {
      const row = await deps.problems.problemRow(r.pid);
      if (row) problemList.push(row);
    }
    return { problemList: makePage(problemList, rows.length, p.limit, p.current), contestProblemMap };
  }

  // ---------- problems owned by a contest (through the problem capability) ----------

  /** GET /api/admin/contest/problem: as GET /api/admin/problem. */
  async function adminProblem(user: AuthUser, pid: number) {
    return deps.authoring.get(user, pid);
  }

  /**
   * POST /api/admin/contest/problem: a new problem with auth 3 (contest-only); the client
   * links it with PUT /api/admin/contest/contest-problem afterwards.
   */
  async function adminCreateProblem(user: AuthUser, dto: ProblemDTO) {
    const problem = dto.problem ? { ...dto.problem, auth: 3 } : dto.problem;
    return { pid: await deps.authoring.create(user, { ...dto, problem }) };
  }

  /** PUT /api/admin/contest/problem. */
  async function adminUpdateProblem(user: AuthUser, dto: ProblemDTO) {
    await deps.authoring.update(user, dto);
    return null;
  }

  async function getContestProblem(cid: number, pid: number) {
    const cp = await repo.contestProblemByPid(db, cid, pid);
    if (!cp) throw fail(M.QUERY_FAILED);
    return toContestProblem(cp);
  }

  async function saveContestProblem(body: {
    id?: number | null;
    cid?: number | null;
    pid?: number | null;
    displayId?: string | null;
    displayTitle?: string | null;
    color?: string | null;
  }) {
    if (!body.cid || !body.pid || !body.displayId?.trim()) throw fail(M.CP_UPDATE_FAILED);
    if (!(await repo.findContest(db, body.cid))) throw fail(M.CP_UPDATE_FAILED);
    if (await repo.contestProblemClash(db, body.cid, body.pid, body.displayId.trim(), body.id ?? undefined))
      throw fail(M.CP_DUPLICATE);
    const saved = await repo.saveContestProblem(db, {
      id: body.id,
      cid: body.cid,
      pid: body.pid,
      displayId: body.displayId.trim(),
      displayTitle: body.displayTitle ?? '',
      color: body.color ?? null,
    });
    deps.scoreboards.invalidate(body.cid);
    return toContestProblem(saved);
  }

  async function addFromPublic(body: {
    pid?: number | null;
    cid?: number | null;
    displayId?: string | null;
  }) {
    if (!body.pid || !body.cid || !body.displayId?.trim()) throw fail(M.ADD_FAILED);
    const problem = (await deps.problems.summaries([body.pid])).get(body.pid);
    if (!problem) throw notFound(M.PROBLEM_MISSING);
    const contest = await repo.findContest(db, body.cid);
    if (!contest) throw notFound(M.CONTEST_MISSING);
    if (await repo.contestProblemClash(db, body.cid, body.pid, body.displayId.trim()))
      throw fail(M.CP_DUPLICATE);
    await repo.saveContestProblem(db, {
      cid: body.cid,
      pid: body.pid,
      displayId: body.displayId.trim(),
      displayTitle: problem.title,
      color: null,
    });
    // A public problem stays in the public bank: hidden only while this contest has not ended
    // (reads.ts returns it afterwards; docs/compat.md). Other problems become contest-only.
    const decision = borrowDecision(
      problem.auth,
      await reads.isBorrowed(db, body.pid),
      contest.endTime,
      deps.now(),
    );
    if (decision === 'borrow') await reads.borrowPublicProblem(db, body.pid, body.cid);
    if (decision !== 'keep-public') {
      await deps.problems.markContestOnly(body.pid);
      await deps.bus.publish(Subjects.problemChanged, { at: Date.now() }).catch(() => undefined);
    }
    deps.scoreboards.invalidate(body.cid);
    return null;
  }

  async function removeProblem(cid: number, pid: number) {
    await repo.deleteContestProblem(db, cid, pid);
    deps.scoreboards.invalidate(cid);
    return null;
  }

  async function adminAnnouncements(cid: number, currentPage?: number, limit?: number) {
    const p = pageArgs(currentPage, limit, 10);
    const { total, rows } = await repo.listAnnouncements(db, cid, false, p.current, p.limit);
    return makePage(rows.map(toAnnouncementVO), total, p.limit, p.current);
  }

  interface AnnouncementDTO {
    announcement?: {
      id?: number | null;
      title?: string | null;
      content?: string | null;
      status?: number | null;
    };
    cid?: number | null;
  }

  async function addAnnouncement(user: AuthUser, dto: AnnouncementDTO) {
    const a = dto.announcement;
    const c = dto.cid ? await repo.findContest(db, dto.cid) : null;
    if (!a || !c || !a.title?.trim()) throw fail(M.ADD_FAILED);
    const saved = await repo.insertAnnouncement(db, {
      cid: c.id,
      title: a.title,
      content: a.content ?? '',
      uid: user.uid,
      username: user.username,
      status: a.status ?? 0,
      gid: c.gid,
    });
    await publish(c.id, 'announcement', { cid: c.id, id: saved.id, title: saved.title });
    return null;
  }

  async function updateAnnouncement(dto: AnnouncementDTO) {
    const a = dto.announcement;
    if (!a?.id) throw fail(M.ANNOUNCEMENT_UPDATE_FAILED);
    const ok = await repo.updateAnnouncement(db, a.id, {
      title: a.title ?? undefined,
      content: a.content ?? undefined,
      status: a.status ?? undefined,
    });
    if (!ok) throw fail(M.ANNOUNCEMENT_UPDATE_FAILED);
    const saved = await repo.findAnnouncement(db, a.id);
    if (saved) await publish(saved.cid, 'announcement', { cid: saved.cid, id: saved.id, title: saved.title });
    return null;
  }

  /** The contest admin check for an announcement, from its stored contest. */
  async function requireAnnouncementAdmin(user: AuthUser, aid: number | null | undefined) {
    const a = aid ? await repo.findAnnouncement(db, aid) : null;
    if (!a) throw fail(M.ANNOUNCEMENT_UPDATE_FAILED);
    await requireContestAdmin(user, a.cid);
  }

  async function deleteAnnouncement(aid: number) {
    if (!(await repo.deleteAnnouncement(db, aid))) throw fail(M.ANNOUNCEMENT_DELETE_FAILED);
    return null;
  }

  async function publish(cid: number, kind: string, payload: object) {
    try {
      await deps.bus.publish(Subjects.contestEvent(cid, kind), { ...payload, at: deps.now() });
    } catch (err) {
      deps.log?.warn({ err, cid, kind }, 'publishing a contest event failed');
    }
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
    markAnnouncementsRead: (user: AuthUser, cid: number, aids: readonly number[]) =>
      reads.markAnnouncementsRead(db, cid, user.uid, aids).then(() => null),
    rank,
    outsideRank,
    acInfo,
    checkAcInfo,
    submitPrint,
    prints,
    checkPrint,
    printText,
    rankXlsx,
    acSubmissionsZip,
    scrollBoardInfo,
    scrollBoardSubmissions,
    submitGate,
    viewFacts,
    checkAccess,
    commentFacts,
    canWatchContest,
    announceFirstAccepted,
    displayTitles,
    firstAccepted,
    fullScreenList,
    adminList,
    adminGet,
    adminCreate,
    adminUpdate,
    adminDelete,
    cloneContest,
    changeVisible,
    adminProblemList,
    adminProblem,
    adminCreateProblem,
    adminUpdateProblem,
    getContestProblem,
    saveContestProblem,
    addFromPublic,
    removeProblem,
    adminAnnouncements,
    addAnnouncement,
    updateAnnouncement,
    deleteAnnouncement,
    requireContestAdmin,
    requireAnnouncementAdmin,
  };
}

export type ContestService = ReturnType<typeof createContestService>;

// The shared context of the contest service's use cases (reference §0.6): who is a
// contest admin, the contest access check every participant route goes through, and
// event publishing; plus the answers other capabilities ask for (submit gate, view and
// comment facts, watch decisions), since they are the same access rules.
import { Subjects } from '@oj/protocol';
import type { Bus } from '@oj/protocol/bus';
import { sealedFor } from '@oj/protocol/contest/clock';
import type { ContestWatchDecision } from '@oj/protocol/realtime/events';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, notFound, ApiError } from '../platform/http/errors';
import { M } from './messages';
import type {
  ContestGroupPort,
  ContestProblemAuthoring,
  ProblemCatalog,
  SubmissionSource,
  UserDirectory,
} from './ports';
import * as repo from './repository';
import type { Db } from './repository';
import { isContestAdmin, matchesAccountRule, statusOf, timesOf, type ContestRecordRow } from './rules';
import type { ScoreboardService } from './scoreboard-service';

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
  /** Whether the user took the (ended) contest virtually: its access check admits them (issue #27). */
  virtualAccess?: (cid: number, uid: string) => Promise<boolean>;
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
  /** The board decision (contestSight) admits the viewer: admin, outside view or access check. */
  mayRead: boolean;
}

/** What every use-case module of the contest service is built from. */
export type ContestContext = ReturnType<typeof createContestContext>;

export function createContestContext(deps: ContestServiceDeps) {
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
      if (
        !(await repo.findRegistration(db, c.id, user.uid)) &&
        !(statusOf(c, deps.now()) === 1 && (await deps.virtualAccess?.(c.id, user.uid)))
      )
        throw denied(M.REGISTER_FIRST);
      if (c.openAccountLimit && !matchesAccountRule(user.username, c.accountLimitRule))
        throw denied(M.ACCOUNT_RULE);
    }
    return false;
  }

  async function accessByCid(user: AuthUser, cid: number) {
    const c = await visibleContest(cid);
    return { contest: c, admin: await cac(user, c) };
  }

  /** A group contest's pages are for the group's members (and root). */
  async function groupGuard(user: AuthUser, c: ContestRecordRow) {
    if (c.isGroup && c.gid !== null && !isRoot(user) && !(await deps.groups.isMember(c.gid, user.uid)))
      throw denied(M.NO_PERMISSION);
  }

  /**
   * The outside view of a contest (issue #23 item 7): outside info, the outside board, the
   * problem list without the access check, the scroll board and the contest's push room all ask
   * this. Null = allowed; else the refusal. Contest admins are the caller's business (adminOf).
   * A group contest's outside view is for the group's members (and root) only.
   */
  async function outsideRefusal(viewer: AuthUser | null, c: ContestRecordRow): Promise<ApiError | null> {
    if (!c.visible) return notFound(M.OUTSIDE_MISSING);
    if (!c.openRank) return denied(M.OUTSIDE_CLOSED);
    if (statusOf(c, deps.now()) === -1) return denied(M.OUTSIDE_SCHEDULED);
    if (c.isGroup && c.gid !== null && !isRoot(viewer)) {
      if (!viewer || !(await deps.groups.isMember(c.gid, viewer.uid))) return denied(M.NOT_GROUP_MEMBER);
    }
    return null;
  }

  /**
   * Who may read a contest's live board and problem list (REST and the contest room alike):
   * 'admin' for its admins, 'ok' for those the outside view or the access check admits.
   */
  async function contestSight(viewer: AuthUser | null, c: ContestRecordRow): Promise<ContestWatchDecision> {
    if (await adminOf(viewer, c)) return 'admin';
    if (!c.visible) return 'not-found';
    if (!(await outsideRefusal(viewer, c))) return 'ok';
    if (!viewer) return 'denied';
    try {
      await cac(viewer, c);
      return 'ok';
    } catch (err) {
      if (err instanceof ApiError) return 'denied';
      throw err;
    }
  }

  async function requireContestAdmin(user: AuthUser, cid: number | null | undefined) {
    const c = cid ? await repo.findContest(db, cid) : null;
    if (!c || !(await adminOf(user, c))) throw denied(M.NO_PERMISSION);
    return c;
  }

  async function superAdmins(): Promise<string[]> {
    return deps.users.superAdminUids();
  }

  /**
   * Registrations per contest; a public contest has none (nobody enters a password), so its
   * participants are the users who submitted (issue #16; docs/compat.md).
   */
  async function participantCounts(cids: readonly number[]): Promise<Map<number, number>> {
    const out = await repo.registrationCounts(db, cids);
    const submitted = (await deps.submissions.participantCounts?.(cids)) ?? new Map<number, number>();
    for (const [cid, n] of submitted) out.set(cid, Math.max(n, out.get(cid) ?? 0));
    return out;
  }

  /** A failed publish is logged, never the caller's failure: the write it follows is stored. */
  async function publish(cid: number, kind: string, payload: object) {
    try {
      await deps.bus.publish(Subjects.contestEvent(cid, kind), { ...payload, at: deps.now() });
    } catch (err) {
      deps.log?.warn({ err, cid, kind }, 'publishing a contest event failed');
    }
  }

  return {
    deps,
    db,
    adminOf,
    visibleContest,
    cac,
    accessByCid,
    groupGuard,
    outsideRefusal,
    contestSight,
    requireContestAdmin,
    superAdmins,
    participantCounts,
    publish,
  };
}

/** The contest's answers to other capabilities' ports (judge, discussion, gateways). */
export function createAccessPorts(ctx: ContestContext) {
  const { deps, db, adminOf, cac, accessByCid } = ctx;

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
    const sight = admin ? 'admin' : await ctx.contestSight(user, c);
    return {
      contest: c,
      isContestAdmin: admin,
      mayRead: sight === 'admin' || sight === 'ok',
      sealed: sealedFor(timesOf(c), now, { isContestAdmin: admin, forceRefresh: true }),
      status: statusOf(c, now),
    };
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
   * Who may join a contest's push rooms: the same decision as the REST reads of the board
   * (contestSight): contest admins both rooms; the outside view (open board, started, group
   * members only for a group contest) or the access check the contest room.
   */
  async function canWatchContest(viewer: AuthUser | null, cid: number): Promise<ContestWatchDecision> {
    const c = await repo.findContest(db, cid);
    if (!c) return 'not-found';
    return ctx.contestSight(viewer, c);
  }

  /**
   * May `user` use contest problem `pid` outside the submission path (the self-test)? When some
   * contest holding it admits them as its statement page does: its admins, or the access check.
   */
  async function mayUseContestProblem(user: AuthUser, pid: number): Promise<boolean> {
    for (const cid of await repo.contestIdsHolding(db, pid)) {
      const c = await repo.findContest(db, cid);
      if (!c) continue;
      try {
        await cac(user, c);
        return true;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
      }
    }
    return false;
  }

  /** Contest display titles by contest_problem id (contest submission lists). */
  async function displayTitles(cid: number): Promise<Map<number, string>> {
    return new Map((await repo.contestProblems(db, cid)).map((p) => [p.id, p.display_title]));
  }

  return {
    submitGate,
    viewFacts,
    checkAccess,
    commentFacts,
    canWatchContest,
    displayTitles,
    mayUseContestProblem,
  };
}

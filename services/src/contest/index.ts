// The contest capability: contests, their problems, registrations, announcements,
// live scoreboards, admin helper, print jobs, and the submit gate for the judge.
import './messages.en';
import type { AppContext, Capability } from '../platform/context';
import { accountTableUsers, judgeTableSubmissions, noAuthoring, problemTableCatalog } from './adapters';
import { noGroups, type ContestPorts } from './ports';
import { registerContestRoutes } from './routes';
import { createScoreboardService, type ScoreboardService } from './scoreboard-service';
import { createContestService, type ContestService, type SubmitGateResult } from './service';
import { createContestContext, type ContestServiceDeps } from './access';
import { createVirtualParticipation, type VirtualParticipationPart } from './virtual';
import { officialSubmissions } from './virtual/official-filter';
import { createContestReplay, type ContestReplayPart } from './replay';
import type { AuthUser } from '../platform/http/access';
import { denied, notFound } from '../platform/http/errors';
import type { Unsubscribe } from '@oj/protocol/bus';
import { serveContestWatchChecks, startFirstAcAnnouncer } from './live';
import { startBorrowReturner } from './reads';
import './group-messages';
import { registerGroupContestRoutes } from './group-routes';
import { createGroupContestService, type GroupContestService } from './group-service';
import { NO_GROUPS } from '../platform/shared-ports';

export type { ContestService, SubmitGateResult, ContestViewFacts, RankQuery } from './service';
export type { ScoreboardService, RankChangedEvent } from './scoreboard-service';
export type * from './ports';
export type { ContestTables } from './tables';
export { problemAdminAuthoring, problemTableCatalog, type ProblemAdminLike } from './adapters';
export { matchesAccountRule, parseAccountLimitRule, isContestAdmin } from './rules';

export interface ContestCapability extends Capability {
  service: ContestService;
  /** /api/group/*contest*: the group's rules in front of this service. */
  groupContests: GroupContestService;
  scoreboards: ScoreboardService;
  /** Virtual participation and the ghost boards (issue #27). */
  virtual: VirtualParticipationPart;
  /** Contest replays for an audience (issue #27 item 4). */
  replay: ContestReplayPart;
  /** For the judge capability's submit path (core.md submit rule 6). */
  contestSubmitGate(user: AuthUser, cid: number, displayId: string): Promise<SubmitGateResult>;
  /**
   * The judge capability's ContestSubmitPort: the submit gate as a target, or the
   * reference's ApiError (404 contest/problem missing, 403 ended/not started/not registered/hidden).
   */
  submitPort: {
    resolveSubmission(
      user: AuthUser,
      cid: number,
      displayId: string,
    ): Promise<{ pid: number; cpid: number; displayId: string; gid: number | null }>;
  };
  /** For the problem capability's FullScreenListPort.forContest (it passes a uid only). */
  fullScreenForContest(uid: string, cid: number): Promise<FullScreenRow[]>;
  /** For the judge capability's contest submission endpoints (list, status check). */
  submissionViews: {
    /** Seal/admin facts of a contest for a viewer; null when the contest does not exist. */
    viewFacts: ContestService['viewFacts'];
    /** The contest access check; throws the reference's errors. */
    checkAccess(user: AuthUser, cid: number): Promise<{ isContestAdmin: boolean }>;
    /** contest_problem.id → display title. */
    displayTitles(cid: number): Promise<Map<number, string>>;
    /** Some contest holding the problem admits the user (its admins, the access check). */
    mayUseContestProblem(user: AuthUser, pid: number): Promise<boolean>;
  };
}

export interface FullScreenRow {
  pid: number;
  problemId: string;
  title: string;
  status: number | null;
  score: number | null;
}

export function createContestCapability(ctx: AppContext, ports: ContestPorts = {}): ContestCapability {
  const submissions = ports.submissions ?? judgeTableSubmissions(ctx.db);
  const users = ports.users ?? accountTableUsers(ctx.db);
  const problems = ports.problems ?? problemTableCatalog(ctx.db);
  const groups = ports.groups ?? noGroups;
  // The official boards never see virtual participants' submissions (issue #27).
  const official = officialSubmissions(submissions, ctx.db);
  const scoreboards = createScoreboardService({
    db: ctx.db,
    bus: ctx.bus,
    submissions: official.source,
    users,
    groups,
    log: ctx.log,
  });
  const serviceDeps: ContestServiceDeps = {
    db: ctx.db,
    bus: ctx.bus,
    submissions,
    users,
    problems,
    groups,
    scoreboards,
    authoring: ports.authoring ?? noAuthoring,
    now: ports.now ?? Date.now,
    log: ctx.log,
    // A virtual participant of a private contest passes its access check (issue #27).
    virtualAccess: (cid, uid) => virtual.service.hasParticipation(cid, uid),
  };
  const service = createContestService(serviceDeps);
  const virtual = createVirtualParticipation(createContestContext(serviceDeps), {
    onStarted: (cid) => official.forget(cid),
  });
  const replay = createContestReplay(createContestContext(serviceDeps), virtual.engine, ports.replay);
  const submitGate = async (user: AuthUser, cid: number, displayId: string) =>
    virtual.gate(user, cid, displayId, await service.submitGate(user, cid, displayId));
  const groupContests = createGroupContestService(
    { db: ctx.db, groups: ports.groupRoles ?? NO_GROUPS, problems, now: ports.now ?? Date.now },
    service,
  );
  const stops: Unsubscribe[] = [];
  return {
    name: 'contest',
    service,
    groupContests,
    scoreboards,
    virtual,
    replay,
    contestSubmitGate: submitGate,
    submitPort: {
      async resolveSubmission(user, cid, displayId) {
        const gate = await submitGate(user, cid, displayId);
        if (!gate.allowed) throw gate.status === 404 ? notFound(gate.reason) : denied(gate.reason);
        return { pid: gate.pid, cpid: gate.cpid, displayId: gate.displayId, gid: gate.gid };
      },
    },
    async fullScreenForContest(uid, cid) {
      // The port carries no roles: root is recognised from the super-admin list.
      const [profile] = await users.profiles([uid]);
      const root = (await users.superAdminUids()).includes(uid);
      const user: AuthUser = {
        uid,
        username: profile?.username ?? uid,
        roleIds: root ? [1000] : [],
        roles: root ? ['root'] : [],
        permissions: [],
      };
      return service.fullScreenList(user, cid);
    },
    submissionViews: {
      viewFacts: (user, cid) => service.viewFacts(user, cid),
      checkAccess: (user, cid) => service.checkAccess(user, cid),
      displayTitles: (cid) => service.displayTitles(cid),
      mayUseContestProblem: (user, pid) => service.mayUseContestProblem(user, pid),
    },
    routes: (app) => {
      registerContestRoutes(app, service);
      registerGroupContestRoutes(app, groupContests);
      virtual.routes(app, virtual.service);
      replay.routes(app, replay.service);
    },
    async start() {
      await scoreboards.start();
      await virtual.engine.start();
      await replay.engine.start();
      stops.push(await serveContestWatchChecks(ctx.bus, service));
      stops.push(await startFirstAcAnnouncer(ctx.bus, service, ctx.log));
      const stopReturner = startBorrowReturner(ctx.db, ctx.bus, ports.now ?? Date.now, ctx.log);
      stops.push(async () => stopReturner());
    },
    async stop() {
      for (const stop of stops.splice(0)) await stop();
      await replay.engine.stop();
      await virtual.engine.stop();
      await scoreboards.stop();
    },
  };
}

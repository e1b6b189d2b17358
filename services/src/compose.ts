import path from 'node:path';
import type { Kysely } from 'kysely';
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import {
  createMemoryBus,
  createNatsBus,
  createDiskBlobStore,
  createNatsBlobStore,
  natsNamespace,
} from '@oj/protocol/bus';
import type { Config } from './platform/config';
import { createDatabase, type DatabaseHandle } from './platform/db';
import { cachedMigratedTemplate } from './platform/db/pglite-template';
import { migrateToLatest } from './platform/db/migrate';
import { seedPlatform } from './seed';
import type { AppContext, Capability } from './platform/context';
import { buildApp, type App } from './platform/http/app';
import { createAccountCapability, verifyCredentials } from './account';
import { createSiteCapability, siteServiceFor } from './site';
import { withEffectiveAcNeeds } from './site/rules';
import { createProblemCapability } from './problem';
import { createJudgeCapability, type JudgeCapability } from './judge';
import { problemPortFromProblemCapability } from './judge/problem-adapter';
import { createContestCapability, problemAdminAuthoring, problemTableCatalog } from './contest';
import { createCcsCapability } from './contest/ccs';
import { createCcsImportCapability } from './contest/ccs-import';
import { createCcsArchiveCapability } from './contest/ccs-archive';
import { createUsersService } from './admin/users-service';
import { createProblemJudgePort } from './problem';
import { createDiscussionCapability } from './discussion';
import { createMessageCapability } from './message';
import { createFileCapability } from './file';
import { createTrainingCapability } from './training';
import { createGroupCapability, groupProblemPort } from './group';
import { compilerFrontEndPort, createAdminCapability, startProcessBeacon } from './admin';
import { createGateway, remoteContestWatchPolicy, remoteWatchPolicy, type Gateway } from './gateway';
import { createRemoteJudgeCapability, type RemoteJudgeOptions } from './judge/remote';
import { durableBlobStore, serveBlobRestore } from './platform/blobs/durable';
import { createSimilarityCapability, type SimilarityOptions } from './judge/similarity';

export interface Platform {
  ctx: AppContext;
  judge: JudgeCapability;
  app: App;
  capabilities: Capability[];
  /** Stops consumers, closes the HTTP server, the bus and the database, in that order. */
  close(): Promise<void>;
}

export interface PlatformOptions {
  config: Config;
  logger?: FastifyBaseLogger;
  /** Serve the built web client from here (one-process start). */
  webRoot?: string;
  /** Apply judge results and progress in this process (default true). */
  live?: boolean;
  /** Insert the sample problems on start (default true). */
  seedSamples?: boolean;
  /** Serve socket.io push on the same HTTP server (one-process start); default false. */
  attachGateway?: boolean;
  /** The remote judge: its worker runs here when `worker` is true (one-process start, tests). */
  remoteJudge?: RemoteJudgeOptions;
  /** Similarity reports (issue #28): the analysis worker runs here when `worker` is true. */
  similarity?: SimilarityOptions;
}

/** The composition root: builds the context, every capability and the HTTP app. */
export async function createPlatform(opts: PlatformOptions): Promise<Platform> {
  const { config } = opts;
  const log = opts.logger ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  // A new embedded database starts from the migrated template npm start prepared (skips initdb).
  const fresh = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'));
  const database: DatabaseHandle = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    maxConnections: config.dbPool,
    log,
    pgliteArchive: fresh ? ((await cachedMigratedTemplate()) ?? undefined) : undefined,
  });
  await migrateToLatest(database.db);
  const ns = natsNamespace(process.env.OJ_NATS_PREFIX);
  const bus = config.natsUrl
    ? await createNatsBus({ servers: config.natsUrl, name: 'oj-services', ...ns })
    : createMemoryBus();
  // The NATS bucket is a copy a wiped NATS server loses: PostgreSQL keeps the truth (issue #23).
  const durableBlobs = config.natsUrl
    ? durableBlobStore(
        await createNatsBlobStore({ servers: config.natsUrl, bucket: ns.bucket }),
        database.db as unknown as Kysely<unknown>,
        log,
      )
    : null;
  const blobs = durableBlobs ?? createDiskBlobStore(path.join(config.dataDir, 'blobs'));
  const ctx: AppContext = { config, db: database.db, bus, blobs, log };

  const account = createAccountCapability(ctx);
  const site = siteServiceFor(ctx);
  account.usePolicy({ registerOpen: () => site.isRegisterOpen(), emailBlacklist: async () => [] });
  // The message center: NoticePort for personal notices, ReminderPort for the comment area.
  const message = createMessageCapability(ctx);
  account.useNotices(message.service.noticePort);
  // Groups: the GroupRolePort (group.roles) and the problem capability's membership port come from here.
  // Accepted-problem thresholds held to the site's public problems (issue #26 item 4; docs/compat.md M14).
  const writeLimits = async () =>
    withEffectiveAcNeeds(await site.switches(), await problem.service.publicProblemCount());
  const group = createGroupCapability(ctx, {
    limits: writeLimits,
    notices: message.service.noticePort,
  });
  // Contest-owned problems are written by the problem capability's back office (bound
  // late: the problem capability is built below, and the port is only called per request).
  const contest = createContestCapability(ctx, {
    // Group contests: members take part, the group root manages (GroupRolePort).
    groupRoles: group.roles,
    groups: {
      isMember: (gid, uid) => group.membership.isMember(uid, gid),
      ownerUids: async () => [],
      isGroupRoot: async (gid, uid) => (await group.roles.standing(uid, gid)) === 'root',
    },
    // Tags, languages and templates of contest problems come from the problem capability's rules.
    problems: { ...problemTableCatalog(ctx.db), extras: (pid) => problem.service.problemExtras(pid) },
    authoring: problemAdminAuthoring(
      {
        get: (user, pid) => problem.admin.get(user, pid),
        create: (user, dto) => problem.admin.create(user, dto),
        update: (user, dto) => problem.admin.update(user, dto),
      },
      createProblemJudgePort(ctx.db),
    ),
  });
  // Trainings: group trainings follow the group capability's standing rules (GroupRolePort).
  const training = createTrainingCapability(ctx, { groups: group.roles, seedHomeCategories: true });
  const judgeProblems = problemPortFromProblemCapability(ctx.db);
  const judge: JudgeCapability = createJudgeCapability(ctx, {
    problems: judgeProblems,
    switches: () => site.switches(),
    contests: contest.submitPort,
    trainings: training.submitPort,
    // Group problems: members submit, group roots see every submission of the group.
    groups: {
      isMember: (gid, uid) => group.membership.isMember(uid, gid),
      isGroupRoot: async (gid, uid) => (await group.roles.standing(uid, gid)) === 'root',
    },
    contestViews: contest.submissionViews,
    live: opts.live ?? true,
    submitBoundMs: config.reliability?.submitBoundMs,
  });
  account.useSubmissionStats(judge.stats);
  const problem = createProblemCapability(
    ctx,
    {
      status: judge.problemStatus,
      fullScreen: { forTraining: training.fullScreenForTraining, forContest: contest.fullScreenForContest },
      groups: group.membership,
      // special-judge / interactor compile check of the problem form (admin/compile-check.ts)
      compiler: compilerFrontEndPort,
    },
    { seedSamples: opts.seedSamples ?? true },
  );
  // Group problems: the group capability's rules, the problem capability's back office.
  group.useProblems(
    groupProblemPort(ctx.db as never, problem.admin, (input) => compilerFrontEndPort.compile(input)),
  );
  const discussion = createDiscussionCapability(ctx, {
    contests: {
      facts: (viewer, cid) => contest.service.commentFacts(viewer, cid),
      checkAccess: (user, cid) => contest.service.checkAccess(user, cid),
    },
    switches: writeLimits,
    postSwitches: writeLimits,
    reminders: message.service.reminderPort,
    groups: group.roles,
  });
  message.useSources(discussion.posts.sources);
  // Disbanding a group removes its contests, trainings and discussions (its problems: group.useProblems).
  group.onDisband((gid) => contest.groupContests.removeGroup(gid));
  group.onDisband((gid) => training.admin.removeGroupTrainings(gid));
  group.onDisband((gid) => discussion.posts.removeGroupPosts(gid));
  // Remote judge: import writes through the problem back office; the worker judges remote problems.
  const remoteJudge = createRemoteJudgeCapability(ctx, opts.remoteJudge);
  remoteJudge.useProblems({ create: (user, dto) => problem.admin.create(user, dto) });
  remoteJudge.useTrainings({ addFromPublic: (user, body) => training.admin.addFromPublic(user, body) });
  remoteJudge.useContests({
    requireAdmin: (user, cid) => contest.service.requireContestAdmin(user, cid),
    addFromPublic: (body) => contest.service.addFromPublic(body),
  });
  // Similarity reports: scope owners decide who administers what; cheating cancels go through the judge.
  const similarity = createSimilarityCapability(ctx, opts.similarity);
  const adminAnswer = async (check: () => Promise<boolean>): Promise<boolean | null> =>
    check().catch((err: { statusCode?: number; status?: number }) => {
      if ((err.status ?? err.statusCode) === 403 || (err.status ?? err.statusCode) === 401) return false;
      return null;
    });
  similarity.useAccess({
    contestAdmin: (user, cid) =>
      adminAnswer(async () => !!(await contest.service.requireContestAdmin(user, cid))),
    trainingAdmin: (user, tid) =>
      adminAnswer(async () => (await training.service.checkAccess(user, tid)).admin),
    problemAdmin: async (user, pid) => {
      const p = await judgeProblems.getProblemForJudge(pid);
      if (!p) return null;
      if (p.gid === null) return false;
      return ['admin', 'root'].includes(await group.roles.standing(user.uid, p.gid));
    },
  });
  similarity.useCancel({ cancelJudge: (user, submitId) => judge.service.cancelJudge(user, submitId) });
  // The ICPC Contest API at /api/ccs (issue #24); basic auth through the account's password check.
  const ccs = createCcsCapability(ctx, { contest, credentials: (u, p) => verifyCredentials(ctx.db, u, p) });
  const capabilities: Capability[] = [
    account,
    createSiteCapability(ctx),
    problem,
    judge,
    contest,
    training,
    discussion,
    message,
    createFileCapability(ctx, { groups: group.roles }),
    group,
    createAdminCapability(ctx, { notices: message.service.noticePort }),
    // Contest API imports (issue #24 items 5, 7): accounts through the back office's batch creation.
    createCcsImportCapability(ctx, {
      accounts: createUsersService({
        db: ctx.db,
        bus: ctx.bus,
        notices: message.service.noticePort,
        now: () => new Date(),
      }),
      requireContestAdmin: (user, cid) => contest.service.requireContestAdmin(user, cid),
    }),
    remoteJudge,
    ccs,
    // The Contest Archive Format (issue #24 item 6): export, and import as a new contest.
    createCcsArchiveCapability(ctx, {
      ccs,
      accounts: createUsersService({
        db: ctx.db,
        bus: ctx.bus,
        notices: message.service.noticePort,
        now: () => new Date(),
      }),
      requireContestAdmin: (user, cid) => contest.service.requireContestAdmin(user, cid),
    }),
    similarity,
  ];

  const app = await buildApp({
    logger: log,
    authenticator: account.authenticator,
    allowedOrigins: [config.baseUrl],
    trustProxy: config.trustProxy,
    shedding: config.reliability && {
      maxInFlight: config.reliability.shedMaxInFlight,
      maxLagMs: config.reliability.shedMaxLagMs,
    },
    webRoot: opts.webRoot && existsSync(path.join(opts.webRoot, 'index.html')) ? opts.webRoot : undefined,
    ready: async () => {
      await database.db.selectFrom('platform_kv').select('key').limit(1).execute();
    },
  });
  for (const cap of capabilities) await cap.routes?.(app);
  // Site defaults (languages above all) and root exist before any capability starts: the
  // sample problems seeded by the problem capability link the languages present then.
  await seedPlatform(ctx);
  for (const cap of capabilities) await cap.start?.();
  const stopBlobRestore = durableBlobs ? await serveBlobRestore(bus, durableBlobs) : null;
  // Blobs stored before their PostgreSQL copy existed get one (in the background; idempotent).
  durableBlobs
    ?.backfill()
    .catch((err: unknown) => log.warn({ err }, 'copying the blob bucket into PostgreSQL failed'));
  const gateway: Gateway | null = opts.attachGateway
    ? await createGateway({
        httpServer: app.server,
        bus,
        authenticator: account.authenticator,
        judge: remoteWatchPolicy(bus),
        contest: remoteContestWatchPolicy(bus),
        log,
      })
    : null;
  // The attached gateway reports its sockets like a standalone one (service info, /metrics).
  const stopGatewayBeacon = gateway
    ? startProcessBeacon(bus, 'gateway', `gateway-attached-${process.pid}`, 5000, () => ({
        sockets: gateway.io.engine.clientsCount,
      }))
    : null;

  return {
    ctx,
    judge,
    app,
    capabilities,
    async close() {
      stopGatewayBeacon?.();
      await gateway?.close();
      for (const cap of [...capabilities].reverse()) await cap.stop?.();
      await stopBlobRestore?.();
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

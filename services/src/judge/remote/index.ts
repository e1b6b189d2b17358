// The remote judge (issue #17): back-office routes (import, accounts) in every API process, and
// the worker, started by the remote-judge process (cluster) or in-process by the one-process start.
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { Subjects } from '@oj/protocol';
import type { Unsubscribe } from '@oj/protocol/bus';
import type { SiteConfigChanged, SwitchConfig } from '@oj/protocol/site/schemas';
import { siteServiceFor } from '../../site';
import { syncSwitchAccounts } from './switch-accounts';
import type { AppContext, Capability } from '../../platform/context';
import { createAdapters } from './adapters';
import { remoteConfigFromEnv } from './config';
import { registerRemoteJudgeRoutes } from './routes';
import { remoteSecretBox, type SecretBox } from './secret';
import {
  createRemoteJudgeService,
  type RemoteContestLink,
  type RemoteProblemAuthoring,
  type RemoteTrainingLink,
} from './service';
import { startRemoteWorker, type RemoteTimings, type RemoteWorker } from './worker';
import type { AdapterOptions, RemoteAdapter, RemoteJudgeName } from './types';

/** The super admin's switches, read fresh (the cache dropped first). */
export interface RemoteSwitchesPort {
  switches(): Promise<SwitchConfig>;
  invalidate(): void;
}

export interface RemoteJudgeOptions {
  adapters?: Partial<Record<RemoteJudgeName, RemoteAdapter>>;
  adapterOptions?: AdapterOptions;
  timings?: Partial<RemoteTimings>;
  /** Run the worker in this process (default false). */
  worker?: boolean;
  workerName?: string;
  /** Where the switch page's account lists come from (default: the site capability). */
  switches?: RemoteSwitchesPort;
  /** Judgings in flight in this process's worker (default OJ_REMOTE_CONCURRENCY, 16). */
  concurrency?: number;
}

export function createRemoteJudgeCapability(ctx: AppContext, opts: RemoteJudgeOptions = {}) {
  const db = ctx.db as unknown as Kysely<unknown>;
  const config = remoteConfigFromEnv();
  const adapters = opts.adapters ?? createAdapters(config.bases, opts.adapterOptions);
  let box: Promise<SecretBox> | null = null;
  const secrets = () => (box ??= remoteSecretBox(ctx.db));
  const deps: {
    problems?: RemoteProblemAuthoring;
    trainings?: RemoteTrainingLink;
    contests?: RemoteContestLink;
  } = {};
  const service = createRemoteJudgeService({
    db,
    adapters,
    secrets,
    get problems() {
      return deps.problems;
    },
    get trainings() {
      return deps.trainings;
    },
    get contests() {
      return deps.contests;
    },
  });
  let worker: RemoteWorker | null = null;
  let stopSwitches: Unsubscribe | null = null;
  const capability: Capability & {
    service: typeof service;
    useProblems(p: RemoteProblemAuthoring): void;
    useTrainings(t: RemoteTrainingLink): void;
    useContests(c: RemoteContestLink): void;
  } = {
    name: 'remote-judge',
    service,
    useProblems(p) {
      deps.problems = p;
    },
    useTrainings(t) {
      deps.trainings = t;
    },
    useContests(c) {
      deps.contests = c;
    },
    routes: (app) => registerRemoteJudgeRoutes(app, service),
    async start() {
      // The switch page's account lists feed the pools, now and on every switch change.
      const switches = opts.switches ?? siteServiceFor(ctx);
      const sync = async () => {
        switches.invalidate();
        const replaced = await syncSwitchAccounts(db, await secrets(), await switches.switches());
        if (replaced.length)
          ctx.log.info({ pools: replaced }, 'remote judge accounts replaced from the switch page');
      };
      stopSwitches = await ctx.bus.subscribe<SiteConfigChanged>(Subjects.siteConfigChanged, (e) => {
        if (!e?.groups?.includes('switch')) return;
        void sync().catch((err: unknown) =>
          ctx.log.warn({ err }, 'remote judge accounts: switch sync failed'),
        );
      });
      await sync().catch((err: unknown) =>
        ctx.log.warn({ err }, 'remote judge accounts: switch sync failed'),
      );
      if (!opts.worker) return;
      worker = await startRemoteWorker({
        db,
        bus: ctx.bus,
        log: ctx.log,
        adapters,
        secrets: await secrets(),
        name:
          opts.workerName ??
          config.workerName ??
          `remote-${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9_-]/g, '-'),
        timings: { ...config.timings, ...opts.timings },
        concurrency: opts.concurrency ?? config.concurrency,
      });
    },
    async stop() {
      await stopSwitches?.();
      stopSwitches = null;
      await worker?.stop();
      worker = null;
    },
  };
  return capability;
}

export type RemoteJudgeCapability = ReturnType<typeof createRemoteJudgeCapability>;

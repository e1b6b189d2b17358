// The remote judge (issue #17): back-office routes (import, accounts) in every API process, and
// the worker, started by the remote-judge process (cluster) or in-process by the one-process start.
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { AppContext, Capability } from '../../platform/context';
import { basesFromEnv, createAdapters } from './adapters';
import { registerRemoteJudgeRoutes } from './routes';
import { remoteSecretBox, type SecretBox } from './secret';
import {
  createRemoteJudgeService,
  type RemoteContestLink,
  type RemoteProblemAuthoring,
  type RemoteTrainingLink,
} from './service';
import { startRemoteWorker, timingsFromEnv, type RemoteTimings, type RemoteWorker } from './worker';
import type { AdapterOptions, RemoteAdapter, RemoteJudgeName } from './types';

export interface RemoteJudgeOptions {
  adapters?: Partial<Record<RemoteJudgeName, RemoteAdapter>>;
  adapterOptions?: AdapterOptions;
  timings?: Partial<RemoteTimings>;
  /** Run the worker in this process (default false). */
  worker?: boolean;
  workerName?: string;
}

export function createRemoteJudgeCapability(ctx: AppContext, opts: RemoteJudgeOptions = {}) {
  const db = ctx.db as unknown as Kysely<unknown>;
  const adapters = opts.adapters ?? createAdapters(basesFromEnv(), opts.adapterOptions);
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
      if (!opts.worker) return;
      worker = await startRemoteWorker({
        db,
        bus: ctx.bus,
        log: ctx.log,
        adapters,
        secrets: await secrets(),
        name: opts.workerName ?? `remote-${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9_-]/g, '-'),
        timings: { ...timingsFromEnv(), ...opts.timings },
      });
    },
    async stop() {
      await worker?.stop();
      worker = null;
    },
  };
  return capability;
}

export type RemoteJudgeCapability = ReturnType<typeof createRemoteJudgeCapability>;

// Code similarity reports (issue #28): routes in every API process; the worker (the analysis job)
// in the similarity process of the cluster, or in-process in the one-process start.
import type { Kysely } from 'kysely';
import type { AppContext, Capability } from '../../platform/context';
import { camelDb } from '../../platform/db/camel';
import { createSimilarityRepository } from './repository';
import { registerSimilarityRoutes } from './routes';
import { createSimilarityService, type SimilarityAccessPort, type SimilarityCancelPort } from './service';
import { startSimilarityWorker, type SimilarityWorker, type SimilarityWorkerOptions } from './worker';
import type { SimilarityTables } from './tables';
import './messages';

export type { SimilarityAccessPort, SimilarityCancelPort } from './service';

export interface SimilarityOptions {
  /** Run the worker in this process (default false). */
  worker?: boolean;
  workerOptions?: Partial<
    Pick<
      SimilarityWorkerOptions,
      'ackDeadlineMs' | 'staleMs' | 'sweepEveryMs' | 'afterGroup' | 'groupDelayMs'
    >
  >;
}

const NO_ACCESS: SimilarityAccessPort = {
  contestAdmin: async () => null,
  trainingAdmin: async () => null,
  problemAdmin: async () => null,
};
const NO_CANCEL: SimilarityCancelPort = {
  cancelJudge: () => Promise.reject(new Error('no judge capability plugged in')),
};

export function createSimilarityCapability(ctx: AppContext, opts: SimilarityOptions = {}) {
  const repo = createSimilarityRepository(camelDb<SimilarityTables>(ctx.db as unknown as Kysely<unknown>));
  const ports: { access: SimilarityAccessPort; cancel: SimilarityCancelPort } = {
    access: NO_ACCESS,
    cancel: NO_CANCEL,
  };
  const service = createSimilarityService({
    repo,
    bus: ctx.bus,
    access: {
      contestAdmin: (u, id) => ports.access.contestAdmin(u, id),
      trainingAdmin: (u, id) => ports.access.trainingAdmin(u, id),
      problemAdmin: (u, id) => ports.access.problemAdmin(u, id),
    },
    cancel: { cancelJudge: (u, id) => ports.cancel.cancelJudge(u, id) },
  });
  let worker: SimilarityWorker | null = null;
  const capability: Capability & {
    service: typeof service;
    useAccess(a: SimilarityAccessPort): void;
    useCancel(c: SimilarityCancelPort): void;
  } = {
    name: 'similarity',
    service,
    useAccess(a) {
      ports.access = a;
    },
    useCancel(c) {
      ports.cancel = c;
    },
    routes: (app) => registerSimilarityRoutes(app, service),
    async start() {
      if (!opts.worker) return;
      worker = await startSimilarityWorker({
        repo,
        bus: ctx.bus,
        service,
        log: ctx.log,
        ...opts.workerOptions,
      });
    },
    async stop() {
      await worker?.stop();
      worker = null;
    },
  };
  return capability;
}

export type SimilarityCapability = ReturnType<typeof createSimilarityCapability>;

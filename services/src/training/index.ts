// The training capability: training sets with categories, access and registration, problem
// lists, progress and the training rank, the judge's training submit gate, its back office.
// Group trainings (gid set) are served by the same code; their group rules come from the
// GroupRolePort the composition root plugs in (the group capability; NO_GROUPS until then).
import type { Unsubscribe } from '@oj/protocol/bus';
import type { AppContext, Capability } from '../platform/context';
import { NO_GROUPS, type GroupRolePort } from '../platform/shared-ports';
import { createTrainingAdminService, type TrainingAdminService } from './admin-service';
import { createGroupTrainingService } from './group-service';
import { startTrainingLive } from './live';
import type { TrainingFullScreenRow, TrainingSubmitPort } from './ports';
import { registerTrainingRoutes } from './routes';
import { seedHomeCategories } from './repository';
import { camelDb } from '../platform/db/camel';
import type { TrainingTables } from './tables';
import { createTrainingService, type TrainingService } from './service';

export type * from './ports';
export type { TrainingTables } from './tables';
export type { TrainingService } from './service';
export type { TrainingAdminService } from './admin-service';

export interface TrainingCapability extends Capability {
  service: TrainingService;
  admin: TrainingAdminService;
  /** For the judge capability's submit path (core.md submit rule 7). */
  submitPort: TrainingSubmitPort;
  /** For the problem capability's FullScreenListPort.forTraining (it passes a uid only). */
  fullScreenForTraining(uid: string, tid: number): Promise<TrainingFullScreenRow[]>;
}

export interface TrainingPorts {
  groups?: GroupRolePort;
  now?: () => number;
  /** Create the home page's shortcut categories (22, 23, 24) on a site without categories. */
  seedHomeCategories?: boolean;
}

const HOME_CATEGORIES = [
  { id: 22, name: '入门训练', color: '#2d72d2' },
  { id: 23, name: '进阶训练', color: '#c87619' },
  { id: 24, name: '专题训练', color: '#8f398f' },
];

export function createTrainingCapability(ctx: AppContext, ports: TrainingPorts = {}): TrainingCapability {
  const deps = { db: ctx.db, bus: ctx.bus, log: ctx.log, groups: ports.groups ?? NO_GROUPS, now: ports.now };
  const service = createTrainingService(deps);
  const admin = createTrainingAdminService(deps, service);
  const group = createGroupTrainingService(deps, service, admin);
  const stops: Unsubscribe[] = [];
  return {
    name: 'training',
    service,
    admin,
    submitPort: {
      resolveSubmission: (user, tid, displayId) => service.resolveSubmission(user, tid, displayId),
    },
    fullScreenForTraining: async (uid, tid) => service.fullScreen(await service.userOf(uid), tid),
    routes: (app) => registerTrainingRoutes(app, service, admin, group),
    async start() {
      if (ports.seedHomeCategories)
        await seedHomeCategories(camelDb<TrainingTables>(ctx.db as never), HOME_CATEGORIES);
      stops.push(...(await startTrainingLive(ctx.bus, service, ctx.log)));
    },
    async stop() {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}

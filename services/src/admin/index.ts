// The admin capability: the back office's own endpoints (dashboard, users, service info) and
// the live judge-server / submission-rate feed. Other back-office endpoints stay with the
// capability whose rows they write (problem, site, contest, judge).
import type { AppContext, Capability } from '../platform/context';
import type { App } from '../platform/http/app';
import { NO_NOTICES, type NoticePort } from '../platform/shared-ports';
import { createDashboardService } from './service';
import { createUsersService } from './users-service';
import { startAdminLive, type AdminLive } from './live';
import { registerAdminRoutes } from './routes';
import { registerTestHooks } from './test-hooks';
import { createMetrics } from './metrics';
import { registerEmailRoutes } from './email-config';
import { dbAndRedisConfigOf } from './deployment-config';

export { startProcessBeacon } from './live';
export { setEmbeddedRunnerControl } from './test-hooks';
export { compilerFrontEndPort } from './compile-check';

export interface AdminDeps {
  notices?: NoticePort;
  now?: () => Date;
  /** Live feed tuning (tests): staleness check period and the default stale window. */
  tickMs?: number;
  defaultStaleMs?: number;
}

export interface AdminCapability extends Capability {
  live(): AdminLive;
}

export function createAdminCapability(ctx: AppContext, deps: AdminDeps = {}): AdminCapability {
  const now = deps.now ?? (() => new Date());
  const dashboard = createDashboardService({ db: ctx.db, now });
  const users = createUsersService({ db: ctx.db, bus: ctx.bus, notices: deps.notices ?? NO_NOTICES, now });
  const metrics = createMetrics({ db: ctx.db, exposure: { ...ctx.config.metrics, host: ctx.config.host } });
  let live: AdminLive | null = null;
  const liveOrThrow = () => {
    if (!live) throw new Error('admin live feed not started');
    return live;
  };
  return {
    name: 'admin',
    live: liveOrThrow,
    routes(app: App) {
      registerAdminRoutes(app, {
        dashboard,
        users,
        live: {
          judgeServers: () => liveOrThrow().judgeServers(),
          submissionRate: () => liveOrThrow().submissionRate(),
          serviceInfo: () => liveOrThrow().serviceInfo(),
          judgeServiceInfo: () => liveOrThrow().judgeServiceInfo(),
          stop: async () => undefined,
        },
        dbAndRedisConfig: () => dbAndRedisConfigOf(ctx.config),
      });
      registerTestHooks(app);
      metrics.routes(app);
      registerEmailRoutes(app, ctx);
    },
    async start() {
      live = await startAdminLive({
        bus: ctx.bus,
        loadRate: () => dashboard.rateSeed(),
        tickMs: deps.tickMs,
        defaultStaleMs: deps.defaultStaleMs,
        port: ctx.config.port,
      });
      await metrics.start(ctx.bus);
    },
    async stop() {
      await metrics.stop();
      await live?.stop();
      live = null;
    },
  };
}

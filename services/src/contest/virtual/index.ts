// Virtual participation (issue #27): the engine (tapes and ghost boards), the use cases and the
// routes, built by the contest capability on its shared context.
import type { AuthUser } from '../../platform/http/access';
import type { ContestContext, SubmitGateResult } from '../access';
import { createVirtualEngine, type VirtualEngine } from './engine';
import { registerVirtualRoutes } from './routes';
import { createVirtualService, type VirtualService } from './service';
import './messages';

export interface VirtualParticipationPart {
  engine: VirtualEngine;
  service: VirtualService;
  /** The contest's submit gate, opened for a running participation of the user in that contest. */
  gate(user: AuthUser, cid: number, displayId: string, original: SubmitGateResult): Promise<SubmitGateResult>;
  routes: typeof registerVirtualRoutes;
}

export function createVirtualParticipation(
  ctx: ContestContext,
  opts: { tickMs?: number; onStarted?: (cid: number) => void } = {},
): VirtualParticipationPart {
  const engine = createVirtualEngine({
    db: ctx.db,
    bus: ctx.deps.bus,
    submissions: ctx.deps.submissions,
    users: ctx.deps.users,
    groups: ctx.deps.groups,
    now: ctx.deps.now,
    log: ctx.deps.log,
    tickMs: opts.tickMs,
  });
  const service = createVirtualService(ctx, engine, opts.onStarted);
  return {
    engine,
    service,
    async gate(user, cid, displayId, original) {
      if (original.allowed || original.status === 404) return original;
      return (await service.gate(user, cid, displayId)) ?? original;
    },
    routes: registerVirtualRoutes,
  };
}

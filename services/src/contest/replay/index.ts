// Contest replay (issue #27 item 4): the replay clocks (engine), the use cases and the routes,
// built by the contest capability on its shared context and the virtual engine's tapes.
import type { ContestContext } from '../access';
import type { VirtualEngine } from '../virtual/engine';
import { createReplayEngine, type ReplayEngine } from './engine';
import { registerReplayRoutes } from './routes';
import { createReplayService, type ReplayService } from './service';
import './messages';

export interface ContestReplayPart {
  engine: ReplayEngine;
  service: ReplayService;
  routes: typeof registerReplayRoutes;
}

export function createContestReplay(
  ctx: ContestContext,
  virtual: VirtualEngine,
  opts: { tickMs?: number; leaseMs?: number; me?: string } = {},
): ContestReplayPart {
  const engine = createReplayEngine({
    db: ctx.db,
    bus: ctx.deps.bus,
    now: ctx.deps.now,
    log: ctx.deps.log,
    tapeOf: (c) => virtual.tapeOf(c),
    ...opts,
  });
  return { engine, service: createReplayService(ctx, engine), routes: registerReplayRoutes };
}

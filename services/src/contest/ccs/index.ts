// The ICPC Contest API (CLICS 2023-06) at /api/ccs (issue #24): a read-only view of the contest
// capability's contests in the Contest API's shapes. Composed in compose.ts next to the contest
// capability it reads through (access decisions, live boards).
import type { AppContext, Capability } from '../../platform/context';
import type { ContestCapability } from '..';
import { registerCcsRoutes, type CredentialCheck } from './routes';
import { createCcsService, type CcsService } from './service';

export type { CcsService } from './service';
export type { CredentialCheck } from './routes';

export interface CcsCapability extends Capability {
  service: CcsService;
}

export function createCcsCapability(
  ctx: AppContext,
  deps: {
    contest: Pick<ContestCapability, 'service' | 'scoreboards'>;
    credentials: CredentialCheck;
    now?: () => number;
  },
): CcsCapability {
  const service = createCcsService({
    db: ctx.db,
    contests: deps.contest.service,
    scoreboards: deps.contest.scoreboards,
    now: deps.now ?? Date.now,
  });
  return {
    name: 'contest-api',
    service,
    async routes(app) {
      await registerCcsRoutes(app, service, deps.credentials);
    },
  };
}

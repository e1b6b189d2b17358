// The ICPC Contest API (CLICS 2023-06) at /api/ccs (issue #24): a read-only view of the contest
// capability's contests in the Contest API's shapes. Composed in compose.ts next to the contest
// capability it reads through (access decisions, live boards).
import type { AppContext, Capability } from '../../platform/context';
import type { ContestCapability } from '..';
import { registerCcsRoutes, type CredentialCheck } from './routes';
import { createCcsService, type CcsService } from './service';
import { createCcsFeeds, type CcsFeeds } from './feed';
import { appendFeedEvents, feedEventsAfter } from './repository';

export type { CcsService } from './service';
export type { CredentialCheck } from './routes';

export interface CcsCapability extends Capability {
  service: CcsService;
  feeds: CcsFeeds;
}

export function createCcsCapability(
  ctx: AppContext,
  deps: {
    contest: Pick<ContestCapability, 'service' | 'scoreboards'>;
    credentials: CredentialCheck;
    now?: () => number;
    /** Event-feed keep-alive newline interval (default 60 s; the spec asks for at most 120 s). */
    keepAliveMs?: number;
  },
): CcsCapability {
  const service = createCcsService({
    db: ctx.db,
    contests: deps.contest.service,
    scoreboards: deps.contest.scoreboards,
    now: deps.now ?? Date.now,
  });
  const feeds = createCcsFeeds(service, ctx.bus, {
    after: (cid, view, token) => feedEventsAfter(ctx.db, cid, view, token),
    append: (cid, view, after, add) => appendFeedEvents(ctx.db, cid, view, after, add),
  });
  return {
    name: 'contest-api',
    service,
    feeds,
    async routes(app) {
      await registerCcsRoutes(app, service, deps.credentials, feeds, deps.keepAliveMs);
    },
    start: () => feeds.start(),
    stop: () => feeds.stop(),
  };
}

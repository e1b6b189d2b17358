// The Contest Archive Format (issue #24 item 6): export a contest as the Contest API's archive
// and import one back as a new contest. Built by the composition root with the Contest API
// capability (its service and admin event feed), the contest service's admin check and the back
// office's batch account creation.
import './messages.en';
import type { AppContext, Capability } from '../../platform/context';
import type { AuthUser } from '../../platform/http/access';
import type { CcsCapability } from '../ccs';
import type { AccountBatchPort } from '../ccs-import';
import { registerCcsArchiveRoutes } from './routes';
import { createCcsArchiveService } from './service';

export function createCcsArchiveCapability(
  ctx: AppContext,
  ports: {
    ccs: Pick<CcsCapability, 'service' | 'feeds'>;
    accounts: AccountBatchPort;
    requireContestAdmin(user: AuthUser, cid: number): Promise<unknown>;
  },
): Capability {
  const { feeds } = ports.ccs;
  const service = createCcsArchiveService({
    db: ctx.db,
    ccs: ports.ccs.service,
    adminFeed: async (user, cid) =>
      (await feeds.open(await feeds.feedFor(user, String(cid)), undefined)).backlog,
    accounts: ports.accounts,
    requireContestAdmin: ports.requireContestAdmin,
  });
  return { name: 'contest-ccs-archive', routes: (app) => registerCcsArchiveRoutes(app, service) };
}

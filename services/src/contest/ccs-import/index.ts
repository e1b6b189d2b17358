// The Contest API imports (issue #24 items 5 and 7), part of the contest capability's back office:
// teams, organisations and accounts from the spec's JSON or DOMjudge's TSV, and an event feed
// read for the scroll board. Built by the composition root with the contest service's admin
// check and the back office's batch account creation.
import './messages.en';
import type { AppContext, Capability } from '../../platform/context';
import type { AuthUser } from '../../platform/http/access';
import { asImportDb } from './repository';
import { registerCcsImportRoutes } from './routes';
import { createCcsImportService, type AccountBatchPort } from './service';
import type { FetchFeedOptions } from './fetch-feed';

export type { AccountBatchPort } from './service';

export function createCcsImportCapability(
  ctx: AppContext,
  ports: {
    accounts: AccountBatchPort;
    requireContestAdmin(user: AuthUser, cid: number): Promise<unknown>;
    fetch?: FetchFeedOptions;
  },
): Capability {
  const service = createCcsImportService({
    db: asImportDb(ctx.db),
    blobs: ctx.blobs,
    accounts: ports.accounts,
    requireContestAdmin: ports.requireContestAdmin,
    fetch: ports.fetch,
  });
  return { name: 'contest-ccs-import', routes: (app) => registerCcsImportRoutes(app, service) };
}

// The discussion capability. Built so far: the comment area (contest Q&A and discussion
// comments, replies, comment likes). Discussion posts themselves come later and plug in
// through the DiscussionPort.
import './messages.en';
import type { AppContext, Capability } from '../platform/context';
import { accountTableAuthors, judgeTableAccepted } from './adapters';
import { noDiscussions, type ContestCommentPort, type DiscussionPorts } from './ports';
import { registerDiscussionRoutes } from './routes';
import { createDiscussionService, type DiscussionService } from './service';

export type * from './ports';
export type { DiscussionTables } from './tables';
export type { DiscussionService } from './service';
export type { ContestFacts, DiscussionFacts } from './rules';

export interface DiscussionCapability extends Capability {
  service: DiscussionService;
}

/** Without the contest capability no contest exists. */
const noContests: ContestCommentPort = {
  facts: async () => null,
  checkAccess: async () => undefined,
};

export function createDiscussionCapability(
  ctx: AppContext,
  ports: DiscussionPorts = {},
): DiscussionCapability {
  const service = createDiscussionService({
    db: ctx.db,
    bus: ctx.bus,
    contests: ports.contests ?? noContests,
    discussions: ports.discussions ?? noDiscussions,
    users: ports.users ?? accountTableAuthors(ctx.db),
    accepted: ports.accepted ?? judgeTableAccepted(ctx.db),
    switches:
      ports.switches ??
      (async () => ({
        openContestComment: true,
        openPublicDiscussion: true,
        openGroupDiscussion: true,
        defaultCreateCommentACInitValue: 10,
      })),
    now: ports.now ?? Date.now,
    log: ctx.log,
  });
  return {
    name: 'discussion',
    service,
    routes: (app) => registerDiscussionRoutes(app, service),
  };
}

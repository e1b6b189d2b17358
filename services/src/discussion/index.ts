// The discussion capability: discussion posts (categories, list, detail, create/edit/delete,
// likes, reports, back office) and the comment area (contest Q&A and discussion comments,
// replies, comment likes). Posts plug into the comment area through the DiscussionPort;
// reminders go to the message capability through the ReminderPort.
import './messages.en';
import type { Kysely } from 'kysely';
import type { Unsubscribe } from '@oj/protocol/bus';
import { MessageSubjects, type DiscussionWatchCheckRequest } from '@oj/protocol/realtime/message';
import type { AppContext, Capability } from '../platform/context';
import { NO_GROUPS } from '../platform/shared-ports';
import { accountTableAuthors, judgeTableAccepted } from './adapters';
import { NO_REMINDERS, type ContestCommentPort, type DiscussionPorts } from './ports';
import { postDb } from './post-repository';
import { registerPostRoutes } from './post-routes';
import { createGroupPostService } from './group-post-service';
import { registerGroupPostRoutes } from './group-post-routes';
import { createPostService, type PostService } from './post-service';
import { registerDiscussionRoutes } from './routes';
import { createDiscussionService, type DiscussionService } from './service';

export type * from './ports';
export type { DiscussionTables } from './tables';
export type { DiscussionService } from './service';
export type { PostService } from './post-service';
export type { ContestFacts, DiscussionFacts } from './rules';

export interface DiscussionCapability extends Capability {
  service: DiscussionService;
  posts: PostService;
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
  const switches =
    ports.switches ??
    (async () => ({
      openContestComment: true,
      openPublicDiscussion: true,
      openGroupDiscussion: true,
      defaultCreateCommentACInitValue: 10,
    }));
  const accepted = ports.accepted ?? judgeTableAccepted(ctx.db);
  const reminders = ports.reminders ?? NO_REMINDERS;
  const givenPostSwitches = ports.postSwitches;
  const postSwitches = async () => {
    const comment = await switches();
    return {
      defaultCreateDiscussionACInitValue: 10,
      defaultCreateDiscussionDailyLimit: 5,
      ...comment,
      ...(givenPostSwitches ? await givenPostSwitches() : {}),
      defaultCreateCommentACInitValue: comment.defaultCreateCommentACInitValue,
    };
  };
  const posts = createPostService({
    db: postDb(ctx.db as Kysely<unknown>),
    groups: ports.groups ?? NO_GROUPS,
    accepted,
    reminders,
    switches: postSwitches,
    now: ports.now ?? Date.now,
  });
  const groupPosts = createGroupPostService({
    db: postDb(ctx.db as Kysely<unknown>),
    groups: ports.groups ?? NO_GROUPS,
    accepted,
    switches: postSwitches,
    now: ports.now ?? Date.now,
  });
  const service = createDiscussionService({
    db: ctx.db,
    bus: ctx.bus,
    contests: ports.contests ?? noContests,
    // A test may play posts through its own port; by default the posts service answers.
    discussions: ports.discussions ?? posts.port,
    reminders,
    users: ports.users ?? accountTableAuthors(ctx.db),
    accepted,
    switches,
    now: ports.now ?? Date.now,
    log: ctx.log,
  });
  let stopWatchChecks: Unsubscribe | null = null;
  return {
    name: 'discussion',
    service,
    posts,
    routes: (app) => {
      registerDiscussionRoutes(app, service);
      registerPostRoutes(app, posts);
      registerGroupPostRoutes(app, groupPosts);
    },
    // Gateways ask whether a socket may join a discussion's room (the comment reads' decision).
    async start() {
      stopWatchChecks = await ctx.bus.reply<DiscussionWatchCheckRequest, string>(
        MessageSubjects.discussionWatchCheck,
        (q) => service.canWatchDiscussion(q.viewer, q.did),
        { queue: 'discussion-watch-check' },
      );
    },
    async stop() {
      await stopWatchChecks?.();
      stopWatchChecks = null;
    },
  };
}

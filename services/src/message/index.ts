// The message capability: reminders (comments on my posts, replies to me, likes), personal and
// site-wide notices, unread counts pushed to the user's room, admin notices. Implements the
// shared NoticePort and the discussion capability's ReminderPort.
import type { Kysely } from 'kysely';
import type { AppContext, Capability } from '../platform/context';
import { contestTableTitles } from './adapters';
import type { MessageSourcePort } from './ports';
import { messageDb } from './repository';
import { registerMessageRoutes } from './routes';
import { createMessageService, type MessageService } from './service';

export type * from './ports';
export type { MessageService } from './service';
export type { MessageTables } from './tables';

export interface MessageCapability extends Capability {
  service: MessageService;
  /** Plugged in late: the discussion capability is built after this one. */
  useSources(sources: Partial<MessageSourcePort>): void;
}

export function createMessageCapability(
  ctx: AppContext,
  opts: { now?: () => number } = {},
): MessageCapability {
  const sources: MessageSourcePort = {
    discussionTitles: async () => new Map(),
    contestTitles: contestTableTitles(ctx.db as Kysely<unknown>),
    quotes: async () => new Map(),
  };
  const service = createMessageService({
    db: messageDb(ctx.db as Kysely<unknown>),
    bus: ctx.bus,
    sources: {
      discussionTitles: (ids) => sources.discussionTitles(ids),
      contestTitles: (ids) => sources.contestTitles(ids),
      quotes: (items) => sources.quotes(items),
    },
    now: opts.now ?? Date.now,
    log: ctx.log,
  });
  return {
    name: 'message',
    service,
    useSources: (s) => Object.assign(sources, s),
    routes: (app) => registerMessageRoutes(app, service),
    stop: () => service.idle(),
  };
}

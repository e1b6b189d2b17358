// What the message center needs from other capabilities, as small ports; the composition root
// plugs the implementations in (`adapters.ts` holds read-only defaults).

export interface QuotedItem {
  fromName: string;
  toName: string | null;
  content: string;
  type: 'Comment' | 'Reply';
}

/** Titles and quoted texts of reminder sources (discussion posts, comment area, contests). */
export interface MessageSourcePort {
  /** Live discussion titles by id (missing = deleted). */
  discussionTitles(ids: readonly number[]): Promise<Map<number, string>>;
  /** Contest titles by id (missing = deleted). */
  contestTitles(ids: readonly number[]): Promise<Map<number, string>>;
  /** Live comments/replies by `Comment:<id>` / `Reply:<id>` key. */
  quotes(items: readonly { id: number; type: 'Comment' | 'Reply' }[]): Promise<Map<string, QuotedItem>>;
}

export const NO_SOURCES: MessageSourcePort = {
  discussionTitles: async () => new Map(),
  contestTitles: async () => new Map(),
  quotes: async () => new Map(),
};

/** A new reminder, and the port the discussion capability sends them through (shared ports). */
export type { Reminder, ReminderPort } from '../platform/shared-ports';

// The Contest API event feed (issue #24 item 2, first part): per contest and caller view, one
// in-memory feed built from the same reads as the REST endpoints (so they are equal at any
// moment), refreshed when the bus says the contest changed (a submission updated, the contest
// edited, its Q&A written) — never by polling. Every change of an object is one event
// `{type, id, data, token}` (data null: deleted). Tokens name this process's feed: a token of
// another process or an older start is refused (400); resuming across restarts needs a stored
// event log and is not done here.
import { randomBytes } from 'node:crypto';
import { Subjects } from '@oj/protocol';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import type { AuthUser } from '../../platform/http/access';
import { CcsError, type CcsService } from './service';

export interface FeedEvent {
  type: string;
  id: string | null;
  data: unknown;
  token: string;
}

/** Feed types in the order a snapshot lists them (references before their users). */
const TYPES = [
  'contest',
  'judgement-types',
  'languages',
  'problems',
  'groups',
  'organizations',
  'teams',
  'accounts',
  'persons',
  'state',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
  'awards',
] as const;

interface ViewFeed {
  tag: string;
  user: AuthUser | null;
  cid: string;
  /** `type\0id` → the object's JSON as last sent. */
  objects: Map<string, string>;
  log: FeedEvent[];
  listeners: Set<(events: FeedEvent[]) => void>;
  /** A refresh in flight and whether another was asked for meanwhile. */
  running: Promise<void> | null;
  again: boolean;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

export interface CcsFeedOptions {
  /** How long a feed nobody follows is kept for resuming clients (default 10 min). */
  keepIdleMs?: number;
}

export function createCcsFeeds(s: CcsService, bus: Bus, opts: CcsFeedOptions = {}) {
  const epoch = randomBytes(3).toString('hex');
  const feeds = new Map<string, Promise<ViewFeed>>();
  const byContest = new Map<string, Set<string>>();
  const keepIdleMs = opts.keepIdleMs ?? 600_000;
  const stops: Unsubscribe[] = [];
  let seq = 0;

  /** Every object a caller sees now, keyed `type\0id`, in snapshot order. */
  async function snapshot(
    user: AuthUser | null,
    cid: string,
  ): Promise<Map<string, [string, string | null, unknown]>> {
    const v = await s.view(user, cid);
    const out = new Map<string, [string, string | null, unknown]>();
    const put = (type: string, id: string | null, data: unknown) =>
      out.set(`${type}\0${id ?? ''}`, [type, id, data]);
    for (const type of TYPES) {
      if (type === 'contest') put(type, String(v.c.id), s.contestOf(v.c));
      else if (type === 'state') put(type, null, s.state(v));
      else {
        const list: { id: string }[] =
          type === 'judgement-types'
            ? s.judgementTypes()
            : type === 'languages'
              ? await s.languages()
              : type === 'problems'
                ? await s.problems(v)
                : type === 'groups'
                  ? await s.groups(v)
                  : type === 'organizations'
                    ? await s.organizations(v)
                    : type === 'teams'
                      ? await s.teams(v)
                      : type === 'accounts'
                        ? await s.accounts(v)
                        : type === 'persons'
                          ? await s.persons(v)
                          : type === 'submissions'
                            ? await s.submissions(v)
                            : type === 'judgements'
                              ? await s.judgements(v)
                              : type === 'runs'
                                ? await s.runs(v)
                                : type === 'clarifications'
                                  ? await s.clarifications(v)
                                  : await s.awards(v);
        for (const o of list) put(type, o.id, o);
      }
    }
    return out;
  }

  /** Compares the caller's objects now with what the feed sent; appends the differences. */
  async function refresh(f: ViewFeed) {
    const now = await snapshot(f.user, f.cid);
    const events: FeedEvent[] = [];
    const push = (type: string, id: string | null, data: unknown) =>
      events.push({ type, id, data, token: `${epoch}.${f.tag}.${f.log.length + events.length + 1}` });
    for (const [key, [type, id, data]] of now) {
      const json = JSON.stringify(data);
      if (f.objects.get(key) === json) continue;
      f.objects.set(key, json);
      push(type, id, data);
    }
    for (const key of [...f.objects.keys()]) {
      if (now.has(key)) continue;
      const [type, id] = key.split('\0') as [string, string];
      f.objects.delete(key);
      push(type, id === '' ? null : id, null);
    }
    if (events.length === 0) return;
    f.log.push(...events);
    for (const l of f.listeners) l(events);
  }

  function schedule(f: ViewFeed) {
    if (f.running) {
      f.again = true;
      return;
    }
    f.running = (async () => {
      do {
        f.again = false;
        try {
          await refresh(f);
        } catch {
          // The caller may have lost sight of the contest; the next change tries again.
        }
      } while (f.again);
      f.running = null;
    })();
  }

  function changed(cid: number | string) {
    for (const key of byContest.get(String(cid)) ?? []) {
      void feeds.get(key)?.then(schedule, () => undefined);
    }
  }

  async function feedFor(user: AuthUser | null, cid: string): Promise<ViewFeed> {
    const v = await s.view(user, cid);
    const who = v.perspective === 'team' ? `team:${v.team}` : v.perspective;
    const key = `${v.c.id}|${who}`;
    let f = feeds.get(key);
    if (!f) {
      f = (async () => {
        const feed: ViewFeed = {
          tag: (++seq).toString(36),
          user,
          cid: String(v.c.id),
          objects: new Map(),
          log: [],
          listeners: new Set(),
          running: null,
          again: false,
          idleTimer: null,
        };
        await refresh(feed);
        return feed;
      })();
      feeds.set(key, f);
      f.catch(() => feeds.delete(key));
      let keys = byContest.get(String(v.c.id));
      if (!keys) byContest.set(String(v.c.id), (keys = new Set()));
      keys.add(key);
    }
    const feed = await f;
    // Another caller of the same view may hold a newer sight of the contest (a token still valid).
    feed.user = user ?? feed.user;
    return feed;
  }

  /** Events after `sinceToken` (all when absent); 400 for a token this feed never gave. */
  function eventsAfter(f: ViewFeed, sinceToken: string | undefined): FeedEvent[] {
    if (sinceToken === undefined) return [...f.log];
    const m = /^([0-9a-f]{6})\.([0-9a-z]+)\.([1-9][0-9]*)$/.exec(sinceToken);
    if (!m || m[1] !== epoch || m[2] !== f.tag || Number(m[3]) > f.log.length)
      throw new CcsError(400, `unknown since_token '${sinceToken}'`);
    return f.log.slice(Number(m[3]));
  }

  /** Subscribes to the live changes of a feed; returns the unsubscribe. */
  function follow(f: ViewFeed, listener: (events: FeedEvent[]) => void): () => void {
    if (f.idleTimer) clearTimeout(f.idleTimer);
    f.idleTimer = null;
    f.listeners.add(listener);
    return () => {
      f.listeners.delete(listener);
      if (f.listeners.size === 0) {
        f.idleTimer = setTimeout(() => {
          for (const [key, p] of feeds) {
            void p.then((x) => {
              if (x === f && f.listeners.size === 0) {
                feeds.delete(key);
                byContest.get(f.cid)?.delete(key);
              }
            });
          }
        }, keepIdleMs);
        f.idleTimer.unref?.();
      }
    };
  }

  async function start() {
    stops.push(
      await bus.subscribe<{ cid?: number }>(Subjects.submissionUpdatedAll, (p) => {
        if (p && typeof p.cid === 'number' && p.cid > 0) changed(p.cid);
      }),
    );
    // Board pushes follow verdicts already heard; edits, comments and announcements matter. Each
    // kind by name: `oj.contest.>` would also hold request subjects that must see no listener.
    for (const subject of [
      Subjects.contestChangedAll,
      Subjects.contestEvent('*', 'comment'),
      Subjects.contestEvent('*', 'announcement'),
    ])
      stops.push(
        await bus.subscribe(subject, (_p, heard) => {
          changed(heard.split('.').pop()!);
        }),
      );
  }

  async function stop() {
    for (const s of stops.splice(0)) await s();
  }

  return { feedFor, eventsAfter, follow, start, stop, changed };
}

export type CcsFeeds = ReturnType<typeof createCcsFeeds>;

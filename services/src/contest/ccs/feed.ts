// The Contest API event feed (issue #24 item 2): per contest and caller view (public, admin, each
// team), a log of events `{type, id, data, token}` (data null: deleted) stored in PostgreSQL
// (`ccs_event`, migration 0028), so a token is resumable on any API process and after a restart.
// Each API process keeps one in-memory copy per followed view and fans it out to its clients; when
// the bus says the contest changed (a submission updated, the contest edited, its Q&A written) the
// process reads what other processes logged, re-reads the view with the REST endpoints' reads (so
// feed and REST are equal at any moment) and appends the objects whose JSON changed, under the
// view's lock in the database and only if the log did not move on meanwhile (else it starts
// again). The first process writes the change; the others find the log already equal to what they
// read and append nothing. Clients never poll.
import { Subjects } from '@oj/protocol';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import type { AuthUser } from '../../platform/http/access';
import type { StoredEvent } from './repository';
import { CcsError, type CcsService } from './service';

export interface FeedEvent {
  type: string;
  id: string | null;
  data: unknown;
  token: string;
}

/** The stored log as the feed uses it (repository functions bound to the database). */
export interface CcsFeedLog {
  after(cid: number, view: string, token: number): Promise<StoredEvent[]>;
  /** Null when the log gained events after `after` (read them, read the view again, retry). */
  append(
    cid: number,
    view: string,
    after: number,
    add: readonly { type: string; id: string | null; data: string | null }[],
  ): Promise<StoredEvent[] | null>;
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

type Listener = (ndjson: string) => void;

interface ViewFeed {
  /** `public`, `admin` or `team:<uid>`: the log's view. */
  view: string;
  user: AuthUser | null;
  cid: string;
  /** `type\0id` → the object's JSON as last logged. */
  objects: Map<string, string>;
  /** The log: its tokens (ascending) and each event's NDJSON line. */
  tokens: number[];
  lines: string[];
  listeners: Set<Listener>;
  /** A refresh in flight and whether another was asked for meanwhile. */
  running: Promise<void> | null;
  again: boolean;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

export interface CcsFeedOptions {
  /** How long a feed nobody follows is kept in memory (default 10 min; the log stays stored). */
  keepIdleMs?: number;
  /** Refreshes of this process running at once (each holds a database connection; default 2). */
  concurrentRefreshes?: number;
}

const lineOf = (e: StoredEvent) =>
  `{"type":${JSON.stringify(e.type)},"id":${JSON.stringify(e.id)},"data":${e.data ?? 'null'},"token":"${e.token}"}\n`;

export function createCcsFeeds(s: CcsService, bus: Bus, log: CcsFeedLog, opts: CcsFeedOptions = {}) {
  const feeds = new Map<string, Promise<ViewFeed>>();
  const byContest = new Map<string, Set<string>>();
  const keepIdleMs = opts.keepIdleMs ?? 600_000;
  const stops: Unsubscribe[] = [];
  let slots = opts.concurrentRefreshes ?? 2;
  const waiting: (() => void)[] = [];

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (slots > 0) slots--;
    else await new Promise<void>((r) => waiting.push(r));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else slots++;
    }
  }

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

  /** Takes events of the stored log into the in-memory copy; returns the new ones' lines. */
  function apply(f: ViewFeed, events: readonly StoredEvent[]): string {
    let out = '';
    for (const e of events) {
      if (f.tokens.length > 0 && e.token <= f.tokens[f.tokens.length - 1]!) continue;
      const key = `${e.type}\0${e.id ?? ''}`;
      if (e.data === null) f.objects.delete(key);
      else f.objects.set(key, e.data);
      const line = lineOf(e);
      f.tokens.push(e.token);
      f.lines.push(line);
      out += line;
    }
    return out;
  }

  function fanOut(f: ViewFeed, ndjson: string) {
    if (ndjson === '') return;
    for (const l of f.listeners) l(ndjson);
  }

  const lastToken = (f: ViewFeed) => (f.tokens.length > 0 ? f.tokens[f.tokens.length - 1]! : 0);

  /**
   * Takes what others logged, re-reads the caller's objects and logs the differences (none when
   * another process already logged this change). The append is refused when the log moved on
   * between the read of the log and the append; then it starts again, so nothing older than the
   * log is ever appended (docs/architecture.md).
   */
  async function refresh(f: ViewFeed) {
    let fresh = '';
    try {
      await limited(async () => {
        for (let attempt = 0; attempt < 5; attempt++) {
          fresh += apply(f, await log.after(Number(f.cid), f.view, lastToken(f)));
          const now = await snapshot(f.user, f.cid);
          const add: { type: string; id: string | null; data: string | null }[] = [];
          for (const [key, [type, id, data]] of now) {
            const json = JSON.stringify(data);
            if (f.objects.get(key) !== json) add.push({ type, id, data: json });
          }
          for (const key of f.objects.keys()) {
            if (now.has(key)) continue;
            const [type, id] = key.split('\0') as [string, string];
            add.push({ type, id: id === '' ? null : id, data: null });
          }
          if (add.length === 0) return;
          const written = await log.append(Number(f.cid), f.view, lastToken(f), add);
          if (written) {
            fresh += apply(f, written);
            return;
          }
        }
      });
    } finally {
      fanOut(f, fresh);
    }
  }

  /** Reads (without the lock) what other processes logged for a view since this copy's last token. */
  async function catchUp(f: ViewFeed) {
    fanOut(f, apply(f, await log.after(Number(f.cid), f.view, lastToken(f))));
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
    const view = v.perspective === 'team' ? `team:${v.team}` : v.perspective;
    const key = `${v.c.id}|${view}`;
    let f = feeds.get(key);
    if (!f) {
      f = (async () => {
        const feed: ViewFeed = {
          view,
          user,
          cid: String(v.c.id),
          objects: new Map(),
          tokens: [],
          lines: [],
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

  /** Index in the log just after `token`, or -1 when this copy has no such token. */
  function indexAfter(f: ViewFeed, token: number): number {
    let lo = 0;
    let hi = f.tokens.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = f.tokens[mid]!;
      if (t === token) return mid + 1;
      if (t < token) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * The NDJSON of the events after `sinceToken` (all when absent), and — with a listener — the
   * live events after them, with no gap or repeat between the two. 400 for a token this view's
   * log never gave (a token of another process is looked up in the stored log first).
   */
  async function open(
    f: ViewFeed,
    sinceToken: string | undefined,
    listener?: Listener,
  ): Promise<{ backlog: string; unfollow: () => void }> {
    // A refresh in flight (a change heard) is awaited: the answer holds what the bus has said.
    if (f.running) await f.running;
    let from = 0;
    if (sinceToken !== undefined) {
      const token = /^[1-9][0-9]{0,14}$/.test(sinceToken) ? Number(sinceToken) : NaN;
      if (Number.isNaN(token)) throw new CcsError(400, `unknown since_token '${sinceToken}'`);
      if (token > lastToken(f)) await catchUp(f);
      from = indexAfter(f, token);
      if (from < 0) throw new CcsError(400, `unknown since_token '${sinceToken}'`);
    }
    const backlog = f.lines.slice(from).join('');
    return { backlog, unfollow: listener ? follow(f, listener) : () => undefined };
  }

  /** Subscribes to the live changes of a feed; returns the unsubscribe. */
  function follow(f: ViewFeed, listener: Listener): () => void {
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

  return { feedFor, open, start, stop, changed };
}

export type CcsFeeds = ReturnType<typeof createCcsFeeds>;

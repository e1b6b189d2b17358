// Contest-day bench (issue #22.7): anonymous spectators of the outside board, each doing what
// web/src/contest/ScoreboardPage.tsx and RankBoard.tsx do: the outside info, the problem list and
// page 1 of the board once; the contest room joined with the page asked as a snapshot; on each
// `contest:rank` push the page's delta applied (rank-delta.ts `onRankPush`), or, when the push
// cannot be applied, one fetch scheduled after `fetchDelay` (never stacked); a push during a load
// is replayed against the page the load brings (applied, or skipped when the page already holds
// it), the board re-read at most every 750 ms and the problem list at
// most every 2 s with it; after a reconnect the board is asked again as a snapshot and a push
// without deltas makes it refetch (live.ts); the 30 s timer only while the room is not joined.
// They run in child processes (fork of this file with --spectators), spread over the gateways and
// API processes. Per push (keyed by its `at`, the server's publish time) each child reports the
// spectators that got it and, for each, when it held the board the push announced.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import {
  ClientEvents,
  ServerEvents,
  type ContestRankChanged,
  type SubscribeAck,
} from '@oj/protocol/realtime/events';
import type { RankPage } from '@oj/protocol/contest/rank-delta';
import { fetchDelay, onRankPush } from '../../web/src/contest/rank-delta';
import { RECONNECT_OPTIONS } from '../../web/src/api/socket';
import { BOARD_DEFAULT_SIZE, BOARD_REFRESH_MS } from '../../web/src/contest/board-rules';
import { Http, type HttpTally } from './contest-day-http';

/** web/src/contest/RankBoard.tsx RANK_PUSH_MIN_MS and PROBLEMS_PUSH_MIN_MS (a React module). */
const RANK_PUSH_MIN_MS = 750;
const PROBLEMS_PUSH_MIN_MS = 2000;

export interface SpectatorJob {
  apiBases: string[];
  gatewayUrls: string[];
  cid: number;
  count: number;
  first: number;
}

type FromChild =
  | { kind: 'ready'; connected: number; joined: number; snapshots: number; loadFailed: number }
  | { kind: 'reset-done' }
  | { kind: 'stats'; stats: SpectatorStats };

type ToChild = { kind: 'reset' } | { kind: 'collect' };

export interface SpectatorStats {
  spectators: number;
  /** push `at` → spectators that received it. */
  received: Record<string, number>;
  /** Push → held board latencies (ms from the push's `at`). */
  holdMs: number[];
  /** Pushes received but whose board was never held by the end. */
  unresolved: number;
  /** HTTP requests after the initial load, by name. */
  reads: Record<string, number>;
  /** Reads a push caused that found the board already current (no change). */
  http: HttpTally;
  reconnects: number;
  /** Spectators that stopped refreshing after a failed load (RankBoard turns auto refresh off). */
  gaveUp: number;
  /** Spectators in the room that never gave up, and the pushes they received while counting. */
  liveInRoom: number;
  receivedByLive: number;
  /** The first loads' requests (before counting began). */
  initialHttp?: HttpTally;
}

/** Throttle as web/src/contest/live.ts `throttle`: at most once per `ms`, the last call included. */
function throttle(fn: () => void, ms: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const call = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      last = Date.now();
      fn();
      return;
    }
    timer ??= setTimeout(() => {
      timer = null;
      last = Date.now();
      fn();
    }, wait);
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return call;
}

class Spectator {
  shown: { page: RankPage | null; version: string | null } = { page: null, version: null };
  inFlight = false;
  staleAfterLoad = false;
  /** Pushes heard during a load, replayed on its answer (RankBoard's heldPushes). */
  heldPushes: ContestRankChanged[] = [];
  currentAt = 0;
  fetchTimer: ReturnType<typeof setTimeout> | null = null;
  streak = 0;
  socket: Socket | null = null;
  live = false;
  gaveUp = false;
  joined = false;
  /** Pushes received while counting. */
  receivedCount = 0;
  /** Pushes received and not yet shown: [at, receivedAt]. */
  pending: [number, number][] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  readonly refetch = throttle(() => void this.load(), RANK_PUSH_MIN_MS);
  readonly reloadProblems = throttle(() => void this.problems(), PROBLEMS_PUSH_MIN_MS);

  constructor(
    readonly api: string,
    readonly gateway: string,
    readonly cid: number,
    readonly ctx: ChildContext,
  ) {}

  private count(name: string) {
    if (this.ctx.counting) this.ctx.reads[name] = (this.ctx.reads[name] ?? 0) + 1;
  }

  problems() {
    this.count('contest-problems');
    return this.ctx.http.call(
      'spectator-problems',
      'GET',
      `${this.api}/api/get-contest-problem?cid=${this.cid}&containsEnd=true`,
      {
        expect: [401, 403],
      },
    );
  }

  async load(initial = false): Promise<boolean> {
    if (!initial) this.count('outside-board');
    const startedAt = Date.now();
    this.inFlight = true;
    const r = await this.ctx.http.call<RankPage>(
      'spectator-board',
      'POST',
      `${this.api}/api/get-contest-outside-scoreboard`,
      {
        body: {
          cid: this.cid,
          currentPage: 1,
          limit: BOARD_DEFAULT_SIZE,
          forceRefresh: false,
          removeStar: false,
          concernedList: [],
          containsEnd: false,
        },
      },
    );
    this.inFlight = false;
    const held = this.heldPushes;
    this.heldPushes = [];
    if (!r.env) {
      this.staleAfterLoad = false;
      // RankBoard: a load error stops the indicator and the auto refresh.
      this.gaveUp = true;
      this.leave();
      return false;
    }
    this.shown = { page: r.env.data, version: r.headers?.get('x-oj-board-version') ?? null };
    this.resolve((p) => p[1] <= startedAt);
    for (const p of held) this.handle(p);
    if (this.staleAfterLoad) {
      this.staleAfterLoad = false;
      this.scheduleFetch();
    }
    return true;
  }

  private resolve(which: (p: [number, number]) => boolean) {
    const now = Date.now();
    const keep: [number, number][] = [];
    for (const p of this.pending) {
      if (which(p)) {
        if (this.ctx.counting) this.ctx.holdMs.push(now - p[0]);
      } else keep.push(p);
    }
    this.pending = keep;
  }

  private cancelFetch() {
    if (this.fetchTimer) clearTimeout(this.fetchTimer);
    this.fetchTimer = null;
  }

  private scheduleFetch() {
    if (this.inFlight) {
      this.staleAfterLoad = true;
      return;
    }
    this.fetchTimer ??= setTimeout(() => {
      this.fetchTimer = null;
      this.refetch();
      this.reloadProblems();
    }, fetchDelay(this.streak++));
  }

  onPush(p: ContestRankChanged, real: boolean) {
    if (this.gaveUp) return;
    if (real) {
      if (this.ctx.counting) {
        this.ctx.received[p.at] = (this.ctx.received[p.at] ?? 0) + 1;
        this.receivedCount++;
      }
      this.pending.push([p.at, Date.now()]);
    }
    // RankBoard: pushes during a load are replayed against the page it brings (up to 64).
    if (this.inFlight) {
      if (this.heldPushes.length < 64) this.heldPushes.push(p);
      else this.staleAfterLoad = true;
      return;
    }
    this.handle(p);
  }

  private handle(p: ContestRankChanged) {
    const out = onRankPush({ ...this.shown, plain: true, removeStar: false, pinUid: null }, p.boards);
    if (out.kind === 'current' && out.older) {
      this.resolve((x) => x[0] <= p.at);
      return;
    }
    if (out.kind === 'fetch' || out.kind === 'unlisted') {
      if (p.at <= this.currentAt) {
        this.resolve((x) => x[0] <= p.at);
        return;
      }
      this.scheduleFetch();
      return;
    }
    this.currentAt = Math.max(this.currentAt, p.at);
    this.cancelFetch();
    this.streak = 0;
    if (out.kind === 'apply') this.shown = { page: out.page, version: out.version };
    this.resolve((x) => x[0] <= p.at);
  }

  onSnapshot(s: { json: string; version: string }, askedAt: number) {
    if (this.inFlight) return;
    let body: { status?: unknown; data?: unknown };
    try {
      body = JSON.parse(s.json) as { status?: unknown; data?: unknown };
    } catch {
      return;
    }
    if (body.status !== 200 || !body.data) return;
    this.cancelFetch();
    this.streak = 0;
    this.shown = { page: body.data as RankPage, version: s.version };
    this.resolve((p) => p[1] <= askedAt);
  }

  /** Loads the page once and joins the room; resolves with what happened. */
  async start(): Promise<{ connected: boolean; joined: boolean; snapshot: boolean; loaded: boolean }> {
    await this.ctx.http.call(
      'spectator-info',
      'GET',
      `${this.api}/api/get-contest-outsize-info?cid=${this.cid}`,
    );
    await this.problems();
    // A page that did not load is reloaded by its viewer after a while (at most twice more).
    let loaded = await this.load(true);
    for (let i = 0; i < 2 && !loaded; i++) {
      await new Promise((r) => setTimeout(r, 5000));
      this.gaveUp = false;
      loaded = await this.load(true);
    }
    // A failed first load turns RankBoard's auto refresh off: no room, no pushes.
    if (!loaded) return { connected: false, joined: false, snapshot: false, loaded };
    const s = io(this.gateway, { transports: ['websocket'], ...RECONNECT_OPTIONS });
    this.socket = s;
    let connectedBefore = false;
    let firstJoin: ((v: { joined: boolean; snapshot: boolean }) => void) | null = null;
    const joinedOnce = new Promise<{ joined: boolean; snapshot: boolean }>(
      (resolve) => (firstJoin = resolve),
    );
    const subscribe = () => {
      const askedAt = Date.now();
      s.emit(
        ClientEvents.subscribeContest,
        {
          cid: this.cid,
          view: { page: 1, size: BOARD_DEFAULT_SIZE, removeStar: false, containsEnd: false, outside: true },
        },
        (ack: SubscribeAck | undefined) => {
          this.live = !!ack?.ok;
          if (ack?.ok) this.joined = true;
          this.updateTimer();
          const snapshot = !!(ack?.ok && ack.snapshot);
          if (ack?.ok && ack.snapshot) this.onSnapshot(ack.snapshot, askedAt);
          firstJoin?.({ joined: !!ack?.ok, snapshot });
          firstJoin = null;
        },
      );
    };
    s.on(ServerEvents.contestRank, (p: ContestRankChanged) => {
      if (p?.cid === this.cid) this.onPush(p, true);
    });
    s.on('connect', () => {
      if (connectedBefore) {
        this.ctx.reconnects++;
        // live.ts: after a reconnect, a push without deltas (the board is read again).
        this.onPush({ cid: this.cid, at: Date.now() }, false);
      }
      connectedBefore = true;
      subscribe();
    });
    s.on('disconnect', () => {
      this.live = false;
      this.updateTimer();
    });
    const connected = await new Promise<boolean>((resolve) => {
      s.once('connect', () => resolve(true));
      s.once('connect_error', () => resolve(false));
    });
    const j = connected ? await joinedOnce : { joined: false, snapshot: false };
    return { connected, joined: j.joined, snapshot: j.snapshot, loaded };
  }

  /** RankBoard's 30 s timer: only while pushes are not flowing. */
  private updateTimer() {
    if (this.live || this.gaveUp) {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      return;
    }
    this.timer ??= setInterval(() => {
      void this.load();
      void this.problems();
    }, BOARD_REFRESH_MS);
  }

  leave() {
    this.cancelFetch();
    this.refetch.cancel();
    this.reloadProblems.cancel();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.socket?.close();
  }
}

interface ChildContext {
  http: Http;
  initialHttp?: HttpTally;
  counting: boolean;
  received: Record<string, number>;
  holdMs: number[];
  reads: Record<string, number>;
  reconnects: number;
}

async function childMain(job: SpectatorJob) {
  const ctx: ChildContext = {
    http: new Http(),
    counting: false,
    received: {},
    holdMs: [],
    reads: {},
    reconnects: 0,
  };
  const all: Spectator[] = [];
  let connected = 0;
  let joined = 0;
  let snapshots = 0;
  let loadFailed = 0;
  for (let i = 0; i < job.count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, job.count - i) }, async (_, j) => {
        const n = job.first + i + j;
        const s = new Spectator(
          job.apiBases[n % job.apiBases.length]!,
          job.gatewayUrls[n % job.gatewayUrls.length]!,
          job.cid,
          ctx,
        );
        all.push(s);
        const r = await s.start();
        if (r.connected) connected++;
        if (r.joined) joined++;
        if (r.snapshot) snapshots++;
        if (!r.loaded) loadFailed++;
      }),
    );
  }
  process.on('message', (m: ToChild) => {
    if (m.kind === 'reset') {
      ctx.counting = true;
      ctx.received = {};
      ctx.holdMs = [];
      ctx.reads = {};
      ctx.reconnects = 0;
      ctx.initialHttp = ctx.http.tally;
      ctx.http = new Http();
      for (const s of all) {
        s.pending = [];
        s.receivedCount = 0;
      }
      process.send!({ kind: 'reset-done' } satisfies FromChild);
    } else if (m.kind === 'collect') {
      const stats: SpectatorStats = {
        spectators: all.length,
        received: ctx.received,
        holdMs: ctx.holdMs,
        unresolved: all.reduce((n, s) => n + s.pending.length, 0),
        reads: ctx.reads,
        http: ctx.http.tally,
        reconnects: ctx.reconnects,
        gaveUp: all.filter((s) => s.gaveUp).length,
        initialHttp: ctx.initialHttp,
        liveInRoom: all.filter((s) => s.joined && !s.gaveUp).length,
        receivedByLive: all.filter((s) => s.joined && !s.gaveUp).reduce((n, s) => n + s.receivedCount, 0),
      };
      process.send!({ kind: 'stats', stats } satisfies FromChild);
    }
  });
  process.send!({ kind: 'ready', connected, joined, snapshots, loadFailed } satisfies FromChild);
}

// ---------------------------------------------------------------- parent side

export interface SpectatorGroup {
  children: ChildProcess[];
  ready: { connected: number; joined: number; snapshots: number; loadFailed: number };
  /** Starts counting (reads, pushes, hold times) from now. */
  reset(): Promise<void>;
  collect(): Promise<SpectatorStats[]>;
  stop(): void;
}

function nextMessage<K extends FromChild['kind']>(child: ChildProcess, kind: K, timeoutMs: number) {
  return new Promise<Extract<FromChild, { kind: K }>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', on);
      reject(new Error(`no ${kind} from a spectator process in ${timeoutMs} ms`));
    }, timeoutMs);
    const on = (m: FromChild) => {
      if (m.kind !== kind) return;
      clearTimeout(timer);
      child.off('message', on);
      resolve(m as Extract<FromChild, { kind: K }>);
    };
    child.on('message', on);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a spectator process exited (${code}) before ${kind}`));
    });
  });
}

export async function startSpectators(
  job: Omit<SpectatorJob, 'count' | 'first'>,
  spectators: number,
  processes: number,
): Promise<SpectatorGroup> {
  const here = fileURLToPath(import.meta.url);
  const procs = Math.max(1, Math.min(processes, spectators));
  const children = Array.from({ length: spectators > 0 ? procs : 0 }, (_, i) => {
    const first = Math.floor((spectators * i) / procs);
    const count = Math.floor((spectators * (i + 1)) / procs) - first;
    return fork(here, ['--spectators', JSON.stringify({ ...job, count, first } satisfies SpectatorJob)], {
      execArgv: ['--import', 'tsx'],
    });
  });
  const group: SpectatorGroup = {
    children,
    ready: { connected: 0, joined: 0, snapshots: 0, loadFailed: 0 },
    async reset() {
      await Promise.all(
        children.map((c) => {
          const done = nextMessage(c, 'reset-done', 60_000);
          c.send({ kind: 'reset' } satisfies ToChild);
          return done;
        }),
      );
    },
    async collect() {
      const all = await Promise.all(
        children.map((c) => {
          const done = nextMessage(c, 'stats', 120_000);
          c.send({ kind: 'collect' } satisfies ToChild);
          return done;
        }),
      );
      return all.map((m) => m.stats);
    },
    stop() {
      for (const c of children) if (c.exitCode === null) c.kill();
    },
  };
  try {
    const readies = await Promise.all(children.map((c) => nextMessage(c, 'ready', 900_000)));
    for (const r of readies) {
      group.ready.connected += r.connected;
      group.ready.joined += r.joined;
      group.ready.snapshots += r.snapshots;
      group.ready.loadFailed += r.loadFailed;
    }
  } catch (err) {
    group.stop();
    throw err;
  }
  return group;
}

if (process.argv[2] === '--spectators') {
  // The parent's end is the child's end (no orphaned spectators after a crash or Ctrl-C).
  process.on('disconnect', () => process.exit(0));
  await childMain(JSON.parse(process.argv[3]!) as SpectatorJob);
}

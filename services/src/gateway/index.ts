// The socket.io push gateway. It authenticates sockets, joins them to rooms and relays
// domain events from the bus; whether a socket may watch something is asked of the
// judge service (submissions, problems) or the contest service (contest rooms), in-process
// or over bus request/reply in its own process.
// Several gateways scale out by each subscribing to the bus: no socket.io adapter.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { Value } from '@sinclair/typebox/value';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Rooms, Subjects } from '@oj/protocol';
import {
  ClientEvents,
  CONTEST_PUSHES,
  CONTEST_WATCH_CHECK_SUBJECT,
  ServerEvents,
  SubscribeContestSchema,
  SubscribeProblemSchema,
  SubscribeSubmissionSchema,
  SubscribeTrainingSchema,
  WATCH_CHECK_SUBJECT,
  type ContestBoardView,
  type ContestWatchCheckRequest,
  type ContestWatchDecision,
  type SubscribeAck,
  type SubmissionUpdate,
  type WatchCheckRequest,
} from '@oj/protocol/realtime/events';
import { isSiteAdmin, type Authenticator, type AuthUser } from '../platform/http/access';
import { markVerdict } from '../judge/trace';
import { relayMessages } from './message-relay';
import { SIMILARITY_PROGRESS_ALL, SIMILARITY_PROGRESS_EVENT } from '@oj/protocol/judge';
import { SubscribeReplaySchema } from '@oj/protocol/contest/replay';

export type WatchDecision = 'ok' | 'not-found' | 'denied';

/** The visibility questions the gateway asks (answered by the judge service). */
export interface WatchPolicy {
  canWatchSubmission(viewer: AuthUser | null, submitId: number): Promise<WatchDecision>;
  canWatchProblem(viewer: AuthUser | null, pid: number): Promise<WatchDecision>;
}

/** Who may join a contest's rooms (answered by the contest service). */
export interface ContestWatchPolicy {
  canWatchContest(viewer: AuthUser | null, cid: number): Promise<ContestWatchDecision>;
}

export interface GatewayLogger {
  warn(obj: object, msg?: string): void;
}

export interface GatewayOptions {
  /** Attach to this HTTP server (the one-process start)... */
  httpServer?: HttpServer;
  /** ...or listen on this port by itself (0 = any free port). */
  port?: number;
  host?: string;
  /**
   * The listen backlog of its own server (default 4096; the kernel caps it at somaxconn): after a
   * gateway dies, thousands of sockets reconnect to the others within seconds.
   */
  backlog?: number;
  bus: Bus;
  authenticator: Authenticator;
  judge: WatchPolicy;
  /** Contest room checks; default: asked of the contest service over the bus. */
  contest?: ContestWatchPolicy;
  log?: GatewayLogger;
  /** Rooms one socket may watch besides its own user room. */
  maxWatchedRooms?: number;
  /**
   * How long a subscribe keeps asking when the deciding service is slow or absent (default
   * 120 s); it never answers `denied` for that, only after this with `unavailable`.
   */
  checkPatienceMs?: number;
  /** How long a contest room grant is reused for the same viewer (default 30 s; contest events drop it). */
  contestGrantTtlMs?: number;
}

export interface Gateway {
  io: Server;
  /** The listening port when the gateway owns its server. */
  port: number | null;
  close(): Promise<void>;
}

interface SocketData {
  user: AuthUser | null;
}

type Ack = (answer: SubscribeAck) => void;

/**
 * Rooms an update goes to: the owner, watchers of the submission, watchers of a public problem.
 * Contest submissions never go to contest or problem rooms (a sealed board must not leak
 * verdicts); their submission room admits only the owner and admins (judge service rule).
 */
export function roomsForUpdate(u: SubmissionUpdate): string[] {
  const rooms = [Rooms.user(u.uid), Rooms.submission(u.submitId)];
  if (u.cid === 0 && u.gid === null) rooms.push(Rooms.problem(u.pid));
  return rooms;
}

/** A bus failure that says nothing about the answer: the deciding service is slow, absent or restarting. */
export function isTransientCheckFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'BUS_TIMEOUT' || code === 'BUS_NO_RESPONDERS' || code === 'BUS_CLOSED';
}

/**
 * Asks `check` until it answers: a slow or absent answer is asked again with jittered backoff
 * (0.2 s doubling to 5 s) while `alive()`, for at most `patienceMs`; then the last error is
 * thrown. Errors that are answers (the service threw) are thrown at once.
 */
export async function askPatiently<T>(
  check: () => Promise<T>,
  alive: () => boolean,
  patienceMs: number,
): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await check();
    } catch (err) {
      if (!isTransientCheckFailure(err) || !alive() || Date.now() >= deadline) throw err;
      const backoff = Math.min(5000, 200 * 2 ** attempt);
      await new Promise((r) => setTimeout(r, backoff / 2 + Math.random() * (backoff / 2)));
    }
  }
}

/**
 * Contest room decisions reused per (contest, viewer): the contest service's decision (its access
 * rule, unchanged), kept while no event about the contest, the viewer's groups or their session
 * says it may have changed, and for at most `ttlMs`. Only grants are kept: a refusal is asked
 * again (the contest may start, a registration may be added).
 */
export function contestGrantCache(ttlMs: number, now: () => number = Date.now) {
  const grants = new Map<string, { at: number; decision: ContestWatchDecision }>();
  const key = (cid: number, viewer: AuthUser | null) =>
    `${cid}|${viewer?.uid ?? ''}|${viewer?.roles.join(',') ?? ''}`;
  return {
    async decide(
      viewer: AuthUser | null,
      cid: number,
      ask: () => Promise<ContestWatchDecision>,
    ): Promise<ContestWatchDecision> {
      const k = key(cid, viewer);
      const hit = grants.get(k);
      if (hit && now() - hit.at < ttlMs) return hit.decision;
      const decision = await ask();
      if (decision === 'ok' || decision === 'admin') {
        if (grants.size >= 100_000) grants.clear();
        grants.set(k, { at: now(), decision });
      } else grants.delete(k);
      return decision;
    },
    dropContest(cid: number) {
      for (const k of grants.keys()) if (k.startsWith(`${cid}|`)) grants.delete(k);
    },
    dropUser(uid: string) {
      for (const k of grants.keys()) if (k.split('|')[1] === uid) grants.delete(k);
    },
    size: () => grants.size,
  };
}

export async function createGateway(opts: GatewayOptions): Promise<Gateway> {
  const { bus, authenticator, judge } = opts;
  const contest = opts.contest ?? remoteContestWatchPolicy(bus);
  const patienceMs = opts.checkPatienceMs ?? 120_000;
  const contestGrants = contestGrantCache(opts.contestGrantTtlMs ?? 30_000);
  const maxRooms = opts.maxWatchedRooms ?? 200;
  const ownServer = opts.httpServer ? null : createServer();
  const io = new Server(opts.httpServer ?? ownServer!, {
    serveClient: false,
    cors: { origin: true, credentials: true },
    // Pushes are a few hundred bytes: compressing each would cost CPU and latency for nothing.
    perMessageDeflate: false,
  });

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    (socket.data as SocketData).user = null;
    if (typeof token !== 'string' || token.trim() === '') return next();
    try {
      const outcome = await authenticator.authenticate(token.trim(), false);
      if (outcome.kind !== 'ok') return next(new Error('unauthorized'));
      (socket.data as SocketData).user = outcome.user;
      next();
    } catch (err) {
      opts.log?.warn({ err }, 'socket authentication failed');
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket: Socket) => {
    const user = (socket.data as SocketData).user;
    if (user) void socket.join(Rooms.user(user.uid));
    const watched = () => socket.rooms.size - 1 - (user ? 1 : 0);

    const watch = <T>(
      event: string,
      schema: Parameters<typeof Value.Check>[0],
      room: (p: T) => string,
      check: (p: T) => Promise<WatchDecision>,
    ) =>
      socket.on(event, async (payload: unknown, ack?: Ack) => {
        const reply = typeof ack === 'function' ? ack : () => undefined;
        if (!Value.Check(schema, payload)) return reply({ ok: false, error: 'bad-request' });
        const p = payload as T;
        if (watched() >= maxRooms && !socket.rooms.has(room(p))) return reply({ ok: false, error: 'denied' });
        try {
          // A slow or absent service is asked again, never taken for a refusal.
          const decision = await askPatiently(
            () => check(p),
            () => socket.connected,
            patienceMs,
          );
          if (decision !== 'ok') return reply({ ok: false, error: decision });
          await socket.join(room(p));
          reply({ ok: true });
        } catch (err) {
          opts.log?.warn({ err, event }, 'subscribe check failed');
          reply({ ok: false, error: isTransientCheckFailure(err) ? 'unavailable' : 'denied' });
        }
      });

    const unwatch = <T>(event: string, schema: Parameters<typeof Value.Check>[0], room: (p: T) => string) =>
      socket.on(event, async (payload: unknown, ack?: Ack) => {
        const reply = typeof ack === 'function' ? ack : () => undefined;
        if (!Value.Check(schema, payload)) return reply({ ok: false, error: 'bad-request' });
        await socket.leave(room(payload as T));
        reply({ ok: true });
      });

    type S = { submitId: number };
    type P = { pid: number };
    watch<S>(
      ClientEvents.subscribeSubmission,
      SubscribeSubmissionSchema,
      (p) => Rooms.submission(p.submitId),
      (p) => judge.canWatchSubmission(user, p.submitId),
    );
    watch<P>(
      ClientEvents.subscribeProblem,
      SubscribeProblemSchema,
      (p) => Rooms.problem(p.pid),
      (p) => judge.canWatchProblem(user, p.pid),
    );
    unwatch<S>(ClientEvents.unsubscribeSubmission, SubscribeSubmissionSchema, (p) =>
      Rooms.submission(p.submitId),
    );
    unwatch<P>(ClientEvents.unsubscribeProblem, SubscribeProblemSchema, (p) => Rooms.problem(p.pid));

    // A contest room, plus its admin room when the contest service says the user is a contest admin.
    socket.on(ClientEvents.subscribeContest, async (payload: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!Value.Check(SubscribeContestSchema, payload)) return reply({ ok: false, error: 'bad-request' });
      const { cid } = payload as { cid: number };
      if (watched() >= maxRooms - 1 && !socket.rooms.has(Rooms.contest(cid)))
        return reply({ ok: false, error: 'denied' });
      try {
        const decision = await askPatiently(
          () => contestGrants.decide(user, cid, () => contest.canWatchContest(user, cid)),
          () => socket.connected,
          patienceMs,
        );
        if (decision !== 'ok' && decision !== 'admin') return reply({ ok: false, error: decision });
        await socket.join(Rooms.contest(cid));
        if (decision === 'admin') await socket.join(Rooms.contestAdmin(cid));
        else await socket.leave(Rooms.contestAdmin(cid));
        // The page the subscriber shows, from the board's holder: no fetch after a (re)subscribe.
        const view = (payload as { view?: ContestBoardView }).view;
        const snapshot = view
          ? await boardSnapshot(
              bus,
              cid,
              decision === 'admin',
              view.outside ? null : (user?.uid ?? null),
              view,
            )
          : null;
        reply({ ok: true, admin: decision === 'admin', ...(snapshot ? { snapshot } : {}) });
      } catch (err) {
        opts.log?.warn({ err, event: ClientEvents.subscribeContest }, 'subscribe check failed');
        reply({ ok: false, error: isTransientCheckFailure(err) ? 'unavailable' : 'denied' });
      }
    });
    // A training's room (rank rows in place); the training service applies the rank's access rule.
    type T = { tid: number };
    watch<T>(
      ClientEvents.subscribeTraining,
      SubscribeTrainingSchema,
      (p) => Rooms.training(p.tid),
      (p) =>
        bus.request<WatchDecision>(
          Subjects.trainingWatchCheck,
          { tid: p.tid, viewer: user },
          { timeoutMs: 3000 },
        ),
    );
    unwatch<T>(ClientEvents.unsubscribeTraining, SubscribeTrainingSchema, (p) => Rooms.training(p.tid));
    // The back-office room: site admins only (decided from the token's stored roles).
    socket.on(ClientEvents.subscribeAdmin, async (_payload: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!isSiteAdmin(user)) return reply({ ok: false, error: 'denied' });
      await socket.join(Rooms.admin);
      reply({ ok: true });
    });
    // A contest replay's room (issue #27 item 4): whoever may join the contest's room.
    socket.on(ClientEvents.subscribeReplay, async (payload: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!Value.Check(SubscribeReplaySchema, payload)) return reply({ ok: false, error: 'bad-request' });
      const { cid, rid } = payload as { cid: number; rid: number };
      if (watched() >= maxRooms - 1 && !socket.rooms.has(Rooms.replay(cid, rid)))
        return reply({ ok: false, error: 'denied' });
      try {
        const decision = await askPatiently(
          () => contestGrants.decide(user, cid, () => contest.canWatchContest(user, cid)),
          () => socket.connected,
          patienceMs,
        );
        if (decision !== 'ok' && decision !== 'admin') return reply({ ok: false, error: decision });
        await socket.join(Rooms.replay(cid, rid));
        reply({ ok: true });
      } catch (err) {
        opts.log?.warn({ err, event: ClientEvents.subscribeReplay }, 'subscribe check failed');
        reply({ ok: false, error: isTransientCheckFailure(err) ? 'unavailable' : 'denied' });
      }
    });
    socket.on(ClientEvents.unsubscribeReplay, async (payload: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!Value.Check(SubscribeReplaySchema, payload)) return reply({ ok: false, error: 'bad-request' });
      const { cid, rid } = payload as { cid: number; rid: number };
      await socket.leave(Rooms.replay(cid, rid));
      reply({ ok: true });
    });
    socket.on(ClientEvents.unsubscribeContest, async (payload: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!Value.Check(SubscribeContestSchema, payload)) return reply({ ok: false, error: 'bad-request' });
      const { cid } = payload as { cid: number };
      await socket.leave(Rooms.contest(cid));
      await socket.leave(Rooms.contestAdmin(cid));
      reply({ ok: true });
    });
  });

  const subscriptions: Unsubscribe[] = [
    await bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (update) => {
      if (update.reason === 'counted') return; // internal: counters caught up
      const final = update.reason === 'result';
      if (final) markVerdict(update.submitId, 'gateway-received');
      io.to(roomsForUpdate(update)).emit(ServerEvents.submissionUpdated, update);
      if (final) markVerdict(update.submitId, 'emitted');
    }),
    // Contest events, relayed as published; the admin-only kinds reach the admin room only.
    ...(await Promise.all(
      CONTEST_PUSHES.map(({ kind, event, schema, adminOnly }) =>
        bus.subscribe<unknown>(Subjects.contestEvent('*', kind), (payload) => {
          if (!Value.Check(schema, payload))
            return opts.log?.warn({ kind }, 'malformed contest event dropped');
          const { cid, toUids, ...rest } = payload as { cid: number; toUids?: string[] };
          const room = adminOnly ? Rooms.contestAdmin(cid) : Rooms.contest(cid);
          // A Q&A reply also reaches the people it answers, wherever their page is (issue #26).
          const rooms = [room, ...(toUids ?? []).map((u) => Rooms.user(u))];
          io.to(rooms).emit(event, { cid, ...rest });
        }),
      ),
    )),
    // Back-office pushes (judge servers, submission rate), relayed as published to the admin room.
    ...(await Promise.all(
      [
        [Subjects.adminJudgeServers, ServerEvents.adminJudgeServers],
        [Subjects.adminSubmissionRate, ServerEvents.adminSubmissionRate],
        [Subjects.adminProblemVerify, ServerEvents.adminProblemVerify],
      ].map(([subject, event]) =>
        bus.subscribe<unknown>(subject!, (payload) => void io.to(Rooms.admin).emit(event!, payload)),
      ),
    )),
    // A contest's settings or rows changed: its room grants are decided again.
    await bus.subscribe<{ cid?: unknown; released?: unknown }>(Subjects.contestChangedAll, (payload) => {
      if (typeof payload?.cid === 'number' && payload.released !== true)
        contestGrants.dropContest(payload.cid);
    }),
    // Group membership changes reach the user rooms the group service names (row owner, group admins).
    await bus.subscribe<{ toUids?: unknown; uid?: unknown }>(Subjects.groupMembershipAll, (payload) => {
      // A membership decides group contests' rooms: that user's grants are decided again.
      if (typeof payload?.uid === 'string') contestGrants.dropUser(payload.uid);
      const { toUids, ...event } = payload ?? {};
      if (!Array.isArray(toUids)) return;
      const rooms = toUids.filter((u): u is string => typeof u === 'string').map((u) => Rooms.user(u));
      if (rooms.length) io.to(rooms).emit(ServerEvents.groupMembership, event);
    }),
    // Training progress goes to the learner's own room; rank rows to the training's room.
    await bus.subscribe<{ uid?: unknown }>(Subjects.trainingProgressAll, (payload) => {
      if (typeof payload?.uid === 'string')
        io.to(Rooms.user(payload.uid)).emit(ServerEvents.trainingProgress, payload);
    }),
    await bus.subscribe<{ tid?: unknown }>(Subjects.trainingRankAll, (payload) => {
      if (typeof payload?.tid === 'number')
        io.to(Rooms.training(payload.tid)).emit(ServerEvents.trainingRank, payload);
    }),
    // A virtual participant's ghost board deltas go to that participant's own room (issue #27).
    await bus.subscribe<{ uid?: unknown }>(Subjects.virtualBoardAll, (payload) => {
      if (typeof payload?.uid === 'string')
        io.to(Rooms.user(payload.uid)).emit(ServerEvents.contestVirtualBoard, payload);
    }),
    // A contest replay's clock and board go to the replay's room (issue #27 item 4).
    await bus.subscribe<{ cid?: unknown; rid?: unknown }>(Subjects.replayAll, (payload) => {
      if (typeof payload?.cid === 'number' && typeof payload.rid === 'number')
        io.to(Rooms.replay(payload.cid, payload.rid)).emit(ServerEvents.contestReplay, payload);
    }),
    // Similarity analysis progress (issue #28) goes to the starter's own room.
    await bus.subscribe<unknown>(SIMILARITY_PROGRESS_ALL, (payload, subject) => {
      const uid = subject.slice(SIMILARITY_PROGRESS_ALL.length - 1);
      if (uid) io.to(Rooms.user(uid)).emit(SIMILARITY_PROGRESS_EVENT, payload);
    }),
    // The message center: unread counts, site-wide notices, discussion comments (issue 13).
    ...(await relayMessages(io, bus, opts.log)),
    await bus.subscribe<unknown>(Subjects.accountRevokedAll, (_payload, subject) => {
      const uid = subject.slice(Subjects.accountRevoked('').length);
      contestGrants.dropUser(uid);
      io.to(Rooms.user(uid)).emit(ServerEvents.sessionRevoked, {});
      io.in(Rooms.user(uid)).disconnectSockets(true);
    }),
  ];

  let port: number | null = null;
  if (ownServer) {
    await new Promise<void>((resolve, reject) => {
      ownServer.once('error', reject);
      ownServer.listen(
        { port: opts.port ?? 0, host: opts.host ?? '0.0.0.0', backlog: opts.backlog ?? 4096 },
        () => resolve(),
      );
    });
    port = (ownServer.address() as AddressInfo).port;
  }

  // Pushes published while this gateway's bus connection was down never reach it: its clients
  // read again what they show (web: onSocketResync).
  const stopReconnect = bus.onReconnect?.(() => io.emit(ServerEvents.resync, {}));

  let closing: Promise<void> | undefined;
  return {
    io,
    port,
    close: () =>
      (closing ??= (async () => {
        // Drain: take no more connections and close every client's transport. Never a socket.io
        // disconnect (disconnectSockets): a client told "io server disconnect" does not reconnect
        // by itself, while one whose transport closed reconnects (to another gateway, or to this
        // one restarted), joins its rooms again and catches up (issue #11).
        // io.close() also closes an attached server; only do that when we own it.
        if (ownServer) {
          const closed = new Promise<void>((resolve) => io.close(() => resolve()));
          ownServer.closeIdleConnections();
          await closed;
        } else io.engine.close();
        stopReconnect?.();
        for (const unsubscribe of subscriptions) await unsubscribe();
      })()),
  };
}

/**
 * A contest board page read on the process holding the board (issue #22), for a subscribe's ack;
 * null when no process holds it yet or it does not answer soon (the viewer then fetches it).
 */
export async function boardSnapshot(
  bus: Bus,
  cid: number,
  admin: boolean,
  pinUid: string | null,
  view: ContestBoardView,
): Promise<{ json: string; version: string } | null> {
  try {
    const a = await bus.request<{ json?: unknown; version?: unknown }>(
      Subjects.contestBoard(cid),
      {
        op: 'snapshot',
        admin,
        pinUid,
        view: {
          page: view.page,
          size: view.size,
          removeStar: view.removeStar,
          containsEnd: view.containsEnd,
        },
      },
      { timeoutMs: 2000 },
    );
    return typeof a?.json === 'string' && typeof a.version === 'string' && a.version
      ? { json: a.json, version: a.version }
      : null;
  } catch {
    return null;
  }
}

/** A gateway in its own process asks the judge service over the bus. */
export function remoteWatchPolicy(bus: Bus, timeoutMs = 3000): WatchPolicy {
  const ask = (q: WatchCheckRequest) => bus.request<WatchDecision>(WATCH_CHECK_SUBJECT, q, { timeoutMs });
  return {
    canWatchSubmission: (viewer, id) => ask({ kind: 'submission', id, viewer }),
    canWatchProblem: (viewer, id) => ask({ kind: 'problem', id, viewer }),
  };
}

/** A gateway asks the contest service over the bus (in-process too: the service answers there). */
export function remoteContestWatchPolicy(bus: Bus, timeoutMs = 3000): ContestWatchPolicy {
  return {
    canWatchContest: (viewer, cid) =>
      bus.request<ContestWatchDecision>(
        CONTEST_WATCH_CHECK_SUBJECT,
        { cid, viewer } satisfies ContestWatchCheckRequest,
        { timeoutMs },
      ),
  };
}

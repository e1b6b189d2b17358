// Live scoreboards: one in-memory incremental board per contest in use, fed by
// submission updates from the bus, loaded from the database on first use.
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import { gzipSync } from 'node:zlib';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  Scoreboard,
  recordStatusOf,
  type BoardSubmission,
  type DeltaMark,
  type BoardView,
  type RankRow,
  type SharedPageInfo,
} from '@oj/protocol/contest/scoreboard';
import type { RankDelta } from '@oj/protocol/contest/rank-delta';
import { boardSealedAt, sealedFor } from '@oj/protocol/contest/clock';
import type { VariantName } from '@oj/protocol/contest/scoreboard';
import { makePage } from '@oj/protocol';
import { ACCEPTED } from './wire-shapes';
import { ok } from '../platform/http/envelope';
import type { ContestGroupPort, ContestSubmissionRow, SubmissionSource, UserDirectory } from './ports';
import { boardConfigOf, timesOf, type ContestRecordRow } from './rules';
import * as repo from './repository';
import type { Db } from './repository';
import { acquireBoardLease, boardLeaseOf, releaseBoardLease, renewBoardLeases } from './board-lease';

export interface ScoreboardServiceDeps {
  db: Db;
  bus: Bus;
  submissions: SubmissionSource;
  users: UserDirectory;
  groups: ContestGroupPort;
  log?: { warn(obj: object, msg?: string): void };
  /** Boards kept in memory at most (least recently used are dropped). */
  maxBoards?: number;
  /** How long a contest row read for the rank endpoints is reused (default 1000 ms). */
  contestTtlMs?: number;
  /** The clock (epoch ms): contest-row TTL and the seal state of pushed deltas. */
  now?: () => number;
  /** This process's name in the board leases (default: host, pid and a random tag). */
  processId?: string;
  /** How long a board lease lasts without renewal (default 15 s; renewed every third of it). */
  leaseTtlMs?: number;
  /** How long a read forwarded to the holder may take (default 10 s: a large board loads in ~2 s). */
  forwardTimeoutMs?: number;
}

/** A read forwarded to the process holding a contest's board (Subjects.contestBoard). */
type BoardRequest =
  | { op: 'page'; view: BoardView; refresh: boolean }
  /** A gateway's snapshot of a subscriber's page: the seal decided here from the contest row. */
  | {
      op: 'snapshot';
      admin: boolean;
      pinUid: string | null;
      view: { page: number; size: number; removeStar: boolean; containsEnd: boolean };
    }
  | { op: 'ranked'; view: Pick<BoardView, 'sealed' | 'containsEnd'>; removeStar: boolean; refresh: boolean };
type BoardAnswer =
  | { moved: true }
  | { missing: true }
  | { json: string; shared: boolean; version: string }
  | { rows: RankRow[]; rankShowName: Scoreboard['config']['rankShowName'] };

/** Payload of `Subjects.contestEvent(cid, 'rank' | 'rank-admin')` (ContestRankChanged). */
export interface RankChangedEvent {
  cid: number;
  at: number;
  /** One delta per board variant the room's viewers can be shown; absent: refetch. */
  boards?: RankDelta[];
}

/**
 * Board variants whose deltas each room gets. The contest room only ever gets the view a
 * non-admin sees (the seal holds); while sealed, the admin room gets the real ones too.
 */
export function pushedVariants(
  c: ContestRecordRow,
  now: number,
): { room: VariantName[]; admin: VariantName[] } {
  const open: VariantName[] = c.allowEndSubmit ? ['real', 'withAfter'] : ['real'];
  const sealed = boardSealedAt(
    {
      startTime: c.startTime.getTime(),
      endTime: c.endTime.getTime(),
      sealRank: c.sealRank,
      sealRankTime: c.sealRankTime?.getTime() ?? null,
      autoRealRank: c.autoRealRank,
    },
    now,
  );
  return sealed && c.sealRank ? { room: ['sealed'], admin: open } : { room: open, admin: [] };
}

interface LiveBoard {
  board: Scoreboard;
  /** Contest fields the board was built from; a change rebuilds it. */
  signature: string;
  /** cpid → display id. */
  displayIds: Map<number, string>;
  /** Who the problem headers' counts leave out (super admins, group owners; not the creator). */
  countsExcluded: string[];
}

function signatureOf(c: ContestRecordRow, excluded: readonly string[]): string {
  return JSON.stringify([
    c.type,
    c.startTime.getTime(),
    c.endTime.getTime(),
    c.sealRank,
    c.sealRankTime?.getTime() ?? null,
    c.oiRankScoreType,
    c.starAccount,
    c.awardType,
    c.awardConfig,
    c.rankShowName,
    [...excluded].sort(),
  ]);
}

/** A rank page's response body; a page every viewer shares also has a gzip form, made once. */
export interface RankPageBody {
  json: Buffer;
  shared: boolean;
  gzip(): Buffer;
  /** The board version the page was read at (Scoreboard.boardVersion): pushed deltas start from it. */
  version?: string;
}

/**
 * The success envelope of a rank page, as the UTF-8 bytes sent, around the records' JSON
 * array text (Scoreboard.pageJson): the same bytes as serializing ok(makePage(rows, ...)).
 * One module-level function, so the board caches its result for pages every viewer shares.
 */
export function rankPageBody(records: string, page: SharedPageInfo): RankPageBody {
  const shell = JSON.stringify(ok(makePage([], page.total, page.size, page.current)));
  const json = Buffer.from(shell.replace('"records":[]', () => `"records":${records}`));
  let gzipped: Buffer | null = null;
  // A 50-row page is ~47 kB and ~8x smaller gzipped: after a push thousands of viewers fetch it.
  return { json, shared: page.shared, gzip: () => (gzipped ??= gzipSync(json, { level: 6 })) };
}

export function toBoardSubmission(row: ContestSubmissionRow, displayId: string): BoardSubmission {
  return {
    submitId: row.submitId,
    uid: row.uid,
    username: row.username,
    displayId,
    submitTime: row.submitTime.getTime(),
    status: recordStatusOf(row.status),
    score: row.score,
    useTime: row.time,
  };
}

export function createScoreboardService(deps: ScoreboardServiceDeps) {
  const boards = new Map<number, LiveBoard>();
  const loading = new Map<number, Promise<LiveBoard>>();
  /** Submissions updated while their contest's board was loading: re-read once it is in. */
  const missed = new Map<number, Set<number>>();
  const maxBoards = deps.maxBoards ?? 64;
  const contestTtlMs = deps.contestTtlMs ?? 1000;
  const now = deps.now ?? Date.now;
  /** forceRefresh recomputes in flight: concurrent callers share one. */
  const refreshing = new Map<number, Promise<LiveBoard>>();
  /** Contest rows for rank pages: every push is followed by a burst of fetches of the same contest. */
  const contestRows = new Map<number, { at: number; row: Promise<ContestRecordRow | null> }>();
  let unsubscribe: Unsubscribe | null = null;
  const me = deps.processId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseTtlMs = deps.leaseTtlMs ?? 15_000;
  const forwardTimeoutMs = deps.forwardTimeoutMs ?? 10_000;
  /** Contests whose board lease this process holds, with their reply subscription. */
  const held = new Map<number, { stopReply: Unsubscribe | null }>();
  const acquiring = new Map<number, Promise<boolean>>();
  /** Per contest not held here: when its lease was last looked at (a dead holder is taken over). */
  const leaseChecked = new Map<number, number>();
  let renewTimer: ReturnType<typeof setInterval> | null = null;
  /** Held contests seen without a board at the last renewal. */
  const boardless = new Set<number>();
  let lastRenewed = now();
  let stopped = false;

  /**
   * The contest row, read at most once per `contestTtlMs` (concurrent readers share the
   * read). Edits through this process drop it at once (invalidate); other processes' edits
   * are seen within the TTL.
   */
  function contest(cid: number): Promise<ContestRecordRow | null> {
    const at = now();
    const hit = contestRows.get(cid);
    if (hit && at - hit.at < contestTtlMs) return hit.row;
    if (contestRows.size >= 4 * maxBoards) contestRows.clear();
    const row = repo.findContest(deps.db, cid);
    contestRows.set(cid, { at, row });
    row.catch(() => contestRows.delete(cid));
    return row;
  }

  function pushRow(cid: number): Promise<ContestRecordRow | null> {
    const hit = contestRows.get(cid);
    if (!hit) return contest(cid).catch(() => null);
    if (now() - hit.at >= contestTtlMs) void contest(cid).catch(() => null);
    return hit.row.catch(() => null);
  }

  async function excludedUids(c: ContestRecordRow): Promise<{ board: string[]; counts: string[] }> {
    const roots = await deps.users.superAdminUids();
    const owners = c.isGroup && c.gid !== null ? await deps.groups.ownerUids(c.gid) : [];
    return { board: [c.uid, ...roots, ...owners], counts: [...roots, ...owners] };
  }

  /** Builds a board from the database. */
  async function load(c: ContestRecordRow): Promise<LiveBoard> {
    const { board: excluded, counts: countsExcluded } = await excludedUids(c);
    const problems = await repo.contestProblems(deps.db, c.id);
    const displayIds = new Map(problems.map((p) => [p.id, p.display_id]));
    const subs: BoardSubmission[] = [];
    if (deps.submissions.boardRowsOf) {
      // The lean read: epoch milliseconds, no Date objects, only the board's columns.
      for (const r of await deps.submissions.boardRowsOf(c.id)) {
        const displayId = displayIds.get(r.cpid);
        if (displayId === undefined) continue;
        subs.push({
          submitId: r.submitId,
          uid: r.uid,
          username: r.username,
          displayId,
          submitTime: r.submitTime,
          status: recordStatusOf(r.status),
          score: r.score,
          useTime: r.time,
        });
      }
    } else {
      for (const r of await deps.submissions.ofContest(c.id)) {
        const displayId = displayIds.get(r.cpid);
        if (displayId !== undefined) subs.push(toBoardSubmission(r, displayId));
      }
    }
    const uids = [...new Set(subs.map((s) => s.uid))];
    const board = Scoreboard.recompute(boardConfigOf(c, excluded), subs, await deps.users.profiles(uids));
    return { board, signature: signatureOf(c, excluded), displayIds, countsExcluded };
  }

  function remember(cid: number, live: LiveBoard) {
    boards.delete(cid);
    boards.set(cid, live);
    while (boards.size > maxBoards) {
      const evicted = boards.keys().next().value!;
      boards.delete(evicted);
      // A board this process no longer keeps is no longer held: another process may take it.
      if (held.has(evicted)) void release(evicted);
    }
  }

  /** The contest's board, loaded on first use and rebuilt when the contest's settings changed. */
  async function boardFor(c: ContestRecordRow): Promise<Scoreboard> {
    // Read here, the board is held here (unless another process holds it: then only read).
    if (!held.has(c.id)) await hold(c.id);
    const live = boards.get(c.id);
    if (live && live.signature === signatureOf(c, live.board.config.excludedUids)) {
      // Touch for LRU order.
      boards.delete(c.id);
      boards.set(c.id, live);
      return live.board;
    }
    let pending = loading.get(c.id);
    if (!pending) {
      pending = loadAndCatchUp(c);
      loading.set(c.id, pending);
    }
    return (await pending).board;
  }

  async function loadAndCatchUp(c: ContestRecordRow): Promise<LiveBoard> {
    missed.set(c.id, new Set());
    try {
      const fresh = await load(c);
      remember(c.id, fresh);
      watchSeal(c);
      for (const submitId of missed.get(c.id) ?? []) await onSubmissionUpdated({ submitId, cid: c.id });
      return fresh;
    } finally {
      missed.delete(c.id);
      loading.delete(c.id);
    }
  }

  /**
   * Drops the in-memory board and recomputes it from the database (forceRefresh). Calls
   * while a recompute of the contest is in flight share it (one recompute, ~1.7 s at 500k rows).
   */
  async function refresh(c: ContestRecordRow): Promise<Scoreboard> {
    if (!held.has(c.id)) await hold(c.id);
    let pending = refreshing.get(c.id);
    if (!pending) {
      boards.delete(c.id);
      pending = loadAndCatchUp(c);
      loading.set(c.id, pending);
      refreshing.set(c.id, pending);
      const mine = pending;
      const done = () => {
        if (refreshing.get(c.id) === mine) refreshing.delete(c.id);
      };
      pending.then(done, done);
    }
    return (await pending).board;
  }

  /** Forget a contest's board and row (contest edited or deleted, problems relabelled). */
  function invalidate(cid: number) {
    boards.delete(cid);
    contestRows.delete(cid);
    // Every process drops its copy too (the holder rebuilds its board; gateways their facts).
    void deps.bus
      .publish(Subjects.contestChanged(cid), { cid })
      .catch((err: unknown) => deps.log?.warn({ err, cid }, 'publishing a contest change failed'));
  }

  /** Another process changed the contest: drop the row and the board (rebuilt on the next read). */
  function dropCached(cid: number) {
    contestRows.delete(cid);
    boards.delete(cid);
  }

  // ---- One holder per contest board across API processes (issue #22) ----

  /**
   * Takes the board lease of `cid` when it is free, expired or ours (`steal`: also when held by
   * `steal`, a holder that no longer answers). True when this process holds it now.
   */
  function hold(cid: number, steal?: string): Promise<boolean> {
    if (held.has(cid)) return Promise.resolve(true);
    let pending = acquiring.get(cid);
    if (pending) return pending;
    pending = (async () => {
      if (stopped) return false;
      if (steal !== undefined) await releaseBoardLease(deps.db, cid, steal);
      const holder = await acquireBoardLease(deps.db, cid, me, leaseTtlMs);
      if (holder !== me || stopped) return false;
      const entry: { stopReply: Unsubscribe | null } = { stopReply: null };
      held.set(cid, entry);
      // A board held before (by this process or another) may have missed verdicts: read it again.
      boards.delete(cid);
      entry.stopReply = await deps.bus.reply<BoardRequest, BoardAnswer>(Subjects.contestBoard(cid), (q) =>
        answer(cid, q),
      );
      if (held.get(cid) !== entry) await entry.stopReply();
      renewTimer ??= setInterval(() => void renew(), Math.max(50, Math.floor(leaseTtlMs / 3)));
      renewTimer.unref?.();
      return held.get(cid) === entry;
    })();
    acquiring.set(cid, pending);
    const done = () => acquiring.delete(cid);
    pending.then(done, done);
    return pending;
  }

  /** Stops holding `cid` here (lease lost or given up): no more pushes or answers for it. */
  async function letGo(cid: number) {
    const entry = held.get(cid);
    held.delete(cid);
    boards.delete(cid);
    await entry?.stopReply?.().catch(() => undefined);
  }

  async function release(cid: number) {
    await letGo(cid);
    try {
      await releaseBoardLease(deps.db, cid, me);
      // The other processes take the board at the next verdict instead of after the lease's time.
      await deps.bus.publish(Subjects.contestChanged(cid), { cid, released: true });
    } catch (err) {
      deps.log?.warn({ err, cid }, 'releasing a contest board lease failed');
    }
  }

  async function renew() {
    const cids = [...held.keys()];
    if (cids.length === 0) return;
    try {
      const kept = new Set(await renewBoardLeases(deps.db, cids, me, leaseTtlMs));
      lastRenewed = now();
      for (const cid of cids) if (!kept.has(cid)) await letGo(cid);
      // Held without a board (taken for a verdict nobody read) two renewals in a row: give it up.
      for (const cid of cids) {
        if (!kept.has(cid) || boards.has(cid) || loading.has(cid)) boardless.delete(cid);
        else if (boardless.has(cid)) {
          boardless.delete(cid);
          await release(cid);
        } else boardless.add(cid);
      }
    } catch (err) {
      deps.log?.warn({ err }, 'renewing contest board leases failed');
      // Past most of the lease without renewing: another process may hold them by now.
      if (now() - lastRenewed > (leaseTtlMs * 2) / 3) for (const cid of cids) await letGo(cid);
    }
  }

  /** The holder's side of a forwarded read. */
  async function answer(cid: number, q: BoardRequest): Promise<BoardAnswer> {
    if (!held.has(cid)) return { moved: true };
    const c = await contest(cid);
    if (!c) return { missing: true };
    if (q.op === 'snapshot') {
      const view: BoardView = {
        sealed: sealedFor(timesOf(c), now(), { isContestAdmin: q.admin, forceRefresh: false }),
        containsEnd: c.allowEndSubmit && q.view.containsEnd,
        removeStar: q.view.removeStar,
        pinUid: q.pinUid,
        page: q.view.page,
        size: q.view.size,
      };
      const body = localPage(await boardFor(c), view);
      return { json: body.json.toString('utf8'), shared: body.shared, version: body.version ?? '' };
    }
    const board = q.refresh ? await refresh(c) : await boardFor(c);
    if (q.op === 'ranked')
      return {
        rows: board.ranked(board.variantFor(q.view), q.removeStar),
        rankShowName: board.config.rankShowName,
      };
    const body = localPage(board, q.view);
    return { json: body.json.toString('utf8'), shared: body.shared, version: body.version ?? '' };
  }

  function localPage(board: Scoreboard, view: BoardView): RankPageBody {
    const body = board.pageJson(view, rankPageBody);
    // The version the page is at (same tick as the read): pushed rank deltas start from it.
    const variant = board.variantFor(view);
    return { ...body, version: `${variant}/${board.boardVersion(variant)}` };
  }

  /**
   * Runs a read on the contest's board: here when this process holds it (taking the lease when
   * nobody does), else on the holder over the bus. A holder that does not answer at all (no
   * subscriber: it died) is replaced; a slow one is waited for.
   */
  async function onHolder<T>(
    c: ContestRecordRow,
    q: BoardRequest,
    local: (board: Scoreboard) => T,
    remote: (a: BoardAnswer) => T | null,
  ): Promise<T> {
    let silent: string | null = null;
    for (let attempt = 0; ; attempt++) {
      if (held.has(c.id)) return local('refresh' in q && q.refresh ? await refresh(c) : await boardFor(c));
      try {
        const a = await deps.bus.request<BoardAnswer>(Subjects.contestBoard(c.id), q, {
          timeoutMs: forwardTimeoutMs,
        });
        if ('missing' in a) throw new Error(`contest ${c.id} not found by its board holder`);
        const out = remote(a);
        if (out !== null) return out;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'BUS_RESPONDER_ERROR' || code === 'BUS_CLOSED') throw err;
        if (code !== 'BUS_NO_RESPONDERS') {
          if (attempt >= 3) throw err;
          continue; // slow holder: ask again
        }
        const lease = await boardLeaseOf(deps.db, c.id);
        // Nobody holds it, or the holder went quiet twice in a row: take it over.
        if (!lease || lease.expired || lease.holder === me) {
          if (await hold(c.id)) continue;
        } else if (silent === lease.holder) {
          if (await hold(c.id, lease.holder)) continue;
        } else silent = lease.holder;
      }
      if (attempt >= 40) throw new Error(`no holder of contest ${c.id}'s board`);
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100 * Math.min(attempt + 1, 5)));
    }
  }

  /** A rank page of the contest at the holder's board version. */
  function page(c: ContestRecordRow, view: BoardView, refresh = false): Promise<RankPageBody> {
    return onHolder<RankPageBody>(
      c,
      { op: 'page', view, refresh },
      (board) => localPage(board, view),
      (a) => {
        if (!('json' in a)) return null;
        const json = Buffer.from(a.json, 'utf8');
        let gzipped: Buffer | null = null;
        return {
          json,
          shared: a.shared,
          version: a.version,
          gzip: () => (gzipped ??= gzipSync(json, { level: 6 })),
        };
      },
    );
  }

  /** The ranked rows of a variant (the .xlsx sheet), read on the holder. */
  function rankedRows(
    c: ContestRecordRow,
    view: Pick<BoardView, 'sealed' | 'containsEnd'>,
    removeStar: boolean,
    refresh = false,
  ) {
    return onHolder(
      c,
      { op: 'ranked', view, removeStar, refresh },
      (board) => ({
        rows: board.ranked(board.variantFor(view), removeStar),
        rankShowName: board.config.rankShowName,
      }),
      (a) => ('rows' in a ? { rows: a.rows, rankShowName: a.rankShowName } : null),
    );
  }

  /**
   * A verdict of a contest this process does not hold. When nobody holds its board (never read,
   * or the holder died and its lease ran out), one process takes the lease (the database picks
   * it) and tells the viewers to read the board (a new epoch); a dead holder's board is loaded
   * at once, since viewers were following it.
   */
  async function takeOverIfOrphaned(cid: number) {
    const at = now();
    if (at - (leaseChecked.get(cid) ?? -Infinity) < leaseTtlMs / 3) return;
    if (leaseChecked.size > 4 * maxBoards) leaseChecked.clear();
    leaseChecked.set(cid, at);
    const lease = await boardLeaseOf(deps.db, cid);
    if (lease && !lease.expired) return;
    if (!(await hold(cid))) return;
    const c = lease ? await contest(cid) : null;
    if (c) await boardFor(c);
    await publishRank(cid);
  }

  async function publishRank(cid: number, room?: RankDelta[], admin?: RankDelta[]) {
    try {
      const at = Date.now();
      await deps.bus.publish(Subjects.contestEvent(cid, 'rank'), {
        cid,
        at,
        ...(room ? { boards: room } : {}),
      } satisfies RankChangedEvent);
      // The same `at`: a viewer that applied one of the two knows the other is about the same change.
      if (admin && admin.length > 0) await publishAdmin(cid, admin, at);
    } catch (err) {
      deps.log?.warn({ err, cid }, 'publishing a rank change failed');
    }
  }

  /** The real boards' deltas to the contest-admin room (while the contest is sealed). */
  async function publishAdmin(cid: number, boards: RankDelta[], at = Date.now()) {
    try {
      await deps.bus.publish(Subjects.contestEvent(cid, 'rank-admin'), {
        cid,
        at,
        boards,
      } satisfies RankChangedEvent);
    } catch (err) {
      deps.log?.warn({ err, cid }, 'publishing a rank change failed');
    }
  }

  /**
   * The deltas of each room's variants since `mark`. Synchronous on purpose: it runs right
   * after the change, before another update can touch the board.
   */
  function deltasOf(c: ContestRecordRow | null, board: Scoreboard, mark: DeltaMark | null) {
    if (!c || !mark) return { room: undefined, admin: undefined };
    const { room, admin } = pushedVariants(c, now());
    // Every variant of the room is listed: an unchanged one as version = prevVersion, so a
    // viewer of a variant not listed (its view changed, e.g. the seal began) knows to refetch.
    const pick = (names: VariantName[]) => {
      const list = names.map((n) => {
        const version = board.boardVersion(n);
        return board.deltaSince(mark, n) ?? { variant: n, version, prevVersion: version };
      });
      return list.some((d) => d.version !== d.prevVersion) ? list : [];
    };
    return { room: pick(room), admin: pick(admin) };
  }

  /** Pushes of one contest go out one after another, in the order their deltas were made. */
  const publishing = new Map<number, Promise<void>>();
  function inOrder(cid: number, task: () => Promise<void>): Promise<void> {
    const next = (publishing.get(cid) ?? Promise.resolve()).then(task, task);
    publishing.set(cid, next);
    const done = () => {
      if (publishing.get(cid) === next) publishing.delete(cid);
    };
    next.then(done, done);
    return next;
  }

  /**
   * A problem header's counts on a variant (issue #22: pushed, so viewers never re-read the
   * problem list): its accepted submissions and submissions from the start up to the variant's
   * edge (the seal, the end, or none), the same numbers the contest problem list shows.
   */
  async function countsOf(
    c: ContestRecordRow,
    live: LiveBoard,
    variant: VariantName,
    cpid: number,
    displayId: string,
  ): Promise<[string, number, number]> {
    const before =
      variant === 'sealed' ? (c.sealRankTime ?? c.endTime) : variant === 'withAfter' ? null : c.endTime;
    const rows = await deps.submissions.statusCounts(c.id, {
      cpid,
      from: c.startTime,
      before,
      excludedUids: live.countsExcluded,
    });
    let ac = 0;
    let total = 0;
    for (const r of rows) {
      total += r.n;
      if (r.status === ACCEPTED) ac += r.n;
    }
    return [displayId, ac, total];
  }

  /** Each contest's room variants as last announced (a change to the sealed one is the seal). */
  const roomSeen = new Map<number, string>();
  const sealTimers = new Map<number, ReturnType<typeof setTimeout>>();

  /** Remembers the room's variants of a loaded board and wakes up at its seal, if one is ahead. */
  function watchSeal(c: ContestRecordRow) {
    roomSeen.set(c.id, pushedVariants(c, now()).room.join(','));
    const old = sealTimers.get(c.id);
    if (old) clearTimeout(old);
    sealTimers.delete(c.id);
    const at = c.sealRank && c.sealRankTime ? c.sealRankTime.getTime() : null;
    if (at === null || at <= now() || at >= c.endTime.getTime()) return;
    // setTimeout holds at most ~24.8 days: a later seal is looked at again then.
    const timer = setTimeout(() => void onSealTime(c.id), Math.min(at - now() + 20, 2 ** 31 - 1));
    timer.unref?.();
    sealTimers.set(c.id, timer);
  }

  async function onSealTime(cid: number) {
    sealTimers.delete(cid);
    const live = boards.get(cid);
    if (!live || !held.has(cid)) return;
    const c = await pushRow(cid);
    if (!c) return;
    const sw = sealSwitch(c, live.board);
    if (sw === null) return watchSeal(c);
    await inOrder(cid, () => publishRank(cid, sw));
  }

  /**
   * The push that moves the contest room to the sealed board when the seal has begun since the
   * room's variants were last announced: for each open variant whose rows equal the sealed
   * board's (nothing was judged after the seal yet), a `same` delta so viewers relabel their
   * page instead of fetching it. Null when the room's variants did not change.
   */
  function sealSwitch(c: ContestRecordRow, board: Scoreboard): RankDelta[] | null {
    const room = pushedVariants(c, now()).room;
    const before = roomSeen.get(c.id);
    roomSeen.set(c.id, room.join(','));
    if (before === undefined || before === room.join(',') || room.join(',') !== 'sealed') return null;
    const version = board.boardVersion('sealed');
    const list: RankDelta[] = [{ variant: 'sealed', version, prevVersion: version }];
    const sealedRows = JSON.stringify(board.ranked('sealed'));
    for (const open of before.split(',') as VariantName[])
      if (JSON.stringify(board.ranked(open)) === sealedRows)
        list.push({
          variant: 'sealed',
          version,
          prevVersion: version,
          same: { variant: open, version: board.boardVersion(open) },
        });
    return list;
  }

  /** Applies one submission change to a loaded board; boards not in memory load it later from the DB. */
  async function onSubmissionUpdated(update: Pick<SubmissionUpdate, 'submitId' | 'cid'>): Promise<boolean> {
    if (!update.cid) return false;
    const live = boards.get(update.cid);
    if (!live) {
      missed.get(update.cid)?.add(update.submitId);
      return false;
    }
    const row = await deps.submissions.byId(update.submitId);
    let before = versions(live.board);
    let mark: DeltaMark | null = null;
    let c: ContestRecordRow | null = null;
    if (!row || row.cid !== update.cid) live.board.removeSubmission(update.submitId);
    else {
      let displayId = live.displayIds.get(row.cpid);
      if (displayId === undefined) {
        // A problem added after the board was loaded.
        const cp = (await repo.contestProblems(deps.db, update.cid)).find((p) => p.id === row.cpid);
        if (!cp) return false;
        live.displayIds.set(cp.id, cp.display_id);
        displayId = cp.display_id;
      }
      if (!live.board.hasProfile(row.uid)) live.board.setProfiles(await deps.users.profiles([row.uid]));
      // For the seal state of the deltas, read before the change: the cached row even past its
      // TTL (a re-read then starts for the next verdict), so a verdict never waits on the database.
      c = await pushRow(update.cid);
      // The seal began since the last push: move the room to the sealed board first.
      const sw = c ? sealSwitch(c, live.board) : null;
      if (sw) void inOrder(update.cid, () => publishRank(update.cid!, sw));
      // No await from the mark to the deltas: they describe exactly this change.
      before = versions(live.board);
      mark = live.board.deltaMark(row.uid);
      live.board.applySubmission(toBoardSubmission(row, displayId));
    }
    const changed = versions(live.board) !== before;
    if (!changed) return false;
    // A removed submission's user is not known before: no deltas, viewers refetch.
    const { room, admin } = deltasOf(c, live.board, mark);
    const cid = update.cid;
    const problem =
      row && row.cid === cid ? { cpid: row.cpid, displayId: live.displayIds.get(row.cpid) } : null;
    await inOrder(cid, async () => {
      // The changed problem's header counts ride along with each variant's delta.
      if (c && problem?.displayId !== undefined)
        for (const d of [...(room ?? []), ...(admin ?? [])])
          d.counts = [await countsOf(c, live, d.variant, problem.cpid, problem.displayId)];
      // The room's boards did not change (e.g. only the real board moved while sealed): nothing to say.
      if (room && room.length === 0) {
        if (admin && admin.length > 0) await publishAdmin(cid, admin);
        return;
      }
      await publishRank(cid, room, admin);
    });
    return true;
  }

  function versions(b: Scoreboard): string {
    return `${b.versionOf('real')}:${b.versionOf('withAfter')}:${b.versionOf('sealed')}`;
  }

  async function start() {
    if (unsubscribe) return;
    const stopChanged = await deps.bus.subscribe<{ cid?: unknown; released?: unknown }>(
      Subjects.contestChangedAll,
      (p) => {
        if (typeof p?.cid !== 'number') return;
        if (p.released === true) leaseChecked.delete(p.cid);
        else dropCached(p.cid);
      },
    );
    const stopUpdates = await deps.bus.subscribe<SubmissionUpdate>(
      Subjects.submissionUpdatedAll,
      async (u) => {
        try {
          if (!u.cid) return;
          // Only the holder of the contest's board applies verdicts and publishes its deltas.
          if (!held.has(u.cid)) {
            if (u.reason !== 'progress') await takeOverIfOrphaned(u.cid);
            return;
          }
          const known = boards.has(u.cid);
          await onSubmissionUpdated(u);
          // Without the board in memory nobody can tell whether it moved: a verdict-like
          // change is announced anyway so watchers refetch (progress never moves a board).
          if (!known && u.reason !== 'progress') await publishRank(u.cid);
        } catch (err) {
          deps.log?.warn({ err, submitId: u.submitId }, 'scoreboard update failed');
        }
      },
    );
    unsubscribe = async () => {
      await stopUpdates();
      await stopChanged();
    };
  }

  async function stop() {
    stopped = true;
    await unsubscribe?.();
    unsubscribe = null;
    if (renewTimer) clearInterval(renewTimer);
    renewTimer = null;
    for (const t of sealTimers.values()) clearTimeout(t);
    sealTimers.clear();
    // Hand the boards over at once instead of after the lease runs out.
    for (const cid of [...held.keys()]) await release(cid);
  }

  return {
    boardFor,
    page,
    rankedRows,
    contest,
    refresh,
    /** Whether this process holds the contest's board (and publishes its pushes). */
    holds: (cid: number) => held.has(cid),
    hold,
    invalidate,
    onSubmissionUpdated,
    start,
    stop,
    loaded: () => boards.size,
  };
}

export type ScoreboardService = ReturnType<typeof createScoreboardService>;

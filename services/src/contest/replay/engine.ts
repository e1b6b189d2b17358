// The replay clocks (issue #27 item 4). A replay's clock is stored (repository.ts) as an anchor,
// so any process computes its moment; one process, the holder of the replay's lease, keeps the
// replay's board (a `GhostBoard` over the contest's shared tape, without a participant of its
// own), moves it with the clock on its tick, and pushes the rank deltas to the replay's room.
// Board pages are read on the holder too (bus request/reply), so every page and every delta share
// one board epoch. Why a lease in the database rather than "the process that started it": the
// starter may stop or die while the room watches; its lease then runs out and another API process
// takes the replay over (its sweep looks for orphans), rebuilding the board at the stored moment.
// Two processes never tick one replay: renewing is conditional on still being the holder.
import { randomUUID } from 'node:crypto';
import { Subjects } from '@oj/protocol';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import {
  replayElapsed,
  type ReplayBoardPage,
  type ReplayPushed,
  type ReplayState,
} from '@oj/protocol/contest/replay';
import { GhostBoard } from '@oj/protocol/contest/virtual';
import * as repo from '../repository';
import type { Db } from '../repository';
import type { ContestRecordRow } from '../rules';
import type { Tape } from '../virtual/engine';
import * as rrepo from './repository';
import type { ReplayRow } from './repository';

export interface ReplayEngineDeps {
  db: Db;
  bus: Bus;
  now: () => number;
  tapeOf: (c: ContestRecordRow) => Promise<Tape>;
  log?: { warn(obj: object, msg?: string): void };
  /** Tick of held replays (ms); 500 by default. */
  tickMs?: number;
  /** Lease length (ms); 10 s by default. Orphans are looked for every half lease. */
  leaseMs?: number;
  /** This process's name in the lease (a fresh one by default). */
  me?: string;
}

interface Held {
  state: ReplayState;
  contest: ContestRecordRow;
  tape: Tape;
  ghost: GhostBoard;
  stopReply: Unsubscribe;
}

/** A page of a replay board as its holder answers it (the caller's right to control is added later). */
export type ReplayPage = Omit<ReplayBoardPage, 'canControl'>;

type BoardRequest = { op: 'page'; current: number; size: number } | { op: 'poke' };

export function stateOf(row: ReplayRow, c: ContestRecordRow): ReplayState {
  return {
    rid: row.rid,
    cid: row.cid,
    duration: c.endTime.getTime() - c.startTime.getTime(),
    speed: row.speed,
    paused: row.paused,
    anchorElapsed: row.anchorElapsed,
    anchorAt: row.anchorAt,
    unsealed: row.unsealed,
    revision: row.revision,
    closed: row.closed,
  };
}

export function createReplayEngine(deps: ReplayEngineDeps) {
  const me = deps.me ?? `replay-${randomUUID()}`;
  const leaseMs = deps.leaseMs ?? 10_000;
  const tickMs = deps.tickMs ?? 500;
  const held = new Map<number, Held>();
  const taking = new Map<number, Promise<Held | null>>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastSweep = 0;

  function boardAt(t: Tape, s: ReplayState, elapsed: number): GhostBoard {
    // The unsealed view: the same times without the seal, so the board never hides anything.
    const times = s.unsealed ? { ...t.times, sealRank: false, sealRankTime: null } : t.times;
    const ghost = new GhostBoard(t.tape, times, t.profiles);
    ghost.advanceTo(elapsed, false);
    return ghost;
  }

  async function publish(h: Held, extra: Pick<ReplayPushed, 'deltas' | 'reload'>) {
    const push: ReplayPushed = {
      cid: h.state.cid,
      rid: h.state.rid,
      state: h.state,
      elapsed: h.ghost.at,
      version: h.ghost.version,
      sealed: h.ghost.variant === 'sealed',
      ...extra,
    };
    try {
      await deps.bus.publish(Subjects.replay(h.state.cid, h.state.rid), push);
    } catch (err) {
      deps.log?.warn({ err, rid: h.state.rid }, 'publishing a replay push failed');
    }
  }

  async function drop(rid: number, release: boolean) {
    const h = held.get(rid);
    if (!h) return;
    held.delete(rid);
    await h.stopReply().catch(() => undefined);
    if (release) await rrepo.releaseReplayLease(deps.db, rid, me).catch(() => undefined);
  }

  /** Moves a held replay to its stored state at now; pushes what changed. */
  async function step(h: Held, row: ReplayRow) {
    const next = stateOf(row, h.contest);
    if (next.closed) {
      h.state = next;
      await publish(h, { reload: true });
      await drop(next.rid, true);
      return;
    }
    const e = replayElapsed(next, deps.now());
    const controlled = next.revision !== h.state.revision;
    if (next.unsealed !== h.state.unsealed || e < h.ghost.at) {
      // Seek backwards or another view: the board is built again at the moment (a new epoch).
      h.state = next;
      h.ghost = boardAt(h.tape, next, e);
      await publish(h, { reload: true });
      return;
    }
    h.state = next;
    const s = h.ghost.advanceTo(e);
    if (s.variantChanged) await publish(h, { reload: true });
    else if (s.deltas.length > 0 || controlled) await publish(h, { deltas: s.deltas });
  }

  function pageOf(h: Held, current: number, size: number): ReplayPage {
    const p = h.ghost.page(current, size);
    return {
      ...p,
      version: h.ghost.version,
      elapsed: h.ghost.at,
      sealed: h.ghost.variant === 'sealed',
      state: h.state,
    };
  }

  /** Takes the replay's lease when it is free (or ours) and loads its board; null: held elsewhere. */
  function take(rid: number): Promise<Held | null> {
    const mine = held.get(rid);
    if (mine) return Promise.resolve(mine);
    let p = taking.get(rid);
    if (!p) {
      p = (async () => {
        const row = await rrepo.acquireReplayLease(deps.db, rid, me, leaseMs);
        if (!row) return null;
        const c = await repo.findContest(deps.db, row.cid);
        if (!c) return null;
        const tape = await deps.tapeOf(c);
        const state = stateOf(row, c);
        const h: Held = {
          state,
          contest: c,
          tape,
          ghost: boardAt(tape, state, replayElapsed(state, deps.now())),
          stopReply: async () => undefined,
        };
        h.stopReply = await deps.bus.reply<BoardRequest, ReplayPage | { ok: true }>(
          Subjects.replayBoard(rid),
          async (q) => {
            const now = held.get(rid);
            if (!now) throw new Error('replay no longer held');
            if (q.op === 'poke') {
              await poke(rid);
              return { ok: true };
            }
            return pageOf(now, q.current, q.size);
          },
        );
        held.set(rid, h);
        ensureTimer();
        // Viewers who followed a previous holder read the page again (a new epoch).
        await publish(h, { reload: true });
        return h;
      })().finally(() => taking.delete(rid));
      taking.set(rid, p);
    }
    return p;
  }

  /** A control was stored: the holder moves the replay at once (here, or asked over the bus). */
  async function poke(rid: number): Promise<void> {
    const h = held.get(rid);
    if (h) {
      const row = await rrepo.replayById(deps.db, rid);
      if (row) await step(h, row);
      return;
    }
    if (await take(rid)) return; // taking it pushed the stored state
    try {
      await deps.bus.request(Subjects.replayBoard(rid), { op: 'poke' }, { timeoutMs: 2000 });
    } catch (err) {
      deps.log?.warn({ err, rid }, 'the replay holder did not answer a control');
    }
  }

  /** A page of the replay's board at its moment, read on its holder (taking it if nobody holds it). */
  async function page(rid: number, current: number, size: number): Promise<ReplayPage> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const h = held.get(rid) ?? (await take(rid));
      if (h) {
        const row = await rrepo.replayById(deps.db, rid);
        if (row) await step(h, row);
        return pageOf(h, current, size);
      }
      try {
        return await deps.bus.request<ReplayPage>(
          Subjects.replayBoard(rid),
          { op: 'page', current, size },
          { timeoutMs: 2000 },
        );
      } catch {
        // The holder went away: its lease runs out and the next attempt takes the replay.
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    throw new Error(`replay ${rid}: no holder answers`);
  }

  /**
   * One tick: renew the held leases (dropping lost ones), move the held replays, and every half
   * lease (or when `sweep` asks) adopt the orphans.
   */
  async function tick(opts: { sweep?: boolean } = {}) {
    const rids = [...held.keys()];
    const rows = await rrepo.renewReplayLeases(deps.db, rids, me, leaseMs);
    const kept = new Set(rows.map((r) => r.rid));
    for (const rid of rids) if (!kept.has(rid)) await drop(rid, false);
    for (const row of rows) {
      const h = held.get(row.rid);
      if (h) await step(h, row);
    }
    const now = Date.now();
    if (opts.sweep || now - lastSweep >= leaseMs / 2) {
      lastSweep = now;
      for (const rid of await rrepo.orphanReplays(deps.db)) await take(rid).catch(() => null);
    }
  }

  function ensureTimer() {
    if (timer) return;
    timer = setInterval(
      () => void tick().catch((err) => deps.log?.warn({ err }, 'replay tick failed')),
      tickMs,
    );
    timer.unref?.();
  }

  async function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    for (const rid of [...held.keys()]) await drop(rid, true);
  }

  return {
    me,
    take,
    poke,
    page,
    tick,
    /** Starts the timer (the orphan sweep runs even while nothing is held). */
    start: async () => ensureTimer(),
    stop,
    /** Replays this process holds. */
    get heldCount() {
      return held.size;
    },
    holds: (rid: number) => held.has(rid),
  };
}

export type ReplayEngine = ReturnType<typeof createReplayEngine>;

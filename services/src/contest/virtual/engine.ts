// The ghost boards of virtual participants (issue #27). Per contest, the original submissions are
// read once and sorted by time into a `ContestTape` shared by every clock over that contest; per
// participant, a `GhostBoard` advances a cursor into the tape as its clock runs (one timer per
// process ticks every clock it holds) and publishes the deltas of what moved to the participant's
// user room. The cost is per clock and per original submission, never per viewer or per read.
import { Subjects } from '@oj/protocol';
import type { Bus } from '@oj/protocol/bus';
import type { ContestTimes } from '@oj/protocol/contest/clock';
import type { RankDelta } from '@oj/protocol/contest/rank-delta';
import {
  recordStatusOf,
  Scoreboard,
  type BoardSubmission,
  type RankRow,
  type UserProfile,
} from '@oj/protocol/contest/scoreboard';
import { ContestTape, GhostBoard, virtualElapsed } from '@oj/protocol/contest/virtual';
import type { VirtualBoardPushed } from '@oj/protocol/contest/virtual-schemas';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import type { ContestGroupPort, ContestSubmissionRow, SubmissionSource, UserDirectory } from '../ports';
import * as repo from '../repository';
import type { Db } from '../repository';
import { boardConfigOf, timesOf, type ContestRecordRow } from '../rules';
import type { VirtualRow } from './repository';

export interface VirtualEngineDeps {
  db: Db;
  bus: Bus;
  submissions: SubmissionSource;
  users: UserDirectory;
  groups: ContestGroupPort;
  now: () => number;
  log?: { warn(obj: object, msg?: string): void };
  /** Clock tick (ms); 1000 by default. */
  tickMs?: number;
  /** Tapes kept in memory (contests); 16 by default. */
  maxTapes?: number;
}

/** An ended contest's tape with what a board over it needs (shared with replays). */
export interface Tape {
  contest: ContestRecordRow;
  times: ContestTimes;
  tape: ContestTape;
  displayIds: Map<number, string>;
  profiles: UserProfile[];
}

interface Clock {
  row: VirtualRow;
  ghost: GhostBoard;
  duration: number;
  /** The end was pushed; the clock is dropped a minute later. */
  endedAt: number | null;
}

/** A page of a ghost board with what a viewer needs to follow its pushes. */
export interface GhostPage {
  records: RankRow[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** `<variant>/<version>` (as x-oj-board-version). */
  version: string;
  elapsed: number;
  sealed: boolean;
}

export function createVirtualEngine(deps: VirtualEngineDeps) {
  const tapes = new Map<number, Promise<Tape>>();
  const clocks = new Map<number, Clock>();
  const maxTapes = deps.maxTapes ?? 16;
  let timer: ReturnType<typeof setInterval> | null = null;
  const stops: (() => Promise<void>)[] = [];

  async function excludedUids(c: ContestRecordRow): Promise<string[]> {
    const roots = await deps.users.superAdminUids();
    const owners = c.isGroup && c.gid !== null ? await deps.groups.ownerUids(c.gid) : [];
    return [c.uid, ...roots, ...owners];
  }

  async function loadTape(c: ContestRecordRow): Promise<Tape> {
    const problems = await repo.contestProblems(deps.db, c.id);
    const displayIds = new Map(problems.map((p) => [p.id, p.display_id]));
    const config = boardConfigOf(c, await excludedUids(c));
    const subs: BoardSubmission[] = [];
    const end = c.endTime.getTime();
    const add = (r: {
      submitId: number;
      uid: string;
      username: string;
      cpid: number;
      submitTime: number;
      status: number;
      score: number | null;
      time: number | null;
    }) => {
      const displayId = displayIds.get(r.cpid);
      // Only what happened during the contest: virtual and practice submissions come after the end.
      if (displayId === undefined || r.submitTime >= end) return;
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
    };
    if (deps.submissions.boardRowsOf) for (const r of await deps.submissions.boardRowsOf(c.id)) add(r);
    else
      for (const r of await deps.submissions.ofContest(c.id))
        add({ ...r, submitTime: r.submitTime.getTime() });
    const tape = new ContestTape(config, subs);
    const profiles = await deps.users.profiles([...new Set(subs.map((s) => s.uid))]);
    return { contest: c, times: timesOf(c), tape, displayIds, profiles };
  }

  function tapeOf(c: ContestRecordRow): Promise<Tape> {
    let t = tapes.get(c.id);
    if (!t) {
      t = loadTape(c);
      t.catch(() => tapes.delete(c.id));
      tapes.set(c.id, t);
      while (tapes.size > maxTapes) {
        const oldest = tapes.keys().next().value!;
        if ([...clocks.values()].some((k) => k.row.cid === oldest)) break;
        tapes.delete(oldest);
      }
    }
    return t;
  }

  /** The participant's own submissions of their window, each at its elapsed time. */
  async function ownSubmissions(row: VirtualRow, t: Tape) {
    const from = row.startedAt.getTime();
    const to = row.endsAt.getTime();
    const own: { sub: BoardSubmission; elapsed: number }[] = [];
    for (const r of await deps.submissions.ofContest(row.cid)) {
      const b = ownEntry(row, t, r);
      if (b && r.submitTime.getTime() >= from && r.submitTime.getTime() < to) own.push(b);
    }
    return own;
  }

  function ownEntry(row: VirtualRow, t: Tape, r: ContestSubmissionRow) {
    if (r.uid !== row.uid) return null;
    const displayId = t.displayIds.get(r.cpid);
    if (displayId === undefined) return null;
    const sub: BoardSubmission = {
      submitId: r.submitId,
      uid: r.uid,
      username: r.username,
      displayId,
      submitTime: r.submitTime.getTime(),
      status: recordStatusOf(r.status),
      score: r.score,
      useTime: r.time,
    };
    return { sub, elapsed: r.submitTime.getTime() - row.startedAt.getTime() };
  }

  /** A ghost board at `elapsed` with the participant's own submissions on it. */
  async function build(row: VirtualRow, t: Tape, elapsed: number): Promise<GhostBoard> {
    const ghost = new GhostBoard(t.tape, t.times, t.profiles);
    ghost.setProfiles(await deps.users.profiles([row.uid]));
    ghost.advanceTo(elapsed, false);
    for (const o of await ownSubmissions(row, t)) ghost.applyOwn(o.sub, o.elapsed);
    return ghost;
  }

  /** The running clock of a participation, loaded on first use. */
  const loadingClocks = new Map<number, Promise<Clock>>();
  function clockOf(row: VirtualRow, c: ContestRecordRow): Promise<Clock> {
    const held = clocks.get(row.id);
    if (held) return Promise.resolve(held);
    let p = loadingClocks.get(row.id);
    if (!p) {
      p = (async () => {
        const t = await tapeOf(c);
        const duration = c.endTime.getTime() - c.startTime.getTime();
        const elapsed = virtualElapsed(t.times, row.startedAt.getTime(), deps.now());
        const clock: Clock = { row, ghost: await build(row, t, elapsed), duration, endedAt: null };
        clocks.set(row.id, clock);
        ensureTimer();
        return clock;
      })().finally(() => loadingClocks.delete(row.id));
      loadingClocks.set(row.id, p);
    }
    return p;
  }

  async function publish(payload: VirtualBoardPushed) {
    try {
      await deps.bus.publish(Subjects.virtualBoard(payload.uid), payload);
    } catch (err) {
      deps.log?.warn({ err, vid: payload.vid }, 'publishing a ghost board push failed');
    }
  }

  /** Moves one clock to now; returns the push it makes (null: nothing moved). */
  function step(clock: Clock, now: number): VirtualBoardPushed | null {
    const start = clock.row.startedAt.getTime();
    const elapsed = Math.max(0, Math.min(clock.duration, now - start));
    const s = clock.ghost.advanceTo(elapsed);
    const ended = elapsed >= clock.duration && clock.endedAt === null;
    if (ended) clock.endedAt = now;
    if (!s.variantChanged && s.deltas.length === 0 && !ended) return null;
    const base = { vid: clock.row.id, uid: clock.row.uid, elapsed, version: clock.ghost.version };
    const push: VirtualBoardPushed = s.variantChanged
      ? { ...base, reload: true }
      : { ...base, deltas: s.deltas };
    if (ended) push.ended = true;
    return push;
  }

  /** One tick of every clock this process holds. */
  async function tick() {
    const now = deps.now();
    const pushes: VirtualBoardPushed[] = [];
    for (const [id, clock] of clocks) {
      if (clock.endedAt !== null && now - clock.endedAt > 60_000) {
        clocks.delete(id);
        continue;
      }
      const p = step(clock, now);
      if (p) pushes.push(p);
    }
    for (const p of pushes) await publish(p);
    if (clocks.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  function ensureTimer() {
    if (timer) return;
    timer = setInterval(
      () => void tick().catch((err) => deps.log?.warn({ err }, 'ghost board tick failed')),
      deps.tickMs ?? 1000,
    );
    timer.unref?.();
  }

  /** A verdict of a participant's own submission moves their ghost board at once. */
  async function onSubmission(u: SubmissionUpdate) {
    if (!u.cid || u.reason === 'progress') return;
    for (const clock of clocks.values()) {
      if (clock.row.cid !== u.cid || clock.row.uid !== u.uid) continue;
      const r = await deps.submissions.byId(u.submitId);
      const t = await tapes.get(u.cid);
      if (!r || !t) continue;
      const at = r.submitTime.getTime();
      if (at < clock.row.startedAt.getTime() || at >= clock.row.endsAt.getTime()) continue;
      const own = ownEntry(clock.row, t, r);
      if (!own) continue;
      const delta: RankDelta | null = clock.ghost.applyOwn(own.sub, own.elapsed);
      if (!delta) continue;
      await publish({
        vid: clock.row.id,
        uid: clock.row.uid,
        elapsed: clock.ghost.at,
        version: clock.ghost.version,
        deltas: [delta],
      });
    }
  }

  async function start() {
    stops.push(
      await deps.bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, async (u) => {
        try {
          if (clocks.size) await onSubmission(u);
        } catch (err) {
          deps.log?.warn({ err, submitId: u.submitId }, 'ghost board update failed');
        }
      }),
      // A contest edited (times, problems, settings): its tape and clocks are rebuilt on next use.
      await deps.bus.subscribe<{ cid?: unknown; released?: unknown }>(Subjects.contestChangedAll, (p) => {
        if (typeof p?.cid !== 'number' || p.released === true) return;
        tapes.delete(p.cid);
        for (const [id, k] of clocks) if (k.row.cid === p.cid) clocks.delete(id);
      }),
    );
  }

  async function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    for (const s of stops.splice(0)) await s();
    clocks.clear();
  }

  /** A page of the participant's ghost board now (the clock moved to now first). */
  async function page(row: VirtualRow, c: ContestRecordRow, current = 1, size = 50): Promise<GhostPage> {
    const clock = await clockOf(row, c);
    const push = step(clock, deps.now());
    if (push) await publish(push);
    const p = clock.ghost.page(current, size);
    return {
      ...p,
      version: clock.ghost.version,
      elapsed: clock.ghost.at,
      sealed: clock.ghost.variant === 'sealed',
    };
  }

  /** The participant's standing at the end: rank among the original participants, primary key, time. */
  async function standing(row: VirtualRow, c: ContestRecordRow) {
    const t = await tapeOf(c);
    const ghost = await build(row, t, c.endTime.getTime() - c.startTime.getTime());
    const rows = ghost.board.ranked('real');
    const mine = rows.find((r) => r.uid === row.uid);
    if (!mine) return { rank: rows.filter((r) => r.rank !== -1).length + 1, primary: 0, time: 0 };
    const primary = 'totalScore' in mine ? mine.totalScore : mine.ac;
    return { rank: mine.rank, primary, time: mine.totalTime };
  }

  /**
   * The final board with the finished virtual participants ranked among the original ones
   * ("with virtual participants"); their uids are listed so the client marks their rows.
   */
  async function finalBoardWithVirtual(c: ContestRecordRow, finished: VirtualRow[], current = 1, size = 50) {
    const t = await tapeOf(c);
    const subs: BoardSubmission[] = [...t.tape.subs];
    const start = c.startTime.getTime();
    const own = await deps.submissions.ofContest(c.id);
    const byUid = new Map(finished.map((v) => [v.uid, v]));
    for (const r of own) {
      const v = byUid.get(r.uid);
      const at = r.submitTime.getTime();
      if (!v || at < v.startedAt.getTime() || at >= v.endsAt.getTime()) continue;
      const e = ownEntry(v, t, r);
      if (e) subs.push({ ...e.sub, submitTime: start + e.elapsed });
    }
    const profiles = [...t.profiles, ...(await deps.users.profiles(finished.map((v) => v.uid)))];
    const board = Scoreboard.recompute(t.tape.config, subs, profiles);
    const page = board.rows({ sealed: false, page: current, size });
    return { ...page, virtualUids: finished.map((v) => v.uid) };
  }

  return {
    start,
    stop,
    page,
    standing,
    finalBoardWithVirtual,
    /** The contest's tape (loaded once, shared by ghost boards and replays). */
    tapeOf,
    /** For tests and the bench: advance every held clock now. */
    tick,
    /** Clocks held by this process. */
    get clockCount() {
      return clocks.size;
    },
    /** Elapsed ms of the clock of `vid` held here, or null. */
    clockAt(vid: number): number | null {
      return clocks.get(vid)?.ghost.at ?? null;
    },
  };
}

export type VirtualEngine = ReturnType<typeof createVirtualEngine>;

// Live scoreboards: one in-memory incremental board per contest in use, fed by
// submission updates from the bus, loaded from the database on first use.
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import { gzipSync } from 'node:zlib';
import {
  Scoreboard,
  recordStatusOf,
  type BoardSubmission,
  type SharedPageInfo,
} from '@oj/protocol/contest/scoreboard';
import { makePage } from '@oj/protocol';
import { ok } from '../platform/http/envelope';
import type { ContestGroupPort, ContestSubmissionRow, SubmissionSource, UserDirectory } from './ports';
import { boardConfigOf, type ContestRecordRow } from './rules';
import * as repo from './repository';
import type { Db } from './repository';

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
}

/** Payload of `Subjects.contestEvent(cid, 'rank')`. */
export interface RankChangedEvent {
  cid: number;
  at: number;
}

interface LiveBoard {
  board: Scoreboard;
  /** Contest fields the board was built from; a change rebuilds it. */
  signature: string;
  /** cpid → display id. */
  displayIds: Map<number, string>;
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
  /** Contest rows for rank pages: every push is followed by a burst of fetches of the same contest. */
  const contestRows = new Map<number, { at: number; row: Promise<ContestRecordRow | null> }>();
  let unsubscribe: Unsubscribe | null = null;

  /**
   * The contest row, read at most once per `contestTtlMs` (concurrent readers share the
   * read). Edits through this process drop it at once (invalidate); other processes' edits
   * are seen within the TTL.
   */
  function contest(cid: number): Promise<ContestRecordRow | null> {
    const now = Date.now();
    const hit = contestRows.get(cid);
    if (hit && now - hit.at < contestTtlMs) return hit.row;
    if (contestRows.size >= 4 * maxBoards) contestRows.clear();
    const row = repo.findContest(deps.db, cid);
    contestRows.set(cid, { at: now, row });
    row.catch(() => contestRows.delete(cid));
    return row;
  }

  async function excludedUids(c: ContestRecordRow): Promise<string[]> {
    const roots = await deps.users.superAdminUids();
    const owners = c.isGroup && c.gid !== null ? await deps.groups.ownerUids(c.gid) : [];
    return [c.uid, ...roots, ...owners];
  }

  /** Builds a board from the database. */
  async function load(c: ContestRecordRow): Promise<LiveBoard> {
    const excluded = await excludedUids(c);
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
    return { board, signature: signatureOf(c, excluded), displayIds };
  }

  function remember(cid: number, live: LiveBoard) {
    boards.delete(cid);
    boards.set(cid, live);
    while (boards.size > maxBoards) boards.delete(boards.keys().next().value!);
  }

  /** The contest's board, loaded on first use and rebuilt when the contest's settings changed. */
  async function boardFor(c: ContestRecordRow): Promise<Scoreboard> {
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
      for (const submitId of missed.get(c.id) ?? []) await onSubmissionUpdated({ submitId, cid: c.id });
      return fresh;
    } finally {
      missed.delete(c.id);
      loading.delete(c.id);
    }
  }

  /** Drops the in-memory board and recomputes it from the database (forceRefresh). */
  async function refresh(c: ContestRecordRow): Promise<Scoreboard> {
    boards.delete(c.id);
    const pending = loadAndCatchUp(c);
    loading.set(c.id, pending);
    return (await pending).board;
  }

  /** Forget a contest's board and row (contest edited or deleted, problems relabelled). */
  function invalidate(cid: number) {
    boards.delete(cid);
    contestRows.delete(cid);
  }

  async function publishRank(cid: number) {
    try {
      await deps.bus.publish(Subjects.contestEvent(cid, 'rank'), {
        cid,
        at: Date.now(),
      } satisfies RankChangedEvent);
    } catch (err) {
      deps.log?.warn({ err, cid }, 'publishing a rank change failed');
    }
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
    const before = versions(live.board);
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
      live.board.applySubmission(toBoardSubmission(row, displayId));
    }
    const changed = versions(live.board) !== before;
    if (changed) await publishRank(update.cid);
    return changed;
  }

  function versions(b: Scoreboard): string {
    return `${b.versionOf('real')}:${b.versionOf('withAfter')}:${b.versionOf('sealed')}`;
  }

  async function start() {
    if (unsubscribe) return;
    unsubscribe = await deps.bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, async (u) => {
      try {
        if (!u.cid) return;
        const known = boards.has(u.cid);
        await onSubmissionUpdated(u);
        // Without the board in memory nobody can tell whether it moved: a verdict-like
        // change is announced anyway so watchers refetch (progress never moves a board).
        if (!known && u.reason !== 'progress') await publishRank(u.cid);
      } catch (err) {
        deps.log?.warn({ err, submitId: u.submitId }, 'scoreboard update failed');
      }
    });
  }

  async function stop() {
    await unsubscribe?.();
    unsubscribe = null;
  }

  return {
    boardFor,
    contest,
    refresh,
    invalidate,
    onSubmissionUpdated,
    start,
    stop,
    loaded: () => boards.size,
  };
}

export type ScoreboardService = ReturnType<typeof createScoreboardService>;

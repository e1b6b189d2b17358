// Contest replay use cases (issue #27 item 4): an admin or the contest's creator starts a replay
// of an ended contest and controls its clock (speed 1×–60×, pause, resume, seek, sealed or
// unsealed view, close); whoever may see the contest's board watches it. Who may control is
// decided from stored data: the contest row (creator) and the user's roles (contest admin), as
// every contest admin check is (contest/access.ts).
import {
  controlReplay,
  type ReplayBoardPage,
  type ReplayControlBody,
  type ReplayStartBody,
  type ReplayState,
} from '@oj/protocol/contest/replay';
import type { AuthUser } from '../../platform/http/access';
import { denied, fail } from '../../platform/http/errors';
import type { ContestContext } from '../access';
import * as repo from '../repository';
import { statusOf, type ContestRecordRow } from '../rules';
import { stateOf, type ReplayEngine } from './engine';
import { RM } from './messages';
import * as rrepo from './repository';

export function createReplayService(ctx: ContestContext, engine: ReplayEngine) {
  const { deps, db } = ctx;

  async function contestOf(cid: number): Promise<ContestRecordRow> {
    const c = await repo.findContest(db, cid);
    if (!c || !c.visible) throw fail(RM.CONTEST_MISSING);
    return c;
  }

  /** The replay and its contest, for a viewer who may see the contest's board. */
  async function watched(viewer: AuthUser | null, rid: number) {
    const row = await rrepo.replayById(db, rid);
    if (!row || row.closed) throw fail(RM.REPLAY_MISSING);
    const c = await contestOf(row.cid);
    const sight = await ctx.contestSight(viewer, c);
    if (sight === 'not-found') throw fail(RM.CONTEST_MISSING);
    if (sight === 'denied') throw denied(RM.NO_PERMISSION);
    return { row, c, admin: sight === 'admin' || (await ctx.adminOf(viewer, c)) };
  }

  async function start(user: AuthUser, body: ReplayStartBody): Promise<ReplayState> {
    const c = await contestOf(body.cid);
    if (!(await ctx.adminOf(user, c))) throw denied(RM.NO_PERMISSION);
    if (statusOf(c, deps.now()) !== 1) throw fail(RM.NOT_ENDED);
    const row = await rrepo.insertReplay(db, {
      cid: c.id,
      createdBy: user.uid,
      speed: body.speed ?? 1,
      unsealed: body.unsealed ?? false,
      at: deps.now(),
    });
    // The starting process holds the replay while it lives (its lease passes on otherwise).
    await engine.take(row.rid);
    return stateOf(row, c);
  }

  async function control(user: AuthUser, body: ReplayControlBody): Promise<ReplayState> {
    const row = await rrepo.replayById(db, body.rid);
    if (!row || row.closed) throw fail(RM.REPLAY_MISSING);
    const c = await contestOf(row.cid);
    if (!(await ctx.adminOf(user, c))) throw denied(RM.NO_PERMISSION);
    const next = controlReplay(stateOf(row, c), deps.now(), body);
    if (body.close) next.closed = true;
    const saved = await rrepo.saveControl(db, next, row.revision);
    if (!saved) throw fail(RM.CHANGED);
    await engine.poke(row.rid);
    return stateOf(saved, c);
  }

  /** The open replays of a contest (its board's viewers pick one). */
  async function ofContest(viewer: AuthUser | null, cid: number) {
    const c = await contestOf(cid);
    const sight = await ctx.contestSight(viewer, c);
    if (sight === 'not-found') throw fail(RM.CONTEST_MISSING);
    if (sight === 'denied') throw denied(RM.NO_PERMISSION);
    const rows = await rrepo.openReplaysOf(db, cid);
    return {
      canStart: statusOf(c, deps.now()) === 1 && (await ctx.adminOf(viewer, c)),
      replays: rows.map((r) => stateOf(r, c)),
    };
  }

  async function board(
    viewer: AuthUser | null,
    q: { rid: number; currentPage?: number; limit?: number },
  ): Promise<ReplayBoardPage> {
    const { admin } = await watched(viewer, q.rid);
    let page;
    try {
      page = await engine.page(q.rid, q.currentPage ?? 1, Math.min(q.limit ?? 50, 500));
    } catch (err) {
      deps.log?.warn({ err, rid: q.rid }, 'reading a replay board failed');
      throw fail(RM.BUSY);
    }
    return { ...page, canControl: admin };
  }

  return { start, control, ofContest, board, watched };
}

export type ReplayService = ReturnType<typeof createReplayService>;

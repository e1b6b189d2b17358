// Virtual participation use cases (issue #27): start one in an ended contest the user could see,
// read the running one, its ghost board and its announcements as of its elapsed time, the
// submit gate's answer for it, a user's virtual results, and the final board with virtual
// participants. Access reuses the contest's decisions (contest/access.ts): the access check
// (group membership, registration), the outside view, and contest admins.
import type { VirtualParticipation } from '@oj/protocol/contest/virtual-schemas';
import { virtualElapsed } from '@oj/protocol/contest/virtual';
import { toDateStr } from '@oj/protocol';
import { isRoot, type AuthUser } from '../../platform/http/access';
import { denied, fail } from '../../platform/http/errors';
import type { ContestContext, SubmitGateResult } from '../access';
import * as repo from '../repository';
import { statusOf, timesOf, type ContestRecordRow } from '../rules';
import { toAnnouncementVO } from '../wire-shapes';
import type { VirtualEngine } from './engine';
import { VM } from './messages';
import * as vrepo from './repository';
import type { VirtualRow } from './repository';

export function createVirtualService(
  ctx: ContestContext,
  engine: VirtualEngine,
  onStarted: (cid: number) => void = () => undefined,
) {
  const { deps, db } = ctx;

  async function contestOf(cid: number): Promise<ContestRecordRow> {
    const c = await repo.findContest(db, cid);
    if (!c || !c.visible) throw fail(VM.CONTEST_MISSING);
    return c;
  }

  function view(row: VirtualRow, c: ContestRecordRow): VirtualParticipation {
    const now = deps.now();
    return {
      vid: row.id,
      cid: row.cid,
      title: c.title,
      uid: row.uid,
      username: row.username,
      type: c.type,
      startedAt: row.startedAt.getTime(),
      endsAt: row.endsAt.getTime(),
      now,
      contest: timesOf(c),
      running: row.startedAt.getTime() <= now && now < row.endsAt.getTime(),
      result:
        row.finalRank === null
          ? null
          : { rank: row.finalRank, primary: row.finalPrimary ?? 0, time: row.finalTime ?? 0 },
    };
  }

  /** A participation whose clock ran out gets its result kept (once). */
  async function settled(row: VirtualRow, c: ContestRecordRow): Promise<VirtualRow> {
    if (row.finalRank !== null || row.endsAt.getTime() > deps.now()) return row;
    const s = await engine.standing(row, c);
    await vrepo.settleVirtual(db, row.id, s.rank, s.primary, s.time);
    return { ...row, open: false, finalRank: s.rank, finalPrimary: s.primary, finalTime: s.time };
  }

  /**
   * Who may take an ended contest virtually: whoever could see it. A group contest's members
   * (and root), the contest's admins; a private or protected contest asks its password unless
   * the user registered or is its admin.
   */
  async function checkMayTake(user: AuthUser, c: ContestRecordRow, password: string | null | undefined) {
    if (statusOf(c, deps.now()) !== 1) throw fail(VM.NOT_ENDED);
    if (await ctx.adminOf(user, c)) return;
    if (c.isGroup && c.gid !== null && !isRoot(user) && !(await deps.groups.isMember(c.gid, user.uid)))
      throw denied(VM.NOT_GROUP_MEMBER);
    if (c.auth === 1 || c.auth === 2) {
      const registered = await repo.findRegistration(db, c.id, user.uid);
      if (!registered && (!password || password !== c.pwd)) throw fail(VM.WRONG_PASSWORD);
    }
  }

  async function start(user: AuthUser, body: { cid: number; password?: string | null }) {
    const c = await contestOf(body.cid);
    await checkMayTake(user, c, body.password);
    // Someone who took part in the contest itself has their place on the real board.
    const start = c.startTime.getTime();
    const end = c.endTime.getTime();
    const took = (await deps.submissions.ofContest(c.id)).some(
      (s) => s.uid === user.uid && s.submitTime.getTime() >= start && s.submitTime.getTime() < end,
    );
    if (took) throw fail(VM.TOOK_PART);
    const now = deps.now();
    const made = await vrepo.insertVirtual(db, {
      cid: c.id,
      uid: user.uid,
      username: user.username,
      startedAt: new Date(now),
      endsAt: new Date(now + (end - start)),
    });
    if (made === 'running') throw fail(VM.ONE_RUNNING);
    if (made === 'taken') throw fail(VM.ALREADY_TAKEN);
    onStarted(c.id);
    return view(made, c);
  }

  /** The caller's running participation, or null. */
  async function current(user: AuthUser): Promise<VirtualParticipation | null> {
    const row = await vrepo.runningOf(db, user.uid, new Date(deps.now()));
    if (!row) return null;
    return view(row, await contestOf(row.cid));
  }

  /** The caller's participation in a contest (running or finished), or null. */
  async function ofContest(user: AuthUser, cid: number): Promise<VirtualParticipation | null> {
    const row = await vrepo.virtualOf(db, cid, user.uid);
    if (!row) return null;
    const c = await contestOf(cid);
    return view(await settled(row, c), c);
  }

  /** A participation of the caller (its owner only). */
  async function own(user: AuthUser, vid: number) {
    const row = await vrepo.virtualById(db, vid);
    if (!row || row.uid !== user.uid) throw denied(VM.NOT_YOURS);
    return { row, c: await contestOf(row.cid) };
  }

  async function board(user: AuthUser, q: { vid: number; currentPage?: number; limit?: number }) {
    const { row, c } = await own(user, q.vid);
    return engine.page(row, c, q.currentPage ?? 1, Math.min(q.limit ?? 50, 500));
  }

  /** Announcements published before the same elapsed time of the original contest. */
  async function announcements(user: AuthUser, vid: number) {
    const { row, c } = await own(user, vid);
    const elapsed = virtualElapsed(timesOf(c), row.startedAt.getTime(), deps.now());
    const until = c.startTime.getTime() + elapsed;
    const { rows } = await repo.listAnnouncements(db, c.id, true, 1, 200);
    return rows.filter((a) => a.gmt_create.getTime() <= until).map(toAnnouncementVO);
  }

  /**
   * The contest's public Q&A as it stood at the participation's elapsed time: the posts and
   * replies of the people a live participant saw (root, the contest's creator, a group contest's
   * owners), made before the same elapsed time of the original contest; later ones stay hidden.
   */
  async function clarifications(user: AuthUser, vid: number) {
    const { row, c } = await own(user, vid);
    const elapsed = virtualElapsed(timesOf(c), row.startedAt.getTime(), deps.now());
    const until = new Date(c.startTime.getTime() + elapsed);
    const owners = c.isGroup && c.gid !== null ? await deps.groups.ownerUids(c.gid) : [];
    const authors = [...new Set([...(await deps.users.superAdminUids()), c.uid, ...owners])];
    const rows = await vrepo.clarificationsUntil(db, c.id, authors, until);
    return rows.map((r) => ({
      id: r.id,
      content: r.content,
      fromUid: r.fromUid,
      fromName: r.fromName,
      gmtCreate: toDateStr(r.gmtCreate)!,
      replies: r.replies.map((x) => ({ ...x, gmtCreate: toDateStr(x.gmtCreate)! })),
    }));
  }

  /**
   * The submit gate for a running participation: a contest that ended (and refuses practice
   * submissions, or asks a registration) admits the participant's submissions on its problems.
   */
  async function gate(user: AuthUser, cid: number, displayId: string): Promise<SubmitGateResult | null> {
    const row = await vrepo.runningOf(db, user.uid, new Date(deps.now()));
    if (!row || row.cid !== cid) return null;
    const cp = await repo.contestProblemByDisplayId(db, cid, displayId);
    if (!cp) return null;
    const summary = (await deps.problems.summaries([cp.pid])).get(cp.pid);
    if (!summary || summary.auth === 2) return null;
    const c = await contestOf(cid);
    return {
      allowed: true,
      cid,
      cpid: cp.id,
      pid: cp.pid,
      displayId: cp.display_id,
      gid: c.gid,
      isContestAdmin: false,
    };
  }

  /** Whether the user has a participation in the contest (the access check admits them). */
  async function hasParticipation(cid: number, uid: string): Promise<boolean> {
    return (await vrepo.virtualOf(db, cid, uid)) !== null;
  }

  /**
   * A user's virtual results (the user page), newest first: all of them to the user, to others
   * those of public contests outside groups (a private or group contest's title stays its own).
   */
  async function ofUser(viewer: AuthUser | null, username: string) {
    const out: VirtualParticipation[] = [];
    const own = viewer?.username === username;
    for (const row of await vrepo.virtualsOfUsername(db, username)) {
      const c = await repo.findContest(db, row.cid);
      if (!c || !c.visible) continue;
      if (!own && (c.auth !== 0 || c.isGroup)) continue;
      out.push(view(await settled(row, c), c));
    }
    return out;
  }

  /** The final board with the finished virtual participants: for whoever may read the final board. */
  async function finalBoard(
    viewer: AuthUser | null,
    q: { cid: number; currentPage?: number; limit?: number },
  ) {
    const c = await contestOf(q.cid);
    if (statusOf(c, deps.now()) !== 1) throw fail(VM.NOT_ENDED);
    const sight = await ctx.contestSight(viewer, c);
    if (sight === 'not-found') throw fail(VM.CONTEST_MISSING);
    if (sight === 'denied') throw denied(VM.NO_PERMISSION);
    // A board that stays frozen after the end is not shown unsealed to non-admins.
    if (sight !== 'admin' && c.sealRank && c.sealRankTime && !c.autoRealRank) throw denied(VM.FROZEN);
    const finished = await vrepo.finishedOfContest(db, c.id, new Date(deps.now()));
    return engine.finalBoardWithVirtual(c, finished, q.currentPage ?? 1, Math.min(q.limit ?? 50, 500));
  }

  return {
    start,
    current,
    ofContest,
    board,
    announcements,
    clarifications,
    gate,
    hasParticipation,
    ofUser,
    finalBoard,
  };
}

export type VirtualService = ReturnType<typeof createVirtualService>;

// Training rules for learners: list, categories, detail, access and registration, problems,
// the rank (held in memory per training, see rank-board.ts), the judge's submit gate, and the
// live side (progress pushed to the user's room, rank rows to the training's room).
import { gzipSync } from 'node:zlib';
import { makePage, MAX_PAGE_SIZE, Subjects, toDateStr, type Page } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import {
  TRAINING_LIST_DEFAULT_LIMIT,
  TRAINING_RANK_PAGE_SIZE,
  type RegisterTrainingBody,
  type TrainingCategory,
  type TrainingListQuery,
  type TrainingProblemVO,
  type TrainingProgressPushed,
  type TrainingRankPushed,
  type TrainingRankQuery,
  type TrainingVO,
} from '@oj/protocol/training/schemas';
import { camelDb } from '../platform/db/camel';
import { accessDenied, denied, fail } from '../platform/http/errors';
import { isRoot, type AuthUser } from '../platform/http/access';
import type { GroupStanding } from '../platform/shared-ports';
import { M } from './messages';
import type { TrainingDeps, TrainingFullScreenRow, TrainingSubmitTarget } from './ports';
import { RankBoard, type RankChange } from './rank-board';
import * as repo from './repository';
import { checkTrainingAccess, countsProgress, isTrainingAdmin, type TrainingFacts } from './rules';
import type { TrainingTables } from './tables';

/** A loaded board lives this long before a rebuild (profiles and names may change meanwhile). */
const BOARD_TTL_MS = 10 * 60_000;

interface BoardState {
  facts: TrainingFacts;
  board: RankBoard;
  /** uid → registration status (enabled or banned). */
  regs: Map<string, boolean>;
  loadedAt: number;
  /** Response bodies of board version `pagesAt`, by page, size, keyword and real-name view. */
  pages: Map<string, RankPageBytes>;
  pagesAt: number;
}

/**
 * A rank page's whole success envelope as the bytes sent, made once per board version and
 * shared by every viewer of that page: a request neither serializes, nor measures, nor encodes
 * a ~100 kB string (that was most of a request's CPU); the gzip form is made on first ask.
 */
export interface RankPageBytes {
  json: Buffer;
  gzip(): Buffer;
}

function rankPageBytes(dataJson: string): RankPageBytes {
  const json = Buffer.from(`{"status":200,"msg":"success","data":${dataJson}}`);
  let gzipped: Buffer | null = null;
  return { json, gzip: () => (gzipped ??= gzipSync(json, { level: 6 })) };
}

function pageArgs(currentPage: number | undefined, limit: number | null | undefined, def: number) {
  const size = Math.min(limit != null && limit >= 1 ? limit : def, MAX_PAGE_SIZE);
  const current = currentPage != null && currentPage >= 1 ? currentPage : 1;
  return { size, current };
}

export type TrainingService = ReturnType<typeof createTrainingService>;

export function createTrainingService(deps: TrainingDeps) {
  const db = camelDb<TrainingTables>(deps.db as never);
  const { bus, log, groups } = deps;
  const now = deps.now ?? Date.now;
  const boards = new Map<number, Promise<BoardState>>();
  /** The boards of `boards` that finished loading (a request reads them without awaiting a then). */
  const loaded = new Map<number, BoardState>();
  /** pid → trainings whose board is loaded here. */
  const boardsByPid = new Map<number, Set<number>>();

  // ---------- access ----------

  async function standingOf(user: AuthUser | null, gid: number | null): Promise<GroupStanding | null> {
    if (gid === null) return null;
    return groups.standing(user?.uid ?? null, gid);
  }

  function throwAccess(kind: 'missing' | 'not-member' | 'register-first' | 'banned'): never {
    if (kind === 'missing') throw fail(M.TRAINING_MISSING);
    if (kind === 'not-member') throw denied(M.NOT_GROUP_MEMBER);
    if (kind === 'register-first') throw accessDenied(M.PRIVATE_REGISTER_FIRST);
    throw denied(M.BANNED);
  }

  /** The training access check (reference §2 TAC); returns the facts and whether the caller is a training admin. */
  async function checkAccess(user: AuthUser, tid: number): Promise<{ facts: TrainingFacts; admin: boolean }> {
    const facts = (await repo.trainingFacts(db, tid)) ?? null;
    const standing = facts ? await standingOf(user, facts.gid) : null;
    const reg = facts?.auth === 'Private' ? ((await repo.registration(db, tid, user.uid)) ?? null) : null;
    const out = checkTrainingAccess(user, facts, standing, reg);
    if (!out.ok) throwAccess(out.kind);
    return { facts: facts!, admin: out.admin };
  }

  // ---------- list, categories, detail ----------

  function toVO(r: repo.TrainingVoRow, acCount: number | null): TrainingVO {
    return {
      id: Number(r.id),
      title: r.title,
      description: r.description,
      author: r.author,
      auth: r.auth,
      rank: r.rank,
      gid: r.gid === null ? null : Number(r.gid),
      rankShowName: r.rankShowName,
      categoryId: r.categoryId === null ? null : Number(r.categoryId),
      categoryName: r.categoryName ?? null,
      categoryColor: r.categoryColor ?? null,
      problemCount: Number(r.problemCount ?? 0),
      acCount,
      gmtModified: toDateStr(r.gmtModified),
    };
  }

  async function list(
    user: AuthUser | null,
    q: TrainingListQuery,
    gid: number | null = null,
  ): Promise<Page<TrainingVO>> {
    const { size, current } = pageArgs(q.currentPage, q.limit, TRAINING_LIST_DEFAULT_LIMIT);
    const auth = q.auth === 'Public' || q.auth === 'Private' ? q.auth : null;
    const { total, rows } = await repo.listTrainings(
      db,
      { keyword: q.keyword?.trim() || null, categoryId: q.categoryId ?? null, auth, gid },
      current,
      size,
    );
    const counts = user
      ? await repo.acCounts(
          db,
          user.uid,
          rows.map((r) => Number(r.id)),
        )
      : null;
    return makePage(
      rows.map((r) => toVO(r, counts ? (counts.get(Number(r.id)) ?? 0) : null)),
      total,
      size,
      current,
    );
  }

  async function categoryList(gid: number | null = null): Promise<TrainingCategory[]> {
    const rows = await repo.categories(db, gid);
    return rows.map((c) => ({
      id: Number(c.id),
      name: c.name,
      color: c.color,
      gid: c.gid === null ? null : Number(c.gid),
      gmtCreate: toDateStr(c.gmtCreate),
      gmtModified: toDateStr(c.gmtModified),
    }));
  }

  async function detail(user: AuthUser, tid: number): Promise<TrainingVO> {
    const row = await repo.trainingVo(db, tid);
    const facts = await repo.trainingFacts(db, tid);
    if (!row || !facts || !facts.status) throw fail(M.TRAINING_MISSING);
    const standing = await standingOf(user, facts.gid);
    if (facts.gid !== null && !isRoot(user) && !(standing && ['member', 'admin', 'root'].includes(standing)))
      throw denied(M.DETAIL_GROUP_DENIED);
    const admin = isTrainingAdmin(user, facts, standing);
    const reg = (await repo.registration(db, tid, user.uid)) ?? null;
    const acCount = countsProgress(facts, admin, reg)
      ? ((await repo.acCounts(db, user.uid, [tid])).get(tid) ?? 0)
      : 0;
    return toVO(row, acCount);
  }

  async function access(user: AuthUser, tid: number): Promise<{ access: boolean }> {
    const reg = await repo.registration(db, tid, user.uid);
    if (reg) {
      const facts = await repo.trainingFacts(db, tid);
      if (!facts || !facts.status) throw fail(M.ACCESS_MISSING);
    }
    return { access: !!reg };
  }

  async function registerTraining(user: AuthUser, body: RegisterTrainingBody): Promise<null> {
    if (body.tid == null || body.password == null || body.password === '') throw fail(M.REGISTER_PARAMS);
    const t = await repo.trainingRow(db, body.tid);
    if (!t || !t.status) throw fail(M.REGISTER_MISSING);
    if (t.privatePwd === null || t.privatePwd !== body.password) throw fail(M.WRONG_PASSWORD);
    if (await repo.registration(db, body.tid, user.uid)) throw fail(M.ALREADY_REGISTERED);
    if (!(await repo.register(db, body.tid, user.uid))) throw fail(M.ALREADY_REGISTERED);
    await resetBoard(body.tid);
    return null;
  }

  async function problemList(user: AuthUser, tid: number): Promise<TrainingProblemVO[]> {
    await checkAccess(user, tid);
    const { rows, tags } = await repo.trainingProblems(db, tid);
    const seen = new Set<number>();
    const out: TrainingProblemVO[] = [];
    for (const r of rows) {
      const pid = Number(r.pid);
      if (seen.has(pid)) continue;
      seen.add(pid);
      out.push({
        pid,
        problemId: r.problemId,
        title: r.title,
        difficulty: r.difficulty,
        type: r.type,
        tags: tags
          .filter((t) => Number(t.pid) === pid)
          .map((t) => ({
            id: Number(t.id),
            name: t.name,
            color: t.color,
            oj: t.oj,
            gid: t.gid === null ? null : Number(t.gid),
            tcid: t.tcid === null ? null : Number(t.tcid),
            gmtCreate: null,
            gmtModified: null,
          })),
        total: Number(r.total ?? 0),
        ac: Number(r.ac ?? 0),
        mle: 0,
        tle: 0,
        re: 0,
        pe: 0,
        ce: 0,
        wa: 0,
        se: 0,
        pa: 0,
        score: null,
      });
    }
    return out;
  }

  /** The caller's status per public problem of the training (the problem list's icons). */
  async function myStatuses(user: AuthUser, tid: number): Promise<Record<string, { status: number }>> {
    const { facts } = await checkAccess(user, tid);
    const map = await repo.problemMap(db, tid);
    const pids = map.filter((p) => p.auth === 1).map((p) => Number(p.pid));
    const st = await repo.problemStatuses(db, user.uid, pids, facts.gid === null ? null : Number(facts.gid));
    return Object.fromEntries(pids.map((pid) => [String(pid), { status: st.get(pid) ?? -10 }]));
  }

  async function fullScreen(user: AuthUser, tid: number): Promise<TrainingFullScreenRow[]> {
    const { facts } = await checkAccess(user, tid);
    const map = (await repo.problemMap(db, tid)).filter((p) => p.auth === 1);
    const pids = map.map((p) => Number(p.pid));
    const st = await repo.problemStatuses(db, user.uid, pids, facts.gid === null ? null : Number(facts.gid));
    return map.map((p) => ({
      pid: Number(p.pid),
      problemId: p.problemId,
      title: p.title,
      status: st.get(Number(p.pid)) ?? null,
      score: null,
    }));
  }

  /** The problem capability's port passes a uid only: root is recognised from the role table. */
  async function userOf(uid: string): Promise<AuthUser> {
    const [profile] = (await repo.profiles(db, [uid])).values();
    const root = (await repo.superAdminUids(db)).includes(uid);
    return {
      uid,
      username: profile?.username ?? uid,
      roleIds: root ? [1000] : [],
      roles: root ? ['root'] : [],
      permissions: [],
    };
  }

  // ---------- submit gate ----------

  async function resolveSubmission(
    user: AuthUser,
    tid: number,
    displayId: string,
  ): Promise<TrainingSubmitTarget> {
    const { facts } = await checkAccess(user, tid);
    const id = displayId.trim();
    const map = await repo.problemMap(db, tid);
    const hit = map.find((p) => p.displayId === id) ?? map.find((p) => p.problemId === id);
    if (!hit || hit.auth !== 1) throw denied(M.SUBMIT_PROBLEM_GONE);
    return {
      pid: Number(hit.pid),
      displayId: hit.problemId,
      gid: facts.gid === null ? null : Number(facts.gid),
    };
  }

  // ---------- rank ----------

  async function loadBoard(tid: number): Promise<BoardState> {
    const facts = await repo.trainingFacts(db, tid);
    if (!facts) throw fail(M.TRAINING_MISSING);
    const gid = facts.gid === null ? null : Number(facts.gid);
    const [problems, regRows, roots, records] = await Promise.all([
      repo.problemMap(db, tid),
      repo.registrations(db, tid),
      repo.superAdminUids(db),
      facts.auth === 'Private' ? repo.rankRecords(db, tid, gid) : Promise.resolve([]),
    ]);
    const regs = new Map(regRows.map((r) => [r.uid, r.status]));
    const members = new Set(regRows.filter((r) => r.status).map((r) => r.uid));
    const excluded = new Set(roots);
    if (facts.authorUid) excluded.add(facts.authorUid);
    else {
      const authorUid = await repo.uidByUsername(db, facts.author);
      if (authorUid) excluded.add(authorUid);
    }
    if (gid !== null)
      for (const uid of members) if ((await groups.standing(uid, gid)) === 'root') excluded.add(uid);
    const profiles = await repo.profiles(db, [...members]);
    const board = new RankBoard(
      new Map(problems.map((p) => [Number(p.pid), p.displayId])),
      facts.auth === 'Private' ? members : new Set(),
      excluded,
      (uid) => profiles.get(uid),
    );
    board.load(records);
    for (const pid of board.problems.keys()) {
      let set = boardsByPid.get(pid);
      if (!set) boardsByPid.set(pid, (set = new Set()));
      set.add(tid);
    }
    return { facts, board, regs, loadedAt: now(), pages: new Map(), pagesAt: board.version };
  }

  function dropBoard(tid: number): void {
    boards.delete(tid);
    loaded.delete(tid);
    for (const [pid, set] of boardsByPid) {
      set.delete(tid);
      if (set.size === 0) boardsByPid.delete(pid);
    }
  }

  function boardOf(tid: number): Promise<BoardState> {
    let p = boards.get(tid);
    if (p) {
      const state = loaded.get(tid);
      if (!state || now() - state.loadedAt <= BOARD_TTL_MS) return p;
      // Past its TTL: this request still gets it, the next one loads a fresh board.
      dropBoard(tid);
      return p;
    }
    p = loadBoard(tid);
    boards.set(tid, p);
    const mine = p;
    p.then(
      (state) => {
        if (boards.get(tid) === mine) loaded.set(tid, state);
      },
      () => {
        if (boards.get(tid) === mine) boards.delete(tid);
      },
    );
    return p;
  }

  /** Drops the board here and everywhere (other processes and open rank screens refetch). */
  async function resetBoard(tid: number): Promise<void> {
    dropBoard(tid);
    const event: TrainingRankPushed = { tid, reset: true, at: now() };
    await bus.publish(Subjects.trainingRank(tid), event).catch((err: unknown) => {
      log.warn({ err, tid }, 'publishing a training rank reset failed');
    });
  }

  /**
   * The rank page as JSON text: every viewer of the same page (and real-name view) between two
   * verdicts gets the same bytes, serialized once.
   */
  async function rankPage(user: AuthUser, q: TrainingRankQuery): Promise<RankPageBytes> {
    const { size, current } = pageArgs(q.currentPage, q.limit, TRAINING_RANK_PAGE_SIZE);
    const state = await boardOf(q.tid);
    const standing = await standingOf(user, state.facts.gid === null ? null : Number(state.facts.gid));
    const reg = state.regs.has(user.uid) ? { status: state.regs.get(user.uid)! } : null;
    const out = checkTrainingAccess(user, state.facts, standing, reg);
    if (!out.ok) throwAccess(out.kind);
    if (state.pagesAt !== state.board.version) {
      state.pages.clear();
      state.pagesAt = state.board.version;
    }
    const keyword = q.keyword?.trim().toLowerCase() ?? '';
    const key = `${current}|${size}|${out.admin ? 1 : 0}|${keyword}`;
    let bytes = state.pages.get(key);
    if (bytes === undefined) {
      const { rows, total } = state.board.page(current, size, keyword, out.admin);
      bytes = rankPageBytes(JSON.stringify(makePage(rows, total, size, current)));
      if (state.pages.size > 200) state.pages.clear();
      state.pages.set(key, bytes);
    }
    return bytes;
  }

  // ---------- live ----------

  /** Every process: keeps the boards it holds current and tells the training's room. */
  async function applyToBoards(u: SubmissionUpdate): Promise<void> {
    if (u.reason === 'counted' || u.cid !== 0) return;
    const tids = boardsByPid.get(u.pid);
    if (!tids) return;
    for (const tid of [...tids]) {
      const state = await boards.get(tid)?.catch(() => null);
      if (!state) continue;
      const gid = state.facts.gid === null ? null : Number(state.facts.gid);
      if (gid !== u.gid) continue;
      const change: RankChange | null = state.board.apply({
        submitId: u.submitId,
        uid: u.uid,
        pid: u.pid,
        status: u.status,
        time: u.time,
        score: u.score,
      });
      if (!change) continue;
      const event: TrainingRankPushed = { tid, ...change, at: now() };
      await bus.publish(Subjects.trainingRank(tid), event).catch((err: unknown) => {
        log.warn({ err, tid }, 'publishing a training rank row failed');
      });
    }
  }

  /** One process per verdict (queue group): the user's progress in every training holding the problem. */
  async function pushProgress(u: SubmissionUpdate): Promise<void> {
    if (u.reason === 'progress' || u.cid !== 0) return;
    if ([5, 6, 7, 9].includes(u.status)) return;
    // Site verdicts: after their counters are stored ('counted'), so a list read on the push sees
    // them; group verdicts have no counters and go on the result itself.
    if ((u.gid === null) !== (u.reason === 'counted')) return;
    const trainings = (await repo.trainingsWithProblem(db, u.pid)).filter(
      (t) => t.status && (t.gid === null ? null : Number(t.gid)) === u.gid,
    );
    if (trainings.length === 0) return;
    const tids = trainings.map((t) => Number(t.id));
    const [status, counts] = await Promise.all([
      repo.problemStatus(db, u.uid, u.pid, u.gid),
      repo.acCounts(db, u.uid, tids),
    ]);
    const event: TrainingProgressPushed = {
      uid: u.uid,
      pid: u.pid,
      status,
      trainings: tids.map((tid) => ({ tid, acCount: counts.get(tid) ?? 0 })),
      at: now(),
    };
    await bus.publish(Subjects.trainingProgress(u.uid), event);
  }

  /** Gateway question: may this viewer join the training's room (the rank's access rule)? */
  async function canWatch(viewer: AuthUser | null, tid: number): Promise<'ok' | 'not-found' | 'denied'> {
    if (!viewer) return 'denied';
    try {
      await checkAccess(viewer, tid);
      return 'ok';
    } catch (err) {
      return (err as { message?: string }).message === M.TRAINING_MISSING ? 'not-found' : 'denied';
    }
  }

  return {
    checkAccess,
    list,
    categoryList,
    detail,
    access,
    registerTraining,
    problemList,
    myStatuses,
    fullScreen,
    userOf,
    resolveSubmission,
    rankPage,
    resetBoard,
    dropBoard,
    applyToBoards,
    pushProgress,
    canWatch,
  };
}

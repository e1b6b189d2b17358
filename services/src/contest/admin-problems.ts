// The back office's contest problems: the problem picker, the contest-owned problems
// (written through the problem capability), and linking, editing and removing a
// contest's problems, including borrowing a public one.
import { makePage, Subjects } from '@oj/protocol';
import type { Problem, ProblemDTO } from '@oj/protocol/problem/schemas';
import type { AdminProblemListQuery } from '@oj/protocol/contest/schemas';
import { isRoot, type AuthUser } from '../platform/http/access';
import { fail, notFound } from '../platform/http/errors';
import type { ContestContext } from './access';
import { M } from './messages';
import { borrowDecision } from './reads';
import * as reads from './reads-repository';
import * as repo from './repository';
import { pageArgs, toContestProblem } from './wire-shapes';

export function createAdminProblems(ctx: ContestContext) {
  const { deps, db } = ctx;

  async function adminProblemList(q: AdminProblemListQuery) {
    const p = pageArgs(q.currentPage, q.limit, 10);
    const c = await repo.findContest(db, q.cid);
    const rows = c ? await repo.contestProblems(db, c.id) : [];
    const contestProblemMap = Object.fromEntries(rows.map((r) => [String(r.pid), toContestProblem(r)]));
    if (q.problemType !== undefined && c) {
      const found = await deps.problems.candidates({
        problemType: q.problemType,
        oj: q.oj,
        keyword: q.keyword,
        exceptPids: rows.map((r) => r.pid),
        excludeContestOnly: c.isGroup,
        page: p.current,
        limit: p.limit,
      });
      return { problemList: makePage(found.records, found.total, p.limit, p.current), contestProblemMap };
    }
    const slice = rows.slice((p.current - 1) * p.limit, p.current * p.limit);
    const problemList: Problem[] = [];
    for (const r of slice) {
      const row = await deps.problems.problemRow(r.pid);
      if (row) problemList.push(row);
    }
    return { problemList: makePage(problemList, rows.length, p.limit, p.current), contestProblemMap };
  }

  /** GET /api/admin/contest/problem: as GET /api/admin/problem. */
  async function adminProblem(user: AuthUser, pid: number) {
    return deps.authoring.get(user, pid);
  }

  /**
   * POST /api/admin/contest/problem: a new problem with auth 3 (contest-only); the client
   * links it with PUT /api/admin/contest/contest-problem afterwards.
   */
  async function adminCreateProblem(user: AuthUser, dto: ProblemDTO) {
    const problem = dto.problem ? { ...dto.problem, auth: 3 } : dto.problem;
    return { pid: await deps.authoring.create(user, { ...dto, problem }) };
  }

  /** PUT /api/admin/contest/problem. */
  async function adminUpdateProblem(user: AuthUser, dto: ProblemDTO) {
    await deps.authoring.update(user, dto);
    return null;
  }

  async function getContestProblem(cid: number, pid: number) {
    const cp = await repo.contestProblemByPid(db, cid, pid);
    if (!cp) throw fail(M.QUERY_FAILED);
    return toContestProblem(cp);
  }

  async function saveContestProblem(body: {
    id?: number | null;
    cid?: number | null;
    pid?: number | null;
    displayId?: string | null;
    displayTitle?: string | null;
    color?: string | null;
  }) {
    if (!body.cid || !body.pid || !body.displayId?.trim()) throw fail(M.CP_UPDATE_FAILED);
    if (!(await repo.findContest(db, body.cid))) throw fail(M.CP_UPDATE_FAILED);
    if (await repo.contestProblemClash(db, body.cid, body.pid, body.displayId.trim(), body.id ?? undefined))
      throw fail(M.CP_DUPLICATE);
    const saved = await repo.saveContestProblem(db, {
      id: body.id,
      cid: body.cid,
      pid: body.pid,
      displayId: body.displayId.trim(),
      displayTitle: body.displayTitle ?? '',
      color: body.color ?? null,
    });
    deps.scoreboards.invalidate(body.cid);
    return toContestProblem(saved);
  }

  /**
   * POST /api/admin/contest/add-problem-from-public (and the group twin). Borrowing a public
   * problem hides it from the bank while the contest runs (compat E1); only root or the
   * problem's author may do that to a public problem. Anyone else gets a contest-owned copy
   * (auth 3, the caller its author) linked instead, and the original stays public; a remote
   * problem (its display id names the remote problem) is linked without hiding it (compat E5).
   * Answers `{pid, problemId, copied}` of the problem linked.
   */
  async function addFromPublic(
    body: { pid?: number | null; cid?: number | null; displayId?: string | null },
    user?: AuthUser,
  ) {
    if (!body.pid || !body.cid || !body.displayId?.trim()) throw fail(M.ADD_FAILED);
    const problem = (await deps.problems.summaries([body.pid])).get(body.pid);
    if (!problem) throw notFound(M.PROBLEM_MISSING);
    const contest = await repo.findContest(db, body.cid);
    if (!contest) throw notFound(M.CONTEST_MISSING);
    const displayId = body.displayId.trim();
    if (await repo.contestProblemClash(db, body.cid, body.pid, displayId)) throw fail(M.CP_DUPLICATE);
    // A public problem stays in the public bank: hidden only while this contest has not ended
    // (reads.ts returns it afterwards; docs/compat.md). Other problems become contest-only.
    const decision = borrowDecision(
      problem.auth,
      await reads.isBorrowed(db, body.pid),
      contest.endTime,
      deps.now(),
    );
    const mayWithdraw =
      !user || isRoot(user) || (problem.author !== undefined && problem.author === user.username);
    let linked = problem;
    let copied = false;
    if (decision === 'borrow' && !mayWithdraw && !problem.isRemote) {
      if (!deps.problems.copyForContest) throw fail(M.ADD_FAILED);
      linked = await deps.problems.copyForContest(body.pid, { cid: body.cid, author: user!.username });
      copied = true;
    }
    await repo.saveContestProblem(db, {
      cid: body.cid,
      pid: linked.id,
      displayId,
      displayTitle: linked.title,
      color: null,
    });
    if (copied) {
      await deps.bus.publish(Subjects.problemChanged, { at: Date.now() }).catch(() => undefined);
    } else if (decision === 'borrow' && !mayWithdraw) {
      // a remote problem added by someone who may not withdraw it: linked, left public
    } else {
      if (decision === 'borrow') await reads.borrowPublicProblem(db, body.pid, body.cid);
      if (decision !== 'keep-public') {
        await deps.problems.markContestOnly(body.pid);
        await deps.bus.publish(Subjects.problemChanged, { at: Date.now() }).catch(() => undefined);
      }
    }
    deps.scoreboards.invalidate(body.cid);
    return { pid: linked.id, problemId: linked.problemId, copied };
  }

  async function removeProblem(cid: number, pid: number) {
    await repo.deleteContestProblem(db, cid, pid);
    deps.scoreboards.invalidate(cid);
    return null;
  }

  return {
    adminProblemList,
    adminProblem,
    adminCreateProblem,
    adminUpdateProblem,
    getContestProblem,
    saveContestProblem,
    addFromPublic,
    removeProblem,
  };
}

// Reading stored submissions: the detail, its case results, batch status, the list, the last
// accepted code, and whether the gateway may let a viewer watch a submission or problem room.
// What a view shows of a row is views.ts.
import type { Kysely } from 'kysely';
import { makePage, type Page } from '@oj/protocol';
import type { CaseResultList, JudgeListItem, JudgeView } from '@oj/protocol/submission/schemas';
import type { Database } from '../platform/db/schema';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { accessDenied, denied, notFound } from '../platform/http/errors';
import * as repo from './repository';
import { createSubmissionGuard } from './access';
import type { JudgeRow } from './repository';
import { JudgeMessages as M } from './messages';
import { caseResultView, detailView, HIDDEN_CODE_NOTICE, listItemView, statusView } from './views';
import { pageArgs, type JudgeContext } from './service-context';

export type WatchDecision = 'ok' | 'not-found' | 'denied';

export async function mustFind(
  db: Kysely<Database>,
  submitId: number,
  msg: string = M.SUBMISSION_MISSING,
): Promise<JudgeRow> {
  const row = await repo.findSubmission(db, submitId);
  if (!row) throw notFound(msg);
  return row;
}

export function createSubmissionReads(ctx: JudgeContext) {
  const { db, problems, switches } = ctx;

  const isGroupRoot = async (viewer: AuthUser | null, gid: number | null) =>
    !!viewer && gid !== null && !!(await ctx.groups?.isGroupRoot(gid, viewer.uid));

  async function detail(
    viewer: AuthUser | null,
    submitId: number,
  ): Promise<{ submission: JudgeView; codeShare: boolean }> {
    const row = await mustFind(db, submitId);
    if (row.cid !== 0 && !viewer) throw accessDenied(M.LOGIN_FIRST_SHORT);
    const problem = await problems.getProblemForJudge(row.pid);
    const sw = await switches();
    const submission = detailView(row, {
      viewer,
      viewerIsGroupRoot: await isGroupRoot(viewer, row.gid),
      codeShare: problem?.codeShare ?? false,
      hideNonContestCode: sw.hideNonContestSubmissionCode,
    });
    return { submission, codeShare: problem?.codeShare ?? false };
  }

  async function allCaseResult(viewer: AuthUser | null, submitId: number): Promise<CaseResultList | null> {
    const row = await mustFind(db, submitId);
    if (row.cid !== 0 && !viewer) throw denied(M.CASES_NEED_LOGIN);
    const problem = await problems.getProblemForJudge(row.pid);
    if (!problem?.openCaseResult) return null;
    const admin = isSiteAdmin(viewer);
    // Contest case details stay hidden from non-admins (the contest capability decides when to open them).
    if (row.cid !== 0 && !admin) return null;
    const cases = await repo.listCases(db, submitId);
    // Texts kept from a judging are shown only while their case is still a statement example or
    // still marked visible: a setter who un-marks a case hides it from past submissions too.
    const shown = new Set(
      problem.testCases.filter((c) => c.sample || c.visible).map((c) => String(c.caseId)),
    );
    const current = cases.map((c) =>
      c.sample_io && !(c.case_id !== null && shown.has(c.case_id)) ? { ...c, sample_io: null } : c,
    );
    return caseResultView(current, problem.judgeCaseMode, admin, problem.type === 0);
  }

  async function checkStatus(ids: readonly number[]): Promise<Record<string, JudgeView>> {
    const rows = await repo.findSubmissions(db, [...new Set(ids)]);
    return Object.fromEntries(rows.map((r) => [String(r.submit_id), statusView(r)]));
  }

  async function list(
    viewer: AuthUser | null,
    q: {
      currentPage?: number;
      limit?: number;
      onlyMine: boolean;
      problemID?: string;
      status?: number;
      username?: string;
      completeProblemID?: boolean;
      gid?: number;
    },
  ): Promise<Page<JudgeListItem>> {
    if (q.onlyMine && !viewer) throw accessDenied(M.ONLY_MINE_NEEDS_LOGIN);
    // A group's submissions are for its members and site root (the reference has no check: G20).
    if (q.gid != null) {
      if (!viewer) throw accessDenied(M.LOGIN_FIRST_SHORT);
      if (!isRoot(viewer) && !(await ctx.groups?.isMember(q.gid, viewer.uid)))
        throw denied(M.GROUP_LIST_DENIED);
    }
    const { size, current, offset } = pageArgs(q.currentPage, q.limit, 30);
    const { rows, total } = await repo.listSubmissions(
      db,
      {
        uid: q.onlyMine ? viewer!.uid : undefined,
        status: q.status,
        problemId: q.problemID?.trim() || undefined,
        exactProblem: q.completeProblemID ?? false,
        username: q.username?.trim() || undefined,
        gid: q.gid ?? null,
      },
      size,
      offset,
    );
    const summaries = await problems.summariesOf([...new Set(rows.map((r) => r.pid))]);
    return makePage(
      rows.map((r) => listItemView(r, summaries.get(r.pid)?.title ?? '')),
      total,
      size,
      current,
    );
  }

  async function lastAcCode(user: AuthUser, pid: number, cid: number) {
    const row = await repo.lastAccepted(db, user.uid, pid, cid);
    if (!row) return { submitId: null, code: '', language: null };
    const sw = await switches();
    if (
      cid === 0 &&
      sw.hideNonContestSubmissionCode &&
      !isRoot(user) &&
      !user.roles.includes('problem_admin')
    ) {
      return { submitId: row.submit_id, code: HIDDEN_CODE_NOTICE, language: row.language };
    }
    return { submitId: row.submit_id, code: row.code + acCodeFooter(row), language: row.language };
  }

  // ---------- visibility for the gateway ----------

  /** May this viewer watch live updates of a submission? The reading guard's decision (access.ts). */
  const guard = createSubmissionGuard(db, ctx.contestViews, ctx.groups);
  function canWatchSubmission(viewer: AuthUser | null, submitId: number): Promise<WatchDecision> {
    return guard.canWatch(viewer, submitId);
  }

  /** Problem rooms carry site submissions of public problems (admins: any problem). */
  async function canWatchProblem(viewer: AuthUser | null, pid: number): Promise<WatchDecision> {
    const problem = await problems.getProblemForJudge(pid);
    if (!problem) return 'not-found';
    if (isSiteAdmin(viewer)) return 'ok';
    if (problem.auth !== 1) return 'denied';
    if (problem.gid !== null && !(viewer && (await ctx.groups?.isMember(problem.gid, viewer.uid))))
      return 'denied';
    return 'ok';
  }

  return {
    detail,
    allCaseResult,
    checkStatus,
    list,
    lastAcCode,
    canWatchSubmission,
    canWatchProblem,
  };
}

/** The comment block appended to a fetched accepted code (core.md get-last-ac-code). */
export function acCodeFooter(
  row: Pick<JudgeRow, 'submit_id' | 'language' | 'username' | 'submit_time'>,
): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const t = row.submit_time;
  const time = `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())} ${p(t.getHours())}:${p(t.getMinutes())}:${p(t.getSeconds())}`;
  const lines = [
    `@runId: ${row.submit_id}`,
    `@language: ${row.language}`,
    `@author: ${row.username}`,
    `@submitTime: ${time}`,
  ];
  const lang = row.language.toLowerCase();
  if (lang.includes('py')) return `\n'''\n${lines.join('\n')}\n'''`;
  if (lang.includes('ruby')) return `\n=begin\n${lines.join('\n')}\n=end`;
  // Languages without C comments (issue #25 item 4): each its own comment, so the code still compiles.
  const block = (open: string, close: string) => `\n${open}\n${lines.join('\n')}\n${close}`;
  const perLine = (mark: string) => `\n${lines.map((l) => `${mark} ${l}`).join('\n')}`;
  if (lang === 'pascal') return block('{', '}');
  if (lang === 'haskell') return block('{-', '-}');
  if (lang === 'ocaml') return block('(*', '*)');
  if (lang === 'common lisp') return block('#|', '|#');
  if (lang === 'lua') return block('--[[', ']]');
  if (lang === 'perl') return perLine('#');
  if (lang === 'fortran') return perLine('!');
  return `\n/**\n${lines.map((l) => `* ${l}`).join('\n')}\n*/`;
}

// Pure mapping from rows to wire shapes, and the visibility rules applied on the way
// (reference/api/core.md §7; spec part 1 §5 "Code visibility").
import { toDateStr } from '@oj/protocol';
import { javaRound } from '@oj/protocol/judge/aggregate';
import type {
  CaseResultList,
  JudgeCaseView,
  JudgeListItem,
  JudgeView,
} from '@oj/protocol/submission/schemas';
import { hasRole, isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import type { JudgeCaseRow, JudgeRow } from './repository';

export const HIDDEN_CODE_NOTICE =
  'Because the super administrator has enabled the function of not viewing the submitted code outside the contest of master station, \nthe code of this submission details has been hidden.';
export const HIDDEN_ERROR_MESSAGE = 'The error message does not support viewing.';
export const CONTEST_RUNNING_ERROR =
  "The contest is in progress. You are not allowed to view other people's error information.";

/** Statuses whose error message users may read (CE, SE, SF). */
const VISIBLE_ERROR_STATUSES = new Set([-2, 4, 10]);

export const isProblemAdmin = (u: AuthUser | null) => hasRole(u, 'problem_admin');

/** The full row as the wire `Judge`, vjudge fields always null. */
export function judgeView(row: Omit<JudgeRow, 'code'> & { code?: string | null }): JudgeView {
  return {
    submitId: row.submit_id,
    pid: row.pid,
    displayPid: row.display_pid,
    uid: row.uid,
    username: row.username,
    submitTime: toDateStr(row.submit_time),
    status: row.status,
    share: row.share,
    errorMessage: row.error_message,
    time: row.time,
    memory: row.memory,
    score: row.score,
    length: row.length,
    code: row.code ?? null,
    language: row.language,
    cid: row.cid,
    cpid: row.cpid,
    gid: row.gid,
    judger: row.judger,
    ip: row.ip,
    version: row.version,
    oiRankScore: row.oi_rank_score,
    vjudgeSubmitId: null,
    vjudgeUsername: null,
    vjudgePassword: null,
    isManual: row.is_manual,
    gmtCreate: toDateStr(row.gmt_create),
    gmtModified: toDateStr(row.gmt_modified),
  };
}

export function listItemView(row: Omit<JudgeRow, 'code'>, title: string): JudgeListItem {
  return {
    uid: row.uid,
    submitId: row.submit_id,
    username: row.username,
    pid: row.pid,
    displayPid: row.display_pid,
    title,
    displayId: null,
    submitTime: toDateStr(row.submit_time)!,
    status: row.status,
    share: row.share,
    time: row.time,
    memory: row.memory,
    score: row.score,
    oiRankScore: row.oi_rank_score,
    length: row.length,
    language: row.language,
    cid: 0,
    cpid: 0,
    source: null,
    judger: row.judger,
    ip: null,
    isManual: row.is_manual,
  };
}

export interface DetailContext {
  viewer: AuthUser | null;
  /** Viewer owns the group the submission belongs to. */
  viewerIsGroupRoot: boolean;
  /** The problem's codeShare flag. */
  codeShare: boolean;
  hideNonContestCode: boolean;
}

/** May the viewer read this submission's code (non-contest rules)? */
export function maySeeCode(row: Pick<JudgeRow, 'uid' | 'share' | 'cid'>, ctx: DetailContext): boolean {
  const { viewer } = ctx;
  if (viewer && viewer.uid === row.uid) return true;
  // root and problem admins (reference core.md get-submission-detail), not every site admin.
  if (isRoot(viewer) || isProblemAdmin(viewer) || ctx.viewerIsGroupRoot) return true;
  return row.share && ctx.codeShare;
}

/** The submission-detail `Judge`: code and error text filtered for the viewer. */
export function detailView(row: JudgeRow, ctx: DetailContext): JudgeView {
  const view = judgeView(row);
  if (!VISIBLE_ERROR_STATUSES.has(row.status)) view.errorMessage = HIDDEN_ERROR_MESSAGE;
  const owner = ctx.viewer?.uid === row.uid;
  if (row.cid !== 0) {
    if (!owner && !isSiteAdmin(ctx.viewer)) {
      view.code = null;
      view.time = null;
      view.memory = null;
      view.length = null;
      view.errorMessage = CONTEST_RUNNING_ERROR;
    }
    view.ip = owner || isSiteAdmin(ctx.viewer) ? view.ip : null;
    return view;
  }
  if (!maySeeCode(row, ctx)) view.code = null;
  else if (ctx.hideNonContestCode && !isRoot(ctx.viewer) && !isProblemAdmin(ctx.viewer))
    view.code = HIDDEN_CODE_NOTICE;
  if (!owner && !isSiteAdmin(ctx.viewer)) view.ip = null;
  return view;
}

/** check-submissions-status rows: no code, no error text. */
export function statusView(row: JudgeRow): JudgeView {
  return { ...judgeView(row), code: null, errorMessage: null };
}

function caseView(row: JudgeCaseRow, full: boolean): JudgeCaseView {
  const caseId = row.case_id !== null && /^\d+$/.test(row.case_id) ? Number(row.case_id) : row.case_id;
  return {
    id: full ? row.id : null,
    pid: full ? row.pid : null,
    submitId: full ? row.submit_id : null,
    uid: full ? row.uid : null,
    caseId: full ? caseId : null,
    time: row.time,
    memory: row.memory,
    score: row.score,
    status: row.status,
    inputData: full ? row.input_data : null,
    outputData: full ? row.output_data : null,
    userOutput: row.user_output,
    groupNum: row.group_num,
    seq: row.seq,
    mode: row.mode,
    gmtCreate: full ? toDateStr(row.gmt_create) : null,
    gmtModified: full ? toDateStr(row.gmt_modified) : null,
    // Added field: a sample case's texts (the runner keeps them for sample cases only).
    ...(row.sample_io ? { sampleIO: row.sample_io } : {}),
  };
}

/**
 * Case results grouped the way the case mode shows them (core.md get-all-case-result):
 * subtask modes → one entry per group; others → a flat list. `full` = admin view.
 */
export function caseResultView(
  rows: JudgeCaseRow[],
  caseMode: string,
  full: boolean,
  acm = false,
): CaseResultList {
  // ACM cases have no score: null as the original sends (its client would show "0 pts").
  const cases = rows.map((r) => (acm ? { ...caseView(r, full), score: null } : caseView(r, full)));
  if (caseMode !== 'subtask_lowest' && caseMode !== 'subtask_average') {
    return { judgeCaseList: cases, subTaskJudgeCaseVoList: null, judgeCaseMode: caseMode };
  }
  const groups = new Map<number, JudgeCaseView[]>();
  for (const c of cases) {
    const g = c.groupNum ?? 1;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  const subTaskJudgeCaseVoList = [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([groupNum, list]) => {
      const ac = list.filter((c) => c.status === 0).length;
      if (caseMode === 'subtask_average') {
        const score = javaRound(list.reduce((s, c) => s + (c.score ?? 0), 0) / list.length);
        const status = ac === list.length ? 0 : score === 0 ? -1 : 8;
        return {
          groupNum,
          time: null,
          memory: null,
          score,
          status,
          ac,
          total: list.length,
          subtaskDetailList: list,
        };
      }
      // subtask_lowest: the lowest-scoring case that was not skipped decides.
      const judged = list.filter((c) => c.status !== -4);
      const lowest = (judged.length ? judged : list).reduce((m, c) =>
        (c.score ?? 0) < (m.score ?? 0) ? c : m,
      );
      return {
        groupNum,
        time: lowest.time,
        memory: lowest.memory,
        score: lowest.score ?? 0,
        status: lowest.status,
        ac,
        total: list.length,
        subtaskDetailList: list,
      };
    });
  return { judgeCaseList: null, subTaskJudgeCaseVoList, judgeCaseMode: caseMode };
}

// Pure rules of the problem capability: paging, filters, validation texts, scores.
import { MAX_PAGE_SIZE, REMOTE_OJS } from '@oj/protocol';
import { INT32_MAX } from '../platform/http/request-bounds';

export const LOCAL_OJ = 'ME';

/** Paging arguments: absent or < 1 fall back to the defaults; the size is capped at 500. */
export function pageArgs(
  currentPage: number | null | undefined,
  limit: number | null | undefined,
  defaultLimit = 10,
): { current: number; size: number; offset: number } {
  const current = currentPage && currentPage >= 1 ? currentPage : 1;
  const size = Math.min(limit && limit >= 1 ? limit : defaultLimit, MAX_PAGE_SIZE);
  return { current, size, offset: (current - 1) * size };
}

/**
 * Tag ids of the problem-list filter: accepts `1,2`, the JSON array `[1,2]` and repeated
 * parameters; anything that is not a positive integer is an error (null).
 */
export function parseTagIds(raw: readonly string[] | undefined): number[] | null {
  if (!raw) return [];
  const ids = new Set<number>();
  for (const part of raw) {
    for (const piece of part.replace(/^\s*\[|\]\s*$/g, '').split(',')) {
      const text = piece.trim();
      if (!text) continue;
      // A tag id is a 32-bit column: a larger one is bad input, not a database error.
      if (!/^\d+$/.test(text) || Number(text) > INT32_MAX) return null;
      ids.add(Number(text));
    }
  }
  return [...ids];
}

/** Which problems a list's `oj` parameter selects. */
export type OjFilter = { kind: 'all' } | { kind: 'local' } | { kind: 'remote'; prefix: string };

/** Absent (or `All`) = everything; a remote bank key = its problems; anything else (`Mine`, `ME`) = local only. */
export function ojFilter(oj: string | null | undefined): OjFilter {
  const value = oj?.trim();
  if (!value || value.toUpperCase() === 'ALL') return { kind: 'all' };
  const upper = value.toUpperCase();
  if ((REMOTE_OJS as readonly string[]).includes(upper)) return { kind: 'remote', prefix: upper };
  return { kind: 'local' };
}

/** The `oj` of tag endpoints: default `ME`, upper-cased, `Mine` means `ME`, `ALL` = every OJ. */
export function tagOj(oj: string | null | undefined): string {
  const value = oj?.trim().toUpperCase();
  if (!value || value === 'MINE') return LOCAL_OJ;
  return value;
}

/** The language OJ of a problem: `ME`, or for a remote problem its display-id prefix (`GYM` judges on `CF`). */
export function languageOjOf(problemId: string, isRemote: boolean): string {
  if (!isRemote) return LOCAL_OJ;
  const prefix = problemId.split('-')[0]!.toUpperCase();
  return prefix === 'GYM' ? 'CF' : prefix;
}

/** LIKE pattern for a keyword, with the wildcards of the keyword itself escaped. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The largest limits and case count a judge task may carry. */
export const MAX_LIMITS = { timeLimit: 60_000, memoryLimit: 4096, stackLimit: 4096, cases: 1000 } as const;

/** Keeps imported limits within what the judge accepts. */
export function clampLimit(value: number, max: number): number {
  return Math.min(Math.max(1, Math.round(value)), max);
}

/** A refusal text for a case list the judge could not run, or null. */
export function caseListError(
  cases: readonly { score?: number | null; groupNum?: number | null }[],
): string | null {
  if (cases.length > MAX_LIMITS.cases) return `评测数据最多${MAX_LIMITS.cases}组！`;
  if (cases.some((c) => (c.score ?? 0) < 0)) return '评测数据的分数不能为负数！';
  if (cases.some((c) => (c.groupNum ?? 1) < 0)) return '评测数据的分组编号不能为负数！';
  return null;
}

const JUDGE_MODES = ['default', 'spj', 'interactive'];
const ACM_CASE_MODES = ['default', 'ergodic_without_error'];
const OI_CASE_MODES = ['default', 'subtask_lowest', 'subtask_average'];

export interface ProblemFieldsToCheck {
  problemId?: string | null;
  type?: number | null;
  auth?: number | null;
  judgeMode?: string | null;
  judgeCaseMode?: string | null;
  timeLimit?: number | null;
  memoryLimit?: number | null;
  stackLimit?: number | null;
}

/** Admin validation of a problem (groups-admin-files.md §5.1); returns the first failure text or null. */
export function problemValidationError(p: ProblemFieldsToCheck | null | undefined): string | null {
  if (!p) return '题目的配置项不能为空！';
  if (!p.problemId || !p.problemId.trim()) return '题目的展示ID不能为空！';
  if (p.type !== 0 && p.type !== 1) return '题目的类型必须为ACM(0), OI(1)！';
  if (p.auth !== 1 && p.auth !== 2 && p.auth !== 3)
    return '题目的权限必须为公开题目(1), 隐藏题目(2), 比赛题目(3)！';
  if (!p.judgeMode || !JUDGE_MODES.includes(p.judgeMode))
    return '题目的判题模式必须为普通判题(default), 特殊判题(spj), 交互判题(interactive)！';
  const caseMode = normalizeCaseMode(p.judgeCaseMode);
  if (p.type === 0 && !ACM_CASE_MODES.includes(caseMode))
    return '题目的用例模式错误，ACM类型的题目只能为默认模式(default)、遇错止评(ergodic_without_error)！';
  if (p.type === 1 && !OI_CASE_MODES.includes(caseMode))
    return '题目的用例模式错误，OI类型的题目只能为默认模式(default)、子任务（最低得分）(subtask_lowest)、 子任务（平均得分）(subtask_average)！';
  // Null limits crash the original (HTTP 500); here they are a clear refusal instead.
  if (p.timeLimit == null || p.timeLimit <= 0) return '题目的时间限制不能小于等于0！';
  if (p.memoryLimit == null || p.memoryLimit <= 0) return '题目的内存限制不能小于等于0！';
  if (p.stackLimit == null || p.stackLimit <= 0) return '题目的栈限制不能小于等于0！';
  // Upper bounds of what the judge accepts (protocol/src/judge ProblemLimitsSchema).
  if (p.timeLimit > MAX_LIMITS.timeLimit)
    return `题目的时间限制范围请合理填写！(1~${MAX_LIMITS.timeLimit}ms)`;
  if (p.memoryLimit > MAX_LIMITS.memoryLimit)
    return `题目的内存限制范围请合理填写！(1~${MAX_LIMITS.memoryLimit}mb)`;
  if (p.stackLimit > MAX_LIMITS.stackLimit)
    return `题目的栈限制范围请合理填写！(1~${MAX_LIMITS.stackLimit}mb)`;
  return null;
}

/** A null or unknown case mode counts as `default`. */
export function normalizeCaseMode(mode: string | null | undefined): string {
  return mode && [...ACM_CASE_MODES, ...OI_CASE_MODES].includes(mode) ? mode : 'default';
}

export interface ScoredCase {
  score: number;
  groupNum: number;
}

/**
 * OI total score (judge.md §3.3 calProblemTotalScore): plain sum, Σ group minima
 * (subtask_lowest) or Σ rounded group averages (subtask_average, half up).
 */
export function totalScore(cases: readonly ScoredCase[], caseMode: string): number {
  if (caseMode !== 'subtask_lowest' && caseMode !== 'subtask_average')
    return cases.reduce((sum, c) => sum + c.score, 0);
  const groups = new Map<number, number[]>();
  for (const c of cases) {
    const list = groups.get(c.groupNum) ?? [];
    list.push(c.score);
    groups.set(c.groupNum, list);
  }
  let total = 0;
  for (const scores of groups.values()) {
    total +=
      caseMode === 'subtask_lowest'
        ? Math.min(...scores)
        : Math.floor(scores.reduce((a, b) => a + b, 0) / scores.length + 0.5);
  }
  return total;
}

/** Scores the client gives n cases when none are given: floor(100/n), the last (100 mod n) cases +1. */
export function defaultScores(n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(100 / n);
  const rest = 100 - base * n;
  return Array.from({ length: n }, (_, i) => (i >= n - rest ? base + 1 : base));
}

/** Verdict counter column of a judge status, or null when the status is not counted per kind. */
export function counterColumn(status: number): CounterColumn | null {
  return COUNTER_OF_STATUS[status] ?? null;
}

export type CounterColumn = 'ac' | 'wa' | 'tle' | 'mle' | 're' | 'pe' | 'ce' | 'se' | 'pa';

const COUNTER_OF_STATUS: Record<number, CounterColumn> = {
  0: 'ac',
  [-1]: 'wa',
  1: 'tle',
  2: 'mle',
  3: 're',
  [-3]: 'pe',
  [-2]: 'ce',
  4: 'se',
  8: 'pa',
};

/** Order of uploaded test files: by the part before the first dot, shorter first, then lexicographic. */
export function compareCaseNames(a: string, b: string): number {
  const ka = a.split('.')[0]!;
  const kb = b.split('.')[0]!;
  if (ka.length !== kb.length) return ka.length - kb.length;
  return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** Ordering of display ids in the public list: shorter first, then lexicographic ("2" < "10" < "A1"). */
export function compareProblemIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `examples` as the client stores them: <input>..</input><output>..</output> repeated. */
export function formatExamples(pairs: readonly { input: string; output: string }[]): string {
  return pairs.map((p) => `<input>${p.input}</input><output>${p.output}</output>`).join('');
}

/** CRLF and lone CR to LF, as test data is normalised when saved. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * Pure verdict arithmetic (reference/judge.md §1.6, §3.3): case results → submission
 * status, score, time, memory. Shared by the judge runner and the services.
 */
import { JudgeStatus } from '../enums/judge-status';
import type { JudgeCaseMode } from '../enums/problem';

const AC = JudgeStatus.ACCEPTED;
const PA = JudgeStatus.PARTIAL_ACCEPTED;

/** What aggregation needs from one case. */
export interface CaseOutcome {
  seq: number;
  status: number;
  /** Full score of the case. */
  fullScore: number;
  groupNum: number;
  /** Partial credit in [0,1] (SPJ), null/undefined when none. */
  percentage?: number | null;
  time: number;
  memory: number;
  message?: string;
}

/** Score a case earns: full if AC, floor(percentage × score) if PA, else 0. */
export function caseScore(c: Pick<CaseOutcome, 'status' | 'fullScore' | 'percentage'>): number {
  if (c.status === AC) return c.fullScore;
  if (c.status === PA) return Math.floor((c.percentage ?? 0) * c.fullScore);
  return 0;
}

/**
 * Does a case let judging continue? subtask_lowest: AC or PA with percentage > 0;
 * ergodic_without_error: only AC.
 */
export function casePasses(mode: JudgeCaseMode, c: Pick<CaseOutcome, 'status' | 'percentage'>): boolean {
  if (c.status === AC) return true;
  if (mode === 'subtask_lowest') return c.status === PA && (c.percentage ?? 0) > 0;
  return false;
}

/** The case mode actually used: subtask modes are meaningless for ACM (judge.md §3.3). */
export function effectiveCaseMode(problemType: 0 | 1, mode: JudgeCaseMode): JudgeCaseMode {
  if (problemType === 0 && (mode === 'subtask_lowest' || mode === 'subtask_average')) return 'default';
  return mode;
}

/** Java Math.round: half up (towards +∞). */
export function javaRound(x: number): number {
  return Math.floor(x + 0.5);
}

/** Groups in order of first appearance. */
function groupsInOrder<T extends { groupNum: number }>(items: T[]): T[][] {
  const groups = new Map<number, T[]>();
  for (const it of items) {
    const g = groups.get(it.groupNum);
    if (g) g.push(it);
    else groups.set(it.groupNum, [it]);
  }
  return [...groups.values()];
}

/** Total of earned scores under a case mode (before the io_score cap). */
export function totalScore(mode: JudgeCaseMode, cases: { groupNum: number; score: number }[]): number {
  if (mode === 'subtask_lowest') {
    return groupsInOrder(cases).reduce((sum, g) => sum + Math.min(...g.map((c) => c.score)), 0);
  }
  if (mode === 'subtask_average') {
    return groupsInOrder(cases).reduce(
      (sum, g) => sum + javaRound(g.reduce((s, c) => s + c.score, 0) / g.length),
      0,
    );
  }
  return cases.reduce((sum, c) => sum + c.score, 0);
}

/** A problem's OI total (io_score) from its cases' full scores, same rules (calProblemTotalScore). */
export function problemTotalScore(
  mode: JudgeCaseMode,
  cases: { groupNum?: number; score: number }[],
): number {
  return totalScore(
    mode,
    cases.map((c) => ({ groupNum: c.groupNum ?? 1, score: c.score })),
  );
}

export interface AggregateInput {
  problemType: 0 | 1;
  caseMode: JudgeCaseMode;
  cases: CaseOutcome[];
  /** io_score; 0 = no cap. */
  ioScore: number;
  /** Effective (multiplied) limits, for the stored time/memory caps. */
  timeLimitMs: number;
  memoryLimitMb: number;
}

export interface AggregateResult {
  status: number;
  score: number | null;
  time: number;
  memory: number;
  /** Message of the deciding error case, if any. */
  message: string | null;
}

/** Lowest seq first; on a tie (subtask_lowest copies the seq to skipped cases) the real verdict wins. */
function firstError(errors: CaseOutcome[]): CaseOutcome {
  const sorted = [...errors].sort(
    (a, b) =>
      a.seq - b.seq ||
      Number(a.status === JudgeStatus.CANCELLED) - Number(b.status === JudgeStatus.CANCELLED),
  );
  return sorted[0]!;
}

/** Case results → submission status/score/time/memory (JudgeStrategy.computeResultInfo). */
export function aggregate(input: AggregateInput): AggregateResult {
  const { cases } = input;
  const time = Math.min(Math.max(0, ...cases.map((c) => c.time)), input.timeLimitMs);
  const memory = Math.min(Math.max(0, ...cases.map((c) => c.memory)), input.memoryLimitMb * 1024);
  if (input.problemType === 0) {
    const errors = cases.filter((c) => c.status !== AC);
    if (errors.length === 0) return { status: AC, score: null, time, memory, message: null };
    const e = firstError(errors);
    return { status: e.status, score: null, time, memory, message: e.message ?? null };
  }
  const mode = effectiveCaseMode(1, input.caseMode);
  let score = totalScore(
    mode,
    cases.map((c) => ({ groupNum: c.groupNum, score: caseScore(c) })),
  );
  if (input.ioScore > 0) score = Math.min(score, input.ioScore);
  const errors = cases.filter((c) => c.status !== AC);
  if (errors.length === 0) return { status: AC, score, time, memory, message: null };
  if (errors.length === cases.length) {
    const e = firstError(errors);
    return { status: e.status, score, time, memory, message: e.message ?? null };
  }
  return { status: PA, score, time, memory, message: firstError(errors).message ?? null };
}

/**
 * OI rank score (judge.md §3.3): all AC in default mode → round(io·0.1 + 2·difficulty);
 * else round(sum·0.1 + 2·difficulty·sum/io).
 */
export function oiRankScore(opts: {
  allAccepted: boolean;
  caseMode: JudgeCaseMode;
  score: number;
  ioScore: number;
  difficulty: number;
}): number {
  const { score, ioScore, difficulty } = opts;
  if (opts.allAccepted && opts.caseMode === 'default') return javaRound(ioScore * 0.1 + 2 * difficulty);
  if (ioScore <= 0) return javaRound(score * 0.1);
  return javaRound(score * 0.1 + (2 * difficulty * score) / ioScore);
}

/** Contest record status (ContestRecordEntityServiceImpl): 1 AC, -1 penalised error, 0 no penalty. */
export function contestRecordStatus(status: number): 1 | 0 | -1 {
  if (status === AC) return 1;
  const penalised: number[] = [
    JudgeStatus.PRESENTATION_ERROR,
    JudgeStatus.WRONG_ANSWER,
    JudgeStatus.TIME_LIMIT_EXCEEDED,
    JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    JudgeStatus.RUNTIME_ERROR,
  ];
  return penalised.includes(status) ? -1 : 0;
}

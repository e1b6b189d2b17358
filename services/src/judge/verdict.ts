// Pure rules of the verdict path: what a final result writes on the submission row and its cases,
// and which follow-up writes (problem counters, AC record) bring the rest in line afterwards.
import { JudgeStatus } from '@oj/protocol';
import { oiRankScore } from '@oj/protocol/judge/aggregate';
import type { JudgeResult } from '@oj/protocol/judge/schemas';
import { nextSubmissionStatus } from '@oj/protocol/submission/machine';
import type { JudgeProblem } from './ports';
import type { NewJudgeCase } from './repository';

const S = JudgeStatus;

/** Errors users may read on the submission row (judge.md §1.4: saved for CE, SE, RE, SF). */
const SAVED_ERROR_STATUSES = new Set<number>([
  S.COMPILE_ERROR,
  S.SYSTEM_ERROR,
  S.RUNTIME_ERROR,
  S.SUBMITTED_FAILED,
]);

export interface Verdict {
  status: number;
  time: number;
  memory: number;
  score: number | null;
  errorMessage: string | null;
  judger: string;
  cases: JudgeResult['cases'];
}

const resultMoves = new Map<string, number | null>();

/**
 * The lifecycle machine's answer to a runner's final result on a row at `status` (null: not
 * legal there). It depends on the two codes only, so each pair is asked of the machine once:
 * resolving an XState snapshot costs ~0.2 ms, on the path every verdict takes.
 */
export function resultTransition(status: number, resultStatus: number): number | null {
  const key = `${status}:${resultStatus}`;
  let next = resultMoves.get(key);
  if (next === undefined) {
    next = nextSubmissionStatus(status, { type: 'RESULT', status: resultStatus });
    resultMoves.set(key, next);
  }
  return next;
}

const ALL_STATUSES = Object.values(S) as number[];
const resultSourceSets = new Map<number, { from: number[]; next: number } | null>();

/**
 * Every status from which the machine accepts this final result, when they all lead to the same
 * status: a verdict can then be written guarded by that set without reading the row first.
 */
export function resultSources(resultStatus: number): { from: number[]; next: number } | null {
  let answer = resultSourceSets.get(resultStatus);
  if (answer === undefined) {
    const from = ALL_STATUSES.filter((s) => resultTransition(s, resultStatus) !== null);
    const nexts = new Set(from.map((s) => resultTransition(s, resultStatus)));
    answer = from.length > 0 && nexts.size === 1 ? { from, next: [...nexts][0]! } : null;
    resultSourceSets.set(resultStatus, answer);
  }
  return answer;
}

const progressMoves = new Map<string, number | null>();

/** The same for a runner's Compiling/Judging report (asked once per pair, as above). */
export function progressTransition(status: number, event: 'COMPILING' | 'JUDGING'): number | null {
  const key = `${status}:${event}`;
  let next = progressMoves.get(key);
  if (next === undefined) {
    next = nextSubmissionStatus(status, { type: event });
    progressMoves.set(key, next);
  }
  return next;
}

type Scoring = Pick<JudgeProblem, 'type' | 'judgeCaseMode' | 'ioScore' | 'difficulty'>;

/** The submission row's new columns for final status `next` (counted_status is the follow-up's). */
export function verdictColumns(next: number, v: Verdict, problem: Scoring | null) {
  const oi = problem?.type === 1;
  return {
    status: next,
    time: v.time,
    memory: v.memory,
    score: oi ? v.score : null,
    oi_rank_score:
      oi && v.score !== null
        ? oiRankScore({
            allAccepted: next === S.ACCEPTED,
            caseMode: problem.judgeCaseMode,
            score: v.score,
            ioScore: problem.ioScore,
            difficulty: problem.difficulty,
          })
        : null,
    error_message: SAVED_ERROR_STATUSES.has(next) ? v.errorMessage : null,
    judger: v.judger,
  };
}

export function caseRows(
  row: { pid: number; uid: string },
  v: Pick<Verdict, 'cases'>,
  problem: Scoring | null,
): NewJudgeCase[] {
  return v.cases.map((c) => ({
    pid: row.pid,
    uid: row.uid,
    case_id: String(c.caseId),
    status: c.status,
    time: c.time,
    memory: c.memory,
    score: c.score,
    user_output: c.message ?? null,
    group_num: c.groupNum,
    seq: c.seq,
    mode: problem?.judgeCaseMode ?? 'default',
    input_data: null,
    output_data: null,
    // Only a case the task marked as a sample carries these (the runner sends them for no other).
    sample_io: c.sampleIO ?? null,
  }));
}

export interface FollowUp {
  /** Move one count of the problem's counters (site, non-group submissions only). */
  counters: { from: number | null; to: number } | null;
  /** The user's first-AC record (site, non-group submissions only). */
  ac: 'add' | 'remove' | null;
}

/**
 * The follow-up writes of a committed verdict, from the row alone; the caller then sets
 * `counted_status` to `status`. `counted_status` is what the counters hold, so running the plan
 * twice (a redelivered result) counts once: after the first run it equals `status` and the
 * counters are left alone. Adding the AC record is idempotent; a removal is only needed while the
 * counted verdict was an AC.
 */
export function followUp(row: {
  cid: number;
  gid: number | null;
  status: number;
  counted_status: number | null;
}): FollowUp {
  // Counters and the AC record both follow site (cid = 0), non-group submissions only.
  const site = row.cid === 0 && row.gid === null;
  const moved = row.counted_status !== row.status;
  return {
    counters: site && moved ? { from: row.counted_status, to: row.status } : null,
    ac: !site
      ? null
      : row.status === S.ACCEPTED
        ? 'add'
        : row.counted_status === S.ACCEPTED
          ? 'remove'
          : null,
  };
}

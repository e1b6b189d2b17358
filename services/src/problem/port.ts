// What the judge capability reads from and writes to the problem bank.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import * as repo from './repository';
import { counterColumn } from './rules';
import type { OutputValidatorFlags } from '@oj/protocol/judge/schemas';
import { storedValidatorFlags, VALIDATOR_FLAGS_FILE } from './packages/icpc/default-validator';

/** One test case of a problem, its data in the blob store. */
export interface ProblemCaseForJudge {
  /** problem_case.id */
  caseId: number;
  /** 1-based order. */
  seq: number;
  inputHash: string;
  outputHash: string;
  score: number;
  groupNum: number;
  /** The setter marked the case visible: its data is shown on a judged submission (issue #26.3). */
  visible: boolean;
}

/** Everything needed to build a SubmissionJudgeTask (protocol/src/judge) and to check a submission. */
export interface ProblemForJudge {
  pid: number;
  problemId: string;
  title: string;
  /** 0 ACM, 1 OI. */
  type: 0 | 1;
  judgeMode: 'default' | 'spj' | 'interactive';
  judgeCaseMode: 'default' | 'subtask_lowest' | 'subtask_average' | 'ergodic_without_error';
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  /** OI total (0 when none). */
  ioScore: number;
  difficulty: number;
  /** Checker (spj) or interactor (interactive) source and language name; null in default mode. */
  checker: { code: string; language: string } | null;
  userExtraFiles: Record<string, string>;
  judgeExtraFiles: Record<string, string>;
  /**
   * Default mode: compare as the Kattis default output validator with these flags (kept as the
   * judge extra file VALIDATOR_FLAGS_FILE, which judgeExtraFiles leaves out); absent = this judge's
   * own comparison.
   */
  outputValidatorFlags?: OutputValidatorFlags;
  /** File IO names when the problem reads/writes files instead of stdin/stdout. */
  fileIO: { input: string; output: string } | null;
  isRemoveEndBlank: boolean;
  isRemote: boolean;
  /** 1 public, 2 private, 3 contest-only. */
  auth: number;
  isGroup: boolean;
  gid: number | null;
  codeShare: boolean;
  openCaseResult: boolean;
  caseVersion: string | null;
  /** The statement's examples, `<input>..</input><output>..</output>` repeated (the judge marks sample cases by them). */
  examples?: string;
  /** Names of the languages the problem accepts. */
  languages: string[];
  cases: ProblemCaseForJudge[];
}

export interface ProblemSummary {
  problemId: string;
  title: string;
  difficulty: number;
}

export interface ProblemJudgePort {
  getProblemForJudge(pid: number): Promise<ProblemForJudge | null>;
  /** Primary key of a display id (exact, as stored: upper-case), or null. */
  findPidByDisplayId(problemId: string): Promise<number | null>;
  /** Display id, title and difficulty of many problems in one query; unknown ids are left out. */
  summariesOf(pids: readonly number[]): Promise<Map<number, ProblemSummary>>;
  /**
   * Counts a verdict of a non-contest submission, atomically. `previousStatus` null = a new
   * submission (total + 1); otherwise a rejudge or manual change (the old kind − 1).
   * Statuses without a counter (pending, cancelled, ...) only move `total`.
   */
  recordVerdict(pid: number, previousStatus: number | null, newStatus: number): Promise<void>;
}

/** Parses a stored extra-file JSON map; anything malformed or non-string is left out. */
export function parseExtraFiles(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (e): e is [string, string] => e[0] !== '' && typeof e[1] === 'string' && e[1] !== '',
      ),
    );
  } catch {
    return {};
  }
}

export function createProblemJudgePort(db: Kysely<Database>): ProblemJudgePort {
  return {
    async getProblemForJudge(pid) {
      // One query instead of three: the judge asks for every submission.
      const p = await repo.findProblemForJudge(db, pid);
      if (!p) return null;
      const languages = [...p.languages].sort((a, b) => b.seq - a.seq || a.id - b.id);
      const cases = [...p.cases].sort((a, b) => a.seq - b.seq || a.id - b.id);
      const checker =
        p.judge_mode !== 'default' && p.spj_code && p.spj_language
          ? { code: p.spj_code, language: p.spj_language }
          : null;
      const { [VALIDATOR_FLAGS_FILE]: flagWords, ...judgeExtraFiles } = parseExtraFiles(p.judge_extra_file);
      const flags =
        flagWords !== undefined && p.judge_mode === 'default' ? storedValidatorFlags(flagWords) : null;
      return {
        pid: p.id,
        problemId: p.problem_id,
        title: p.title,
        type: p.type === 1 ? 1 : 0,
        judgeMode: p.judge_mode as ProblemForJudge['judgeMode'],
        judgeCaseMode: p.judge_case_mode as ProblemForJudge['judgeCaseMode'],
        timeLimit: p.time_limit,
        memoryLimit: p.memory_limit,
        stackLimit: p.stack_limit,
        ioScore: p.io_score ?? 0,
        difficulty: p.difficulty,
        checker,
        userExtraFiles: parseExtraFiles(p.user_extra_file),
        judgeExtraFiles,
        ...(flags ? { outputValidatorFlags: flags } : {}),
        fileIO:
          p.is_file_io && p.io_read_file_name && p.io_write_file_name
            ? { input: p.io_read_file_name, output: p.io_write_file_name }
            : null,
        isRemoveEndBlank: p.is_remove_end_blank,
        isRemote: p.is_remote,
        auth: p.auth,
        isGroup: p.is_group,
        gid: p.gid,
        codeShare: p.code_share,
        openCaseResult: p.open_case_result,
        caseVersion: p.case_version,
        examples: p.examples,
        languages: languages.map((l) => l.name),
        cases: cases.map((c) => ({
          caseId: c.id,
          seq: c.seq,
          inputHash: c.input_hash,
          outputHash: c.output_hash,
          score: c.score,
          groupNum: c.group_num,
          visible: c.visible,
        })),
      };
    },
    async findPidByDisplayId(problemId) {
      return repo.pidOfDisplayId(db, problemId);
    },
    async summariesOf(pids) {
      const rows = await repo.summariesOf(db, [...new Set(pids)]);
      return new Map(
        rows.map((r) => [r.id, { problemId: r.problem_id, title: r.title, difficulty: r.difficulty }]),
      );
    },
    async recordVerdict(pid, previousStatus, newStatus) {
      const from = previousStatus == null ? null : counterColumn(previousStatus);
      await repo.bumpCounters(db, pid, previousStatus == null ? 1 : 0, from, counterColumn(newStatus));
    },
  };
}

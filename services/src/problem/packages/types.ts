// A problem read from an import package, before anything is written.
import type { ProblemInsert } from '../repository';

export interface ImportedCase {
  inputName: string;
  outputName: string;
  input: Uint8Array;
  output: Uint8Array;
  score: number;
  groupNum: number;
}

export interface ImportedProblem {
  /** Row values; `problem_id` absent = `P{id}` after insert. */
  values: Omit<ProblemInsert, 'problem_id'> & { problem_id?: string | null };
  /** Language names of the local judge; null = every local language. */
  languages: string[] | null;
  tags: string[];
  templates: { language: string; code: string }[];
  cases: ImportedCase[];
  /** Solutions shipped in the package (Polygon tagged solutions, Kattis
   * `submissions/<verdict>/`), kept for an import verification run. */
  solutions?: ShippedSolution[];
  /**
   * The package gives no time limit: it is to be derived from the accepted solutions by this
   * rule (Kattis, docs/compat.md K6) when it is imported with verification.
   */
  timeLimitFromAccepted?: TimeLimitRule;
}

/** How a time limit is derived from the slowest accepted solution's time. */
export interface TimeLimitRule {
  multiplier: number;
  /** Seconds the limit is rounded up to a multiple of (2023-07); null: legacy, whole seconds rounded half up. */
  resolution: number | null;
}

/** A solution a package ships, with the verdicts it is expected to get. */
export interface ShippedSolution {
  /** Path inside the package, e.g. `solutions/wa.cpp`. */
  path: string;
  /** Language name of the local judge. */
  language: string;
  code: string;
  /** Verdict names ('AC','WA','TLE','RTE','MLE','PA','CE','PE'); any one matches. */
  expected: string[];
}

/** A refusal of a package, with a message for the client. */
export class PackageError extends Error {
  override name = 'PackageError';
}

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
}

/** A refusal of a package, with a message for the client. */
export class PackageError extends Error {
  override name = 'PackageError';
}

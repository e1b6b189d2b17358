/**
 * Import verification (issue #25 item 3): every solution a problem package ships, judged on the
 * imported problem, with the verdicts the package expects of it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';

/** Verdict names a package may expect (Polygon tags and Kattis folders map onto them). */
export const VERIFY_VERDICTS = ['AC', 'WA', 'TLE', 'MLE', 'RTE', 'PE', 'CE', 'PA'] as const;

/**
 * The message of a row held back while a Kattis time limit is derived from the accepted solutions
 * (docs/compat.md K6): this prefix, then the rule as JSON. The screen shows its own words for it.
 */
export const VERIFY_HELD_PREFIX = 'waiting for the time limit from the accepted solutions ';

export const ProblemVerifyRowSchema = Type.Object({
  id: Type.Integer(),
  pid: Type.Integer(),
  /** Path of the solution inside the package. */
  path: Type.String(),
  language: Type.String(),
  /** Verdict names of which any one is a match. */
  expected: Type.Array(Type.String()),
  /** Judge status (JudgeStatus); null while the solution waits for the judge. */
  status: Nullable(Type.Integer()),
  /** The verdict got, as a name ('AC', 'WA', ...); null while pending. */
  got: Nullable(Type.String()),
  /** The verdict got is one of the expected ones; null while pending. */
  matches: Nullable(Type.Boolean()),
  /** ms / KB of the slowest case; null while pending. */
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  message: Nullable(Type.String()),
});
export type ProblemVerifyRow = Static<typeof ProblemVerifyRowSchema>;

/** A verification run of one problem: its rows, in package order. */
export const ProblemVerificationSchema = Type.Object({
  pid: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  /** 1 public, 2 private, 3 contest-only: the screen offers to publish a private one. */
  auth: Type.Integer(),
  rows: Type.Array(ProblemVerifyRowSchema),
});
export type ProblemVerification = Static<typeof ProblemVerificationSchema>;

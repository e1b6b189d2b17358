/**
 * Wire schemas shared by the services (producers of tasks, consumers of results)
 * and the judge runner. Semantics follow reference/judge.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';

const Sha256 = Type.String({
  pattern: '^[0-9a-f]{64}$',
  description: 'sha256 hex of a content-addressed blob',
});

export const JudgeModeSchema = Type.Union([
  Type.Literal('default'),
  Type.Literal('spj'),
  Type.Literal('interactive'),
]);
export const JudgeCaseModeSchema = Type.Union([
  Type.Literal('default'),
  Type.Literal('subtask_lowest'),
  Type.Literal('subtask_average'),
  Type.Literal('ergodic_without_error'),
]);

export const ProblemLimitsSchema = Type.Object({
  /** Problem time limit T in ms, before the per-language multiplier. */
  timeLimit: Type.Integer({ minimum: 1, maximum: 60_000 }),
  /** Problem memory limit M in MiB, before the per-language multiplier. */
  memoryLimit: Type.Integer({ minimum: 1, maximum: 4096 }),
  /** Stack limit in MiB (never multiplied). */
  stackLimit: Type.Integer({ minimum: 1, maximum: 4096, default: 128 }),
});
export type ProblemLimits = Static<typeof ProblemLimitsSchema>;

/** One test case; data by sha256 of a blob (submissions) or inline (small/test runs). */
export const JudgeTestCaseSchema = Type.Object({
  caseId: Type.Union([Type.Integer(), Type.String({ maxLength: 64 })]),
  inputHash: Type.Optional(Sha256),
  outputHash: Type.Optional(Sha256),
  input: Type.Optional(Type.String()),
  output: Type.Optional(Type.String()),
  /** Full score of the case (OI). */
  score: Type.Integer({ minimum: 0, default: 0 }),
  /** Subtask group (subtask modes); 1 when absent. */
  groupNum: Type.Integer({ minimum: 0, default: 1 }),
  /**
   * A sample case (its input and output are one of the statement's examples): the runner returns
   * the start of its input, expected and user output with the case result (issue #26.3).
   */
  sample: Type.Optional(Type.Boolean()),
  /** A case the problem setter marked visible: its texts are returned like a sample's (issue #26.3). */
  visible: Type.Optional(Type.Boolean()),
});
export type JudgeTestCase = Static<typeof JudgeTestCaseSchema>;

export const FileIOSchema = Type.Object({
  /** File the program reads instead of stdin (io_read_file_name). */
  input: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  /** File the program writes instead of stdout (io_write_file_name). */
  output: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
});
export type FileIO = Static<typeof FileIOSchema>;

/** Extra files name → content (headers for the user compile, helpers for the checker). */
export const ExtraFilesSchema = Type.Record(Type.String(), Type.String());
export type ExtraFiles = Static<typeof ExtraFilesSchema>;

/** Special judge checker or interactor, compiled by the runner (cached by content). */
export const CheckerSchema = Type.Object({
  /** A language name from the language table, e.g. "C++ 17" or "C". */
  language: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 1, maxLength: 1_048_576 }),
});
export type Checker = Static<typeof CheckerSchema>;

/**
 * The ICPC/Kattis default output validator's flags (issue #25): with them a default-mode problem is
 * compared by tokens as that validator does instead of this judge's own comparison. Absent = the
 * judge's own comparison (isRemoveEndBlank).
 */
export const OutputValidatorFlagsSchema = Type.Object({
  /** Tokens compared with case (else ASCII letters fold). */
  caseSensitive: Type.Boolean(),
  /** Every whitespace run must match exactly (else whitespace only separates tokens). */
  spaceChangeSensitive: Type.Boolean(),
  /** Numbers of the answer accepted within this absolute difference. */
  floatAbsoluteTolerance: Type.Optional(Type.Number({ minimum: 0 })),
  /** Numbers of the answer accepted within this difference relative to the answer's number. */
  floatRelativeTolerance: Type.Optional(Type.Number({ minimum: 0 })),
});
export type OutputValidatorFlags = Static<typeof OutputValidatorFlagsSchema>;

const CommonTaskFields = {
  limits: ProblemLimitsSchema,
  language: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 1, maxLength: 65_535 }),
  isRemoveEndBlank: Type.Boolean({ default: true }),
  fileIO: Type.Optional(FileIOSchema),
  userExtraFiles: Type.Optional(ExtraFilesSchema),
  problemId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 64 })])),
};

/** A submission to judge against the problem's test data. */
export const SubmissionJudgeTaskSchema = Type.Object({
  kind: Type.Literal('submission'),
  submitId: Type.Integer({ minimum: 1 }),
  /** Rejudge counter; (submitId, version) identifies one judging, used for result de-duplication. */
  version: Type.Integer({ minimum: 0, default: 0 }),
  /** 0 ACM, 1 OI. */
  problemType: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** OI total score cap (io_score); 0 = no cap. */
  ioScore: Type.Integer({ minimum: 0, default: 0 }),
  judgeMode: JudgeModeSchema,
  judgeCaseMode: JudgeCaseModeSchema,
  testCases: Type.Array(JudgeTestCaseSchema, { minItems: 1, maxItems: 1000 }),
  /** Required for spj (checker) and interactive (interactor). */
  checker: Type.Optional(CheckerSchema),
  judgeExtraFiles: Type.Optional(ExtraFilesSchema),
  /** Default mode only: compare as the Kattis default output validator with these flags. */
  outputValidatorFlags: Type.Optional(OutputValidatorFlagsSchema),
  ...CommonTaskFields,
});
export type SubmissionJudgeTask = Static<typeof SubmissionJudgeTaskSchema>;

/** Online self-test: one run on the user's input, optional expected output (judge.md §7). */
export const TestJudgeTaskSchema = Type.Object({
  kind: Type.Literal('test'),
  testKey: Type.String({ minLength: 1, maxLength: 128 }),
  userInput: Type.String({ maxLength: 1_000_000 }),
  expectedOutput: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  ...CommonTaskFields,
});
export type TestJudgeTask = Static<typeof TestJudgeTaskSchema>;

/**
 * Import verification (issue #25 item 3): a solution shipped in a problem package, judged on every
 * case like a submission, under a key instead of a submission row (not a user submission).
 */
export const VerifyJudgeTaskSchema = Type.Composite([
  Type.Omit(SubmissionJudgeTaskSchema, ['kind', 'submitId', 'version']),
  Type.Object({
    kind: Type.Literal('verify'),
    verifyKey: Type.String({ minLength: 1, maxLength: 128 }),
  }),
]);
export type VerifyJudgeTask = Static<typeof VerifyJudgeTaskSchema>;

/** One test a generator makes: the generator's name (a key of `generators`) and its arguments. */
export const GeneratedTestSchema = Type.Object({
  generator: Type.String({ minLength: 1, maxLength: 128 }),
  args: Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 256 }),
});
export type GeneratedTest = Static<typeof GeneratedTestSchema>;

/**
 * Test generation for a Polygon package whose tests are made by its generators (issue #25 item 5):
 * the generators are compiled with `generatorFiles` beside them (testlib.h and other headers the
 * package ships) and run with each test's arguments, then the main solution (`language`/`code`,
 * under `limits`) runs on each input; inputs and answers are stored as blobs. Untrusted code runs
 * in the runner's sandbox only.
 */
export const GenerateJudgeTaskSchema = Type.Object({
  kind: Type.Literal('generate'),
  generateKey: Type.String({ minLength: 1, maxLength: 128 }),
  generators: Type.Record(Type.String({ minLength: 1, maxLength: 128 }), CheckerSchema),
  generatorFiles: Type.Optional(ExtraFilesSchema),
  tests: Type.Array(GeneratedTestSchema, { minItems: 1, maxItems: 1000 }),
  ...CommonTaskFields,
});
export type GenerateJudgeTask = Static<typeof GenerateJudgeTaskSchema>;

export const JudgeTaskSchema = Type.Union([
  SubmissionJudgeTaskSchema,
  TestJudgeTaskSchema,
  VerifyJudgeTaskSchema,
  GenerateJudgeTaskSchema,
]);
export type JudgeTask = Static<typeof JudgeTaskSchema>;

/** Most bytes of each text of a sample case's `sampleIO` (input, expected, user output). */
export const SAMPLE_IO_CAP = 4096;

/** A sample case's texts, each cut to its first SAMPLE_IO_CAP bytes (issue #26.3). */
export const SampleIOSchema = Type.Object({
  input: Type.String({ maxLength: SAMPLE_IO_CAP }),
  expected: Type.String({ maxLength: SAMPLE_IO_CAP }),
  output: Type.String({ maxLength: SAMPLE_IO_CAP }),
  /** One of the three was longer than SAMPLE_IO_CAP bytes and is cut. */
  truncated: Type.Boolean(),
  /** The case is shown because the setter marked it visible, not because it is a statement example. */
  visible: Type.Optional(Type.Boolean()),
});
export type SampleIO = Static<typeof SampleIOSchema>;

/** The result of one test case (judge_case row). */
export const CaseResultSchema = Type.Object({
  caseId: Type.Union([Type.Integer(), Type.String()]),
  /** 1-based position in the test data order. */
  seq: Type.Integer({ minimum: 1 }),
  status: Type.Integer(),
  /** CPU time, ms. */
  time: Type.Integer({ minimum: 0 }),
  /** Peak memory, KB. */
  memory: Type.Integer({ minimum: 0 }),
  /** Score earned (OI); 0 for ACM. */
  score: Type.Integer({ minimum: 0 }),
  /** Full score of the case. */
  fullScore: Type.Integer({ minimum: 0 }),
  groupNum: Type.Integer({ minimum: 0 }),
  /** SPJ partial credit in [0,1], when the checker gave one. */
  percentage: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1 }))),
  /** Short message (RE reason, checker comment); bounded. */
  message: Type.Optional(Type.String()),
  /** Sample cases only (`JudgeTestCase.sample`): the start of their input, answer and user output. */
  sampleIO: Type.Optional(SampleIOSchema),
});
export type CaseResult = Static<typeof CaseResultSchema>;

/** Transient progress on `Subjects.judgeProgress(key)`. */
export const JudgeProgressSchema = Type.Object({
  kind: Type.Union([Type.Literal('submission'), Type.Literal('test'), Type.Literal('verify')]),
  submitId: Type.Optional(Type.Integer()),
  version: Type.Optional(Type.Integer()),
  testKey: Type.Optional(Type.String()),
  /** Import verification runs only. */
  verifyKey: Type.Optional(Type.String()),
  /** 6 Compiling or 7 Judging. */
  status: Type.Union([Type.Literal(6), Type.Literal(7)]),
  judger: Type.String(),
  /** Number of cases to judge (with status 7). */
  total: Type.Optional(Type.Integer()),
  /** A case that just finished. */
  case: Type.Optional(CaseResultSchema),
});
export type JudgeProgress = Static<typeof JudgeProgressSchema>;

/** Final result, enqueued once on `Subjects.judgeResultQueue` with id `dedupeId`. */
export const JudgeResultSchema = Type.Object({
  kind: Type.Union([
    Type.Literal('submission'),
    Type.Literal('test'),
    Type.Literal('verify'),
    Type.Literal('generate'),
  ]),
  submitId: Type.Optional(Type.Integer()),
  version: Type.Optional(Type.Integer()),
  testKey: Type.Optional(Type.String()),
  /** Import verification runs only. */
  verifyKey: Type.Optional(Type.String()),
  /** Test generation only: its key, and (status Accepted) each test's input and answer blobs in order. */
  generateKey: Type.Optional(Type.String()),
  generated: Type.Optional(Type.Array(Type.Object({ inputHash: Sha256, outputHash: Sha256 }))),
  /** Same for every attempt at judging this (submitId, version) or test key. */
  dedupeId: Type.String(),
  status: Type.Integer(),
  /** ms, capped at the effective time limit; 0 for CE/SE. */
  time: Type.Integer({ minimum: 0 }),
  /** KB, capped at the effective memory limit; 0 for CE/SE. */
  memory: Type.Integer({ minimum: 0 }),
  /** OI score; null for ACM and test runs. */
  score: Nullable(Type.Integer()),
  /** Saved for CE/SE/RE/SF (judge.md §1.4); bounded. */
  errorMessage: Nullable(Type.String()),
  cases: Type.Array(CaseResultSchema),
  judger: Type.String(),
  /** Test runs only: program stdout (first 1000 chars + "...") and stderr. */
  stdout: Type.Optional(Type.String()),
  stderr: Type.Optional(Type.String()),
});
export type JudgeResult = Static<typeof JudgeResultSchema>;

/** Runner heartbeat on `Subjects.judgeHeartbeat(name)`. */
export const JudgeHeartbeatSchema = Type.Object({
  name: Type.String(),
  version: Type.String(),
  languages: Type.Array(Type.String()),
  unavailableLanguages: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() })),
  concurrency: Type.Integer(),
  inFlight: Type.Integer(),
  /** 1-minute load average. */
  load: Type.Number(),
  draining: Type.Boolean(),
  at: Type.Integer(),
  /** The runner's process (service info); absent from runners older than these fields. */
  pid: Type.Optional(Type.Integer()),
  rssBytes: Type.Optional(Type.Integer()),
  heapUsedBytes: Type.Optional(Type.Integer()),
  uptimeSeconds: Type.Optional(Type.Number()),
  /** The runner's host: CPU cores and memory in use (%), for the back office's judge service info. */
  cpuCores: Type.Optional(Type.Integer()),
  memoryPercent: Type.Optional(Type.Number()),
});
export type JudgeHeartbeat = Static<typeof JudgeHeartbeatSchema>;

/** Dedupe id of a task's final result: one per judging, whatever attempt produced it. */
export function judgeResultDedupeId(task: JudgeTask): string {
  if (task.kind === 'verify') return `verify:${task.verifyKey}`;
  if (task.kind === 'generate') return `generate:${task.generateKey}`;
  return task.kind === 'submission' ? `submission:${task.submitId}:${task.version}` : `test:${task.testKey}`;
}

// Pure rules of the admin contest-problem screens.

/** The first display id A, B, … Z, then A1, B1, … not in `used` (case-insensitive). */
export function nextDisplayId(used: readonly string[]): string {
  const taken = new Set(used.map((u) => u.trim().toUpperCase()));
  for (let round = 0; ; round++) {
    for (let i = 0; i < 26; i++) {
      const id = String.fromCharCode(65 + i) + (round === 0 ? '' : String(round));
      if (!taken.has(id)) return id;
    }
  }
}

export interface CaseDraft {
  id?: number;
  /** Hand-typed: the text; uploaded: the file name inside the zip. */
  input: string;
  output: string;
  score: string;
  /** Subtask modes only. */
  groupNum: string;
}

/** Judge case modes a contest problem may use; subtask modes only make sense for OI (type 1). */
export const CASE_MODES = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;

export const isSubtaskMode = (mode: string) => mode === 'subtask_lowest' || mode === 'subtask_average';

/** OI scores of n uploaded cases: floor(100/n) each, +1 on the last 100 - n*floor(100/n). */
export function defaultScores(n: number): number[] {
  if (n <= 0) return [];
  const each = Math.floor(100 / n);
  const extra = 100 - n * each;
  return Array.from({ length: n }, (_, i) => each + (i >= n - extra ? 1 : 0));
}

/** The case rows of an upload-testcase-zip answer, with default scores and group numbers. */
export function uploadedCaseDrafts(
  fileList: readonly { input: string; output: string; groupNum?: number }[],
) {
  const scores = defaultScores(fileList.length);
  return fileList.map((f, i): CaseDraft => ({
    input: f.input,
    output: f.output,
    score: String(scores[i]),
    groupNum: String(f.groupNum ?? 1),
  }));
}

export interface ProblemDraft {
  pid: number | null;
  problemId: string;
  title: string;
  timeLimit: string;
  memoryLimit: string;
  description: string;
  input: string;
  output: string;
  exampleInput: string;
  exampleOutput: string;
  judgeCaseMode: string;
  /** Hand-typed cases (sent when `uploadedCases` is false). */
  cases: CaseDraft[];
  /** Upload mode: the cases come from a test-case zip. */
  uploadedCases: boolean;
  /** Upload mode: file-name cases of the last upload, or the stored ones when editing. */
  uploadCases: CaseDraft[];
  /** The fileListDir of a new upload this session; null keeps the stored files. */
  uploadDir: string | null;
  languageIds: number[];
  displayId: string;
  displayTitle: string;
  color: string | null;
  /**
   * Editing: the stored problem's fields (ProblemDTO.problem keys). Sent back unchanged apart from
   * what the form edits, so judge mode, special-judge code, extra files, file IO… survive a save
   * (the update overwrites the special-judge code and extra files when they are absent).
   */
  base: Record<string, unknown> | null;
}

/** The ProblemDTO.problem keys a stored problem is sent back with. */
export const PROBLEM_INPUT_KEYS = [
  'id',
  'problemId',
  'title',
  'author',
  'type',
  'judgeMode',
  'judgeCaseMode',
  'timeLimit',
  'memoryLimit',
  'stackLimit',
  'description',
  'input',
  'output',
  'examples',
  'isRemote',
  'source',
  'difficulty',
  'hint',
  'auth',
  'ioScore',
  'codeShare',
  'spjCode',
  'spjLanguage',
  'userExtraFile',
  'judgeExtraFile',
  'isRemoveEndBlank',
  'openCaseResult',
  'isUploadCase',
  'isGroup',
  'gid',
  'isFileIO',
  'ioReadFileName',
  'ioWriteFileName',
] as const;

/** The stored fields of a problem the update accepts (nulls dropped: absent means unchanged). */
export function problemBase(stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of PROBLEM_INPUT_KEYS) if (stored[k] !== null && stored[k] !== undefined) out[k] = stored[k];
  return out;
}

export function emptyProblemDraft(displayId: string, languageIds: number[]): ProblemDraft {
  return {
    pid: null,
    problemId: '',
    title: '',
    timeLimit: '1000',
    memoryLimit: '256',
    description: '',
    input: '',
    output: '',
    exampleInput: '',
    exampleOutput: '',
    judgeCaseMode: 'default',
    cases: [{ input: '', output: '', score: '100', groupNum: '1' }],
    uploadedCases: false,
    uploadCases: [],
    uploadDir: null,
    languageIds,
    displayId,
    displayTitle: '',
    color: null,
    base: null,
  };
}

const positiveInt = (s: string) => /^\d+$/.test(s.trim()) && Number(s) > 0;

/** The first failing check as an i18n key, or null (part3 §5 "Group problem form", contest part). */
export function problemDraftError(d: ProblemDraft, oi: boolean): string | null {
  if (!d.problemId.trim()) return 'adminContest.problemForm.problemIdRequired';
  if (!d.title.trim()) return 'adminContest.problemForm.titleRequired';
  if (!d.displayId.trim()) return 'adminContest.displayIdRequired';
  if (!d.displayTitle.trim()) return 'adminContest.displayTitleRequired';
  if (!positiveInt(d.timeLimit) || !positiveInt(d.memoryLimit)) return 'adminContest.problemForm.limitsCheck';
  if (!d.input.trim() || !d.output.trim()) return 'adminContest.problemForm.ioRequired';
  if (d.uploadedCases) {
    if (d.uploadCases.length === 0) return 'adminContest.problemForm.uploadRequired';
  } else if (d.cases.length === 0 || d.cases.some((c) => !c.input && !c.output))
    return 'adminContest.problemForm.casesRequired';
  const cases = d.uploadedCases ? d.uploadCases : d.cases;
  if (oi && cases.some((c) => !/^\d+$/.test(c.score.trim()))) return 'adminContest.problemForm.scoreCheck';
  if (oi && isSubtaskMode(d.judgeCaseMode) && cases.some((c) => !positiveInt(c.groupNum)))
    return 'adminContest.problemForm.groupNumCheck';
  if (d.languageIds.length === 0) return 'adminContest.problemForm.languagesRequired';
  return null;
}

/** Replaces the first `<input>…</input><output>…</output>` pair, keeping any further examples. */
export function withFirstExample(stored: string | null | undefined, input: string, output: string): string {
  const pair = input || output ? `<input>${input}</input><output>${output}</output>` : '';
  const rest = (stored ?? '').replace(/^\s*<input>[\s\S]*?<\/input>\s*<output>[\s\S]*?<\/output>/, '');
  return pair + rest;
}

/**
 * The ProblemDTO of POST/PUT /api/admin/contest/problem: a contest problem (auth 3) of the
 * contest's type; an edit sends the stored fields back with the edited ones on top.
 */
export function problemDtoOf(d: ProblemDraft, type: number, author: string) {
  const base = d.base ?? {};
  const judgeMode = typeof base.judgeMode === 'string' ? base.judgeMode : 'default';
  const subtask = type === 1 && isSubtaskMode(d.judgeCaseMode);
  const storedMode = typeof base.judgeCaseMode === 'string' ? base.judgeCaseMode : null;
  const sample = (c: CaseDraft) => ({
    ...(c.id !== undefined ? { id: c.id } : {}),
    input: c.input,
    output: c.output,
    ...(type === 1 ? { score: Number(c.score) } : {}),
    ...(subtask ? { groupNum: Number(c.groupNum) } : {}),
  });
  return {
    problem: {
      stackLimit: 128,
      author,
      ...base,
      ...(d.pid !== null ? { id: d.pid, isRemote: base.isRemote ?? false } : {}),
      problemId: d.problemId.trim(),
      title: d.title.trim(),
      type,
      auth: 3,
      judgeMode,
      timeLimit: Number(d.timeLimit),
      memoryLimit: Number(d.memoryLimit),
      description: d.description,
      input: d.input,
      output: d.output,
      examples: withFirstExample(base.examples as string | undefined, d.exampleInput, d.exampleOutput),
      judgeCaseMode: d.judgeCaseMode,
      isUploadCase: d.uploadedCases,
    },
    judgeMode,
    isUploadTestCase: d.uploadedCases,
    // no new zip while editing an upload-mode problem: the server keeps using the stored files
    ...(d.uploadedCases && d.uploadDir !== null ? { uploadTestcaseDir: d.uploadDir } : {}),
    ...(storedMode !== null && storedMode !== d.judgeCaseMode ? { changeJudgeCaseMode: true } : {}),
    samples: (d.uploadedCases ? d.uploadCases : d.cases).map(sample),
    languages: d.languageIds.map((id) => ({ id })),
  };
}

/** The first example of a stored `examples` string. */
export function firstExample(examples: string | null | undefined): { input: string; output: string } {
  const s = examples ?? '';
  return {
    input: /<input>([\s\S]*?)<\/input>/.exec(s)?.[1] ?? '',
    output: /<output>([\s\S]*?)<\/output>/.exec(s)?.[1] ?? '',
  };
}

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
  input: string;
  output: string;
  score: string;
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
  /** Hand-typed cases; untouched (and not sent) when the stored cases came from a zip upload. */
  cases: CaseDraft[];
  uploadedCases: boolean;
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
    cases: [{ input: '', output: '', score: '100' }],
    uploadedCases: false,
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
  if (!d.uploadedCases) {
    if (d.cases.length === 0 || d.cases.some((c) => !c.input && !c.output))
      return 'adminContest.problemForm.casesRequired';
    if (oi && d.cases.some((c) => !/^\d+$/.test(c.score.trim())))
      return 'adminContest.problemForm.scoreCheck';
  }
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
  return {
    problem: {
      judgeCaseMode: 'default',
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
      isUploadCase: d.uploadedCases,
    },
    judgeMode,
    isUploadTestCase: d.uploadedCases,
    samples: d.uploadedCases
      ? []
      : d.cases.map((c) => ({
          ...(c.id !== undefined ? { id: c.id } : {}),
          input: c.input,
          output: c.output,
          ...(type === 1 ? { score: Number(c.score) } : {}),
        })),
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

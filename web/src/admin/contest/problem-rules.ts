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

/** The ProblemDTO of POST/PUT /api/admin/problem: a contest problem (auth 3) of the contest's type. */
export function problemDtoOf(d: ProblemDraft, type: number, author: string) {
  const examples =
    d.exampleInput || d.exampleOutput
      ? `<input>${d.exampleInput}</input><output>${d.exampleOutput}</output>`
      : '';
  return {
    problem: {
      ...(d.pid !== null ? { id: d.pid, isRemote: false } : {}),
      problemId: d.problemId.trim(),
      title: d.title.trim(),
      author,
      type,
      auth: 3,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: Number(d.timeLimit),
      memoryLimit: Number(d.memoryLimit),
      stackLimit: 128,
      description: d.description,
      input: d.input,
      output: d.output,
      examples,
      isUploadCase: d.uploadedCases,
    },
    judgeMode: 'default',
    isUploadTestCase: false,
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

// The problem form's model (every section of spec part 3 §2.6) and its ProblemDTO, shared by
// the admin problem pages and the group problem form.
import { defaultScores, isSubtaskMode } from '../contest/problem-rules';

export interface CaseRow {
  id?: number;
  /** Hand-typed: the text; uploaded: the file name inside the zip. */
  input: string;
  output: string;
  score: string;
  groupNum: string;
  /** The setter shows this case's data on a judged submission (issue #26.3); unset: the server keeps the stored case's flag. */
  visible?: boolean;
}
export interface Example {
  input: string;
  output: string;
}
export interface ExtraFile {
  name: string;
  content: string;
}
export interface Template {
  lid: number;
  code: string;
  enabled: boolean;
}

export interface ProblemDraft {
  id: number | null;
  problemId: string;
  title: string;
  author: string;
  type: 0 | 1;
  auth: 1 | 2 | 3;
  difficulty: 0 | 1 | 2;
  timeLimit: string;
  memoryLimit: string;
  stackLimit: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  codeShare: boolean;
  tags: string[];
  languageIds: number[];
  examples: Example[];
  userExtraFiles: ExtraFile[];
  judgeExtraFiles: ExtraFile[];
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
  judgeMode: 'default' | 'spj' | 'interactive';
  spjLanguage: string;
  spjCode: string;
  /** The spj/interactive code was compiled successfully since its last change (or is the stored one). */
  spjCompiled: boolean;
  templates: Template[];
  judgeCaseMode: string;
  uploadMode: boolean;
  cases: CaseRow[];
  uploadCases: CaseRow[];
  uploadDir: string | null;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  /** Editing: the stored judge case mode (to tell the server it changed). */
  storedCaseMode: string | null;
}

export function emptyDraft(author: string, languageIds: number[]): ProblemDraft {
  return {
    id: null,
    problemId: '',
    title: '',
    author,
    type: 0,
    auth: 1,
    difficulty: 0,
    timeLimit: '1000',
    memoryLimit: '256',
    stackLimit: '128',
    description: '',
    input: '',
    output: '',
    hint: '',
    source: '',
    codeShare: true,
    tags: [],
    languageIds,
    examples: [{ input: '', output: '' }],
    userExtraFiles: [],
    judgeExtraFiles: [],
    isFileIO: false,
    ioReadFileName: '',
    ioWriteFileName: '',
    judgeMode: 'default',
    spjLanguage: 'C',
    spjCode: '',
    spjCompiled: true,
    templates: [],
    judgeCaseMode: 'default',
    uploadMode: true,
    cases: [{ input: '', output: '', score: '100', groupNum: '1' }],
    uploadCases: [],
    uploadDir: null,
    isRemoveEndBlank: true,
    openCaseResult: true,
    storedCaseMode: null,
  };
}

/** `<input>..</input><output>..</output>` pairs ↔ examples. */
export function parseExamples(s: string | null | undefined): Example[] {
  const out: Example[] = [];
  const re = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  for (let m = re.exec(s ?? ''); m; m = re.exec(s ?? '')) out.push({ input: m[1] ?? '', output: m[2] ?? '' });
  return out;
}
export const examplesString = (list: readonly Example[]) =>
  list
    .filter((e) => e.input || e.output)
    .map((e) => `<input>${e.input}</input><output>${e.output}</output>`)
    .join('');

const filesOf = (json: unknown): ExtraFile[] => {
  if (typeof json !== 'string' || !json) return [];
  try {
    return Object.entries(JSON.parse(json) as Record<string, string>).map(([name, content]) => ({
      name,
      content,
    }));
  } catch {
    return [];
  }
};
const filesJson = (files: readonly ExtraFile[]) =>
  files.length ? JSON.stringify(Object.fromEntries(files.map((f) => [f.name, f.content]))) : null;

/** Cases of upload-testcase-zip, with default OI scores and group numbers. */
export function uploadedCases(
  fileList: readonly { input: string; output: string; groupNum?: number }[],
  previous: readonly CaseRow[] = [],
): CaseRow[] {
  const scores = defaultScores(fileList.length);
  // A new zip keeps the visible mark of the case of the same name (issue #26.3).
  const visible = new Map(previous.map((c) => [c.input, c.visible]));
  return fileList.map((f, i) => {
    const kept = visible.get(f.input);
    return {
      input: f.input,
      output: f.output,
      score: String(scores[i]),
      groupNum: String(f.groupNum ?? 1),
      ...(kept !== undefined ? { visible: kept } : {}),
    };
  });
}

/** A stored problem (GET /api/admin/problem) with its cases, tags, languages and templates. */
export function draftOf(
  p: Record<string, unknown>,
  extra: {
    cases: {
      id: number;
      input: string;
      output: string;
      score: number | null;
      groupNum: number | null;
      visible?: boolean;
    }[];
    tags: string[];
    languageIds: number[];
    templates: Template[];
  },
): ProblemDraft {
  const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  const caseRows = extra.cases.map((c) => ({
    id: c.id,
    input: c.input,
    output: c.output,
    score: String(c.score ?? 0),
    groupNum: String(c.groupNum ?? 1),
    visible: c.visible === true,
  }));
  const upload = p.isUploadCase === true;
  const examples = parseExamples(str('examples'));
  return {
    ...emptyDraft(str('author'), extra.languageIds),
    id: Number(p.id),
    problemId: str('problemId'),
    title: str('title'),
    type: p.type === 1 ? 1 : 0,
    auth: ([1, 2, 3].includes(Number(p.auth)) ? Number(p.auth) : 1) as 1 | 2 | 3,
    difficulty: ([0, 1, 2].includes(Number(p.difficulty)) ? Number(p.difficulty) : 0) as 0 | 1 | 2,
    timeLimit: String(p.timeLimit ?? 1000),
    memoryLimit: String(p.memoryLimit ?? 256),
    stackLimit: String(p.stackLimit ?? 128),
    description: str('description'),
    input: str('input'),
    output: str('output'),
    hint: str('hint'),
    source: str('source'),
    codeShare: p.codeShare !== false,
    tags: extra.tags,
    examples: examples.length ? examples : [{ input: '', output: '' }],
    userExtraFiles: filesOf(p.userExtraFile),
    judgeExtraFiles: filesOf(p.judgeExtraFile),
    isFileIO: p.isFileIO === true,
    ioReadFileName: str('ioReadFileName'),
    ioWriteFileName: str('ioWriteFileName'),
    judgeMode: p.judgeMode === 'spj' || p.judgeMode === 'interactive' ? p.judgeMode : 'default',
    spjLanguage: str('spjLanguage') || 'C',
    spjCode: str('spjCode'),
    spjCompiled: true,
    templates: extra.templates,
    judgeCaseMode: str('judgeCaseMode') || 'default',
    storedCaseMode: str('judgeCaseMode') || 'default',
    uploadMode: upload,
    cases: upload ? [{ input: '', output: '', score: '100', groupNum: '1' }] : caseRows,
    uploadCases: upload ? caseRows : [],
    isRemoveEndBlank: p.isRemoveEndBlank !== false,
    openCaseResult: p.openCaseResult !== false,
  };
}

const positiveInt = (s: string) => /^\d+$/.test(s.trim()) && Number(s) > 0;

/** The first failing check (an i18n key under admin.problem.err), or null (spec part 3 §5). */
export function draftError(d: ProblemDraft, maxExamples = Infinity): string | null {
  if (!d.problemId.trim()) return 'displayIdRequired';
  if (!d.title.trim()) return 'titleRequired';
  if (!positiveInt(d.timeLimit) || !positiveInt(d.memoryLimit) || !positiveInt(d.stackLimit)) return 'limits';
  if (!d.input.trim() || !d.output.trim()) return 'ioRequired';
  if (d.isFileIO && (!d.ioReadFileName.trim() || !d.ioWriteFileName.trim())) return 'fileIoNames';
  if (d.examples.filter((e) => e.input || e.output).length > maxExamples) return 'tooManyExamples';
  if ([...d.userExtraFiles, ...d.judgeExtraFiles].some((f) => !f.name.trim() || !f.content))
    return 'extraFile';
  if (d.judgeMode !== 'default' && !d.spjCode.trim()) return 'spjCodeRequired';
  if (d.judgeMode !== 'default' && !d.spjCompiled) return 'spjNotCompiled';
  if (d.uploadMode) {
    if (!d.uploadCases.length) return 'uploadRequired';
  } else if (!d.cases.length || d.cases.some((c) => !c.input && !c.output)) return 'casesRequired';
  const cases = d.uploadMode ? d.uploadCases : d.cases;
  if (d.type === 1 && cases.some((c) => !/^\d+$/.test(c.score.trim()))) return 'scores';
  if (d.type === 1 && isSubtaskMode(d.judgeCaseMode) && cases.some((c) => !positiveInt(c.groupNum)))
    return 'groupNum';
  if (!d.languageIds.length) return 'languagesRequired';
  if (d.templates.some((t) => t.enabled && !t.code.trim())) return 'templateEmpty';
  return null;
}

/**
 * Field-level errors of the plain fields (issue #26 item 6): each field's own i18n key under
 * admin.problem.err, recomputed from the draft, so a fixed field loses its message at once.
 */
export function draftFieldErrors(
  d: Pick<
    ProblemDraft,
    'problemId' | 'title' | 'timeLimit' | 'memoryLimit' | 'stackLimit' | 'input' | 'output'
  >,
): Partial<
  Record<'problemId' | 'title' | 'timeLimit' | 'memoryLimit' | 'stackLimit' | 'input' | 'output', string>
> {
  const out: Partial<
    Record<'problemId' | 'title' | 'timeLimit' | 'memoryLimit' | 'stackLimit' | 'input' | 'output', string>
  > = {};
  if (!d.problemId.trim()) out.problemId = 'displayIdRequired';
  if (!d.title.trim()) out.title = 'titleRequired';
  for (const k of ['timeLimit', 'memoryLimit', 'stackLimit'] as const)
    if (!positiveInt(d[k])) out[k] = 'limits';
  if (!d.input.trim()) out.input = 'ioRequired';
  if (!d.output.trim()) out.output = 'ioRequired';
  return out;
}

/** The ProblemDTO of POST/PUT /api/admin/problem (and the group problem endpoints). */
export function dtoOf(d: ProblemDraft, opts: { gid?: number | null } = {}) {
  const oi = d.type === 1;
  const subtask = oi && isSubtaskMode(d.judgeCaseMode);
  const cases = d.uploadMode ? d.uploadCases : d.cases;
  return {
    problem: {
      ...(d.id !== null ? { id: d.id } : {}),
      problemId: d.problemId.trim(),
      title: d.title.trim(),
      author: d.author,
      type: d.type,
      auth: d.auth,
      difficulty: d.difficulty,
      judgeMode: d.judgeMode,
      judgeCaseMode: d.judgeCaseMode,
      timeLimit: Number(d.timeLimit),
      memoryLimit: Number(d.memoryLimit),
      stackLimit: Number(d.stackLimit),
      description: d.description,
      input: d.input,
      output: d.output,
      hint: d.hint,
      source: d.source,
      examples: examplesString(d.examples),
      codeShare: d.codeShare,
      isRemote: false,
      spjCode: d.judgeMode === 'default' ? null : d.spjCode,
      spjLanguage: d.judgeMode === 'default' ? null : d.spjLanguage,
      userExtraFile: filesJson(d.userExtraFiles),
      judgeExtraFile: filesJson(d.judgeExtraFiles),
      isRemoveEndBlank: d.isRemoveEndBlank,
      openCaseResult: d.openCaseResult,
      isUploadCase: d.uploadMode,
      isFileIO: d.isFileIO,
      ioReadFileName: d.isFileIO ? d.ioReadFileName.trim() : null,
      ioWriteFileName: d.isFileIO ? d.ioWriteFileName.trim() : null,
      ...(opts.gid ? { gid: opts.gid, isGroup: true } : { isGroup: false }),
    },
    judgeMode: d.judgeMode,
    isUploadTestCase: d.uploadMode,
    ...(d.uploadMode && d.uploadDir !== null ? { uploadTestcaseDir: d.uploadDir } : {}),
    ...(d.storedCaseMode !== null && d.storedCaseMode !== d.judgeCaseMode
      ? { changeJudgeCaseMode: true }
      : {}),
    changeModeCode: true,
    samples: cases.map((c) => ({
      ...(c.id !== undefined ? { id: c.id } : {}),
      input: c.input,
      output: c.output,
      ...(oi ? { score: Number(c.score) } : {}),
      ...(subtask ? { groupNum: Number(c.groupNum) } : {}),
      ...(c.visible !== undefined ? { visible: c.visible } : {}),
    })),
    languages: d.languageIds.map((id) => ({ id })),
    tags: d.tags.map((name) => ({ name })),
    codeTemplates: d.templates.map((t) => ({ lid: t.lid, code: t.code, status: t.enabled })),
  };
}

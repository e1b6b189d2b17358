// This platform's problem package (groups-admin-files.md §7.2): `<key>.json` + folder `<key>/`
// with the test files named in `samples`.
import type { ProblemRow } from '../mappers';
import { normalizeCaseMode } from '../rules';
import { normalizeData } from '../testcases';
import { utf8, type ZipEntries } from '../zip';
import { PackageError, type ImportedCase, type ImportedProblem } from './types';

interface PackageJson {
  problem?: Record<string, unknown>;
  languages?: unknown;
  samples?: unknown;
  tags?: unknown;
  codeTemplates?: unknown;
  userExtraFile?: unknown;
  judgeExtraFile?: unknown;
  judgeMode?: unknown;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function extraFiles(v: unknown): string | null {
  if (v == null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && !Array.isArray(v)) return JSON.stringify(v);
  return null;
}

/** Reads every problem of the package; any problem that cannot be read refuses the whole package. */
export function parseHojPackage(entries: ZipEntries): ImportedProblem[] {
  const rootFiles = [...entries.keys()].filter((n) => !n.includes('/'));
  if (entries.size === 0) throw new PackageError('评测数据压缩包里文件不能为空！');
  const keys: string[] = [];
  for (const name of rootFiles) {
    if (!name.endsWith('.json')) throw new PackageError(`编号为：${name}的文件格式错误，请使用json文件！`);
    keys.push(name.slice(0, -'.json'.length));
  }
  if (keys.length === 0) throw new PackageError('警告：未成功导入一道以上的题目，请检查文件格式是否正确！');
  return keys.map((key) => parseOne(entries, key));
}

function parseOne(entries: ZipEntries, key: string): ImportedProblem {
  const folder = `${key}/`;
  if (![...entries.keys()].some((n) => n.startsWith(folder)))
    throw new PackageError(`请检查编号为：${key}的题目数据文件与测试数据文件夹是否一一对应！`);
  let json: PackageJson;
  try {
    json = JSON.parse(utf8(entries.get(`${key}.json`)!)) as PackageJson;
    if (!json || typeof json !== 'object' || !json.problem || typeof json.problem !== 'object')
      throw new Error('缺少 problem 对象');
  } catch (err) {
    throw new PackageError(`请检查编号为：${key}的题目json文件的格式：${(err as Error).message}`);
  }
  const p = json.problem!;
  const title = str(p.title)?.trim();
  if (!title) throw new PackageError(`请检查编号为：${key}的题目json文件的格式：题目标题不能为空`);
  const judgeMode = ['default', 'spj', 'interactive'].includes(str(json.judgeMode) ?? '')
    ? (json.judgeMode as string)
    : 'default';
  const type = int(p.type) === 1 ? 1 : 0;
  const samples = Array.isArray(json.samples) ? (json.samples as Record<string, unknown>[]) : [];
  if (samples.length === 0) throw new PackageError(`编号为：${key}的题目没有评测数据（samples）！`);
  const cases: ImportedCase[] = samples.map((s) => {
    const inputName = str(s?.input);
    if (!inputName) throw new PackageError(`编号为：${key}的题目评测数据项缺少 input 文件名！`);
    const outputName = str(s.output) ?? `${inputName.replace(/\.[^.]*$/, '')}.out`;
    const input = entries.get(folder + inputName);
    if (!input) throw new PackageError(`编号为：${key}的题目缺少评测数据文件 ${inputName}！`);
    return {
      inputName,
      outputName,
      input: normalizeData(input),
      output: normalizeData(entries.get(folder + outputName) ?? new Uint8Array()),
      score: int(s.score) ?? 0,
      groupNum: int(s.groupNum) ?? 1,
    };
  });
  const spj = judgeMode !== 'default';
  const templates = (
    Array.isArray(json.codeTemplates) ? (json.codeTemplates as Record<string, unknown>[]) : []
  )
    .map((t) => ({ language: str(t?.language) ?? '', code: str(t?.code) ?? '' }))
    .filter((t) => t.language && t.code);
  const languages = strings(json.languages);
  return {
    values: {
      problem_id: str(p.problemId),
      title,
      author: str(p.author) ?? undefined,
      type,
      judge_mode: judgeMode,
      judge_case_mode: normalizeCaseMode(str(p.judgeCaseMode)),
      time_limit: int(p.timeLimit) ?? 1000,
      memory_limit: int(p.memoryLimit) ?? 256,
      stack_limit: int(p.stackLimit) ?? 128,
      description: str(p.description) ?? '',
      input: str(p.input) ?? '',
      output: str(p.output) ?? '',
      examples: str(p.examples) ?? '',
      source: str(p.source),
      difficulty: int(p.difficulty) ?? 1,
      hint: str(p.hint),
      auth: 1,
      io_score: int(p.ioScore),
      code_share: bool(p.codeShare) ?? true,
      spj_code: spj ? str(p.spjCode) : null,
      spj_language: spj ? str(p.spjLanguage) : null,
      user_extra_file: extraFiles(json.userExtraFile ?? p.userExtraFile),
      judge_extra_file: extraFiles(json.judgeExtraFile ?? p.judgeExtraFile),
      is_remove_end_blank: bool(p.isRemoveEndBlank) ?? true,
      open_case_result: bool(p.openCaseResult) ?? true,
      is_upload_case: true,
      is_group: false,
      is_file_io: bool(p.isFileIO) ?? false,
      io_read_file_name: str(p.ioReadFileName),
      io_write_file_name: str(p.ioWriteFileName),
    },
    languages: languages.length ? languages : null,
    tags: strings(json.tags),
    templates,
    cases,
  };
}

/** The JSON of one exported problem (no id, author, caseVersion, dates or nulls; auth 1). */
export function exportJson(
  row: ProblemRow,
  extra: {
    languages: string[];
    tags: string[];
    templates: { language: string; code: string }[];
    samples: { input: string; output: string; score: number; groupNum: number }[];
  },
): string {
  const problem: Record<string, unknown> = {
    problemId: row.problem_id,
    title: row.title,
    type: row.type,
    judgeMode: row.judge_mode,
    judgeCaseMode: row.judge_case_mode,
    timeLimit: row.time_limit,
    memoryLimit: row.memory_limit,
    stackLimit: row.stack_limit,
    description: row.description,
    input: row.input,
    output: row.output,
    examples: row.examples,
    isRemote: row.is_remote,
    source: row.source,
    difficulty: row.difficulty,
    hint: row.hint,
    auth: 1,
    ioScore: row.io_score,
    codeShare: row.code_share,
    spjCode: row.spj_code,
    spjLanguage: row.spj_language,
    isRemoveEndBlank: row.is_remove_end_blank,
    openCaseResult: row.open_case_result,
    isUploadCase: true,
    isGroup: false,
    isFileIO: row.is_file_io,
    ioReadFileName: row.io_read_file_name,
    ioWriteFileName: row.io_write_file_name,
  };
  for (const k of Object.keys(problem)) if (problem[k] == null) delete problem[k];
  const parse = (s: string | null) => (s ? (JSON.parse(s) as Record<string, string>) : undefined);
  return JSON.stringify(
    {
      problem,
      languages: extra.languages,
      samples: extra.samples.map((s) => ({
        input: s.input,
        output: s.output,
        ...(s.score > 0 ? { score: s.score } : {}),
        groupNum: s.groupNum,
      })),
      tags: extra.tags,
      codeTemplates: extra.templates,
      userExtraFile: parse(row.user_extra_file),
      judgeExtraFile: parse(row.judge_extra_file),
      judgeMode: row.judge_mode,
    },
    null,
    2,
  );
}

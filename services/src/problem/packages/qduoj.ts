// QDUOJ export zip (groups-admin-files.md §7.4): one folder per problem with a JSON file
// and `testcase/` holding the data files.
import { formatExamples, normalizeNewlines } from '../rules';
import { normalizeData } from '../testcases';
import { utf8, type ZipEntries } from '../zip';
import { PackageError, type ImportedCase, type ImportedProblem } from './types';

export const QDUOJ_LANGUAGES = [
  'C',
  'C With O2',
  'C++',
  'C++ With O2',
  'Java',
  'Python3',
  'Python2',
  'Golang',
  'C#',
];

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const valueOf = (v: unknown): string =>
  v && typeof v === 'object' ? (str((v as Json).value) ?? '') : (str(v) ?? '');

export function parseQduojPackage(entries: ZipEntries): ImportedProblem[] {
  if (entries.size === 0) throw new PackageError('压缩包里文件不能为空！');
  const folders = [
    ...new Set([...entries.keys()].filter((n) => n.includes('/')).map((n) => n.split('/')[0]!)),
  ].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (folders.length === 0) throw new PackageError('压缩包里文件不能为空！');
  return folders.map((dir) => parseFolder(entries, dir));
}

function parseFolder(entries: ZipEntries, dir: string): ImportedProblem {
  const inDir = [...entries.keys()].filter((n) => n.startsWith(`${dir}/`));
  const jsonFiles = inDir.filter((n) => n.split('/').length === 2 && n.endsWith('.json'));
  const others = inDir.filter((n) => n.split('/').length === 2 && !n.endsWith('.json'));
  if (jsonFiles.length === 0 && others.length === 0 && !inDir.some((n) => n.startsWith(`${dir}/testcase/`)))
    throw new PackageError(`编号为：${dir}的文件夹为空！`);
  if (others.length > 0 || jsonFiles.length !== 1)
    throw new PackageError(`编号为：${dir}的文件夹里面的题目数据格式错误，请使用json文件！`);
  let json: Json;
  try {
    json = JSON.parse(utf8(entries.get(jsonFiles[0]!)!)) as Json;
    if (!json || typeof json !== 'object') throw new Error('不是JSON对象');
  } catch (err) {
    throw new PackageError(`请检查编号为：${dir}的题目json文件的格式：${(err as Error).message}`);
  }
  const title = str(json.title)?.trim();
  if (!title) throw new PackageError(`请检查编号为：${dir}的题目json文件的格式：题目标题不能为空`);
  const oi = str(json.rule_type) !== 'ACM';
  const scores = Array.isArray(json.test_case_score) ? (json.test_case_score as Json[]) : [];
  if (scores.length === 0) throw new PackageError(`[${title}] 题目的评测数据不能为空（test_case_score）！`);
  const cases: ImportedCase[] = scores.map((c) => {
    const inputName = str(c?.input_name);
    if (!inputName) throw new PackageError(`[${title}] 题目的评测数据项缺少 input_name！`);
    const outputName = str(c.output_name) ?? `${inputName.replace(/\.[^.]*$/, '')}.out`;
    const input = entries.get(`${dir}/testcase/${inputName}`);
    if (!input) throw new PackageError(`[${title}] 题目缺少评测数据文件 testcase/${inputName}！`);
    return {
      inputName,
      outputName,
      input: normalizeData(input),
      output: normalizeData(entries.get(`${dir}/testcase/${outputName}`) ?? new Uint8Array()),
      score: oi ? (num(c.score) ?? 0) : 0,
      groupNum: 1,
    };
  });
  const samples = Array.isArray(json.samples) ? (json.samples as Json[]) : [];
  const spj = json.spj && typeof json.spj === 'object' ? (json.spj as Json) : null;
  const tags = Array.isArray(json.tags) ? json.tags.filter((t): t is string => typeof t === 'string') : [];
  return {
    values: {
      problem_id: str(json.display_id),
      title,
      description: valueOf(json.description),
      input: valueOf(json.input_description),
      output: valueOf(json.output_description),
      hint: normalizeNewlines(valueOf(json.hint)),
      source: str(json.source),
      time_limit: Math.max(1, Math.round(num(json.time_limit) ?? 1000)),
      memory_limit: Math.max(1, Math.round(num(json.memory_limit) ?? 256)),
      type: oi ? 1 : 0,
      difficulty: 1,
      auth: 1,
      examples: formatExamples(
        samples.map((s) => ({ input: str(s?.input) ?? '', output: str(s?.output) ?? '' })),
      ),
      judge_mode: spj ? 'spj' : 'default',
      judge_case_mode: 'default',
      spj_code: spj ? str(spj.code) : null,
      spj_language: spj ? (str(spj.language) === 'C' ? 'C' : 'C++') : null,
      is_upload_case: true,
      is_group: false,
    },
    languages: QDUOJ_LANGUAGES,
    tags,
    templates: [],
    cases,
  };
}

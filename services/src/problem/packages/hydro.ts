// Hydro problem zip (groups-admin-files.md §7.5): one folder per problem with problem.yaml,
// problem_zh.md or problem.md, and testdata/ with config.yaml and the data files.
import { parse as parseYaml } from 'yaml';
import { defaultScores, formatExamples } from '../rules';
import { normalizeData, pairCaseFiles } from '../testcases';
import type { ZipError } from '../zip';
import { utf8, type ZipEntries } from '../zip';
import { PackageError, type ImportedCase, type ImportedProblem } from './types';

type Yaml = Record<string, unknown>;
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

/** Hydro language keys → local language names; first substring match wins (as the original). */
const LANG_RULES: [(k: string) => boolean, string][] = [
  [(k) => k.includes('cc') && k.includes('o2'), 'C++ With O2'],
  [(k) => k.includes('cc'), 'C++'],
  [(k) => k.includes('c') && k.includes('o2') && !k.includes('cs'), 'C With O2'],
  [(k) => k.includes('cs'), 'C#'],
  [(k) => k === 'c' || k.startsWith('c.') || k.startsWith('c_'), 'C'],
  [(k) => k.includes('go'), 'Golang'],
  [(k) => k.includes('java'), 'Java'],
  [(k) => k.includes('php'), 'PHP'],
  [(k) => k.includes('nodejs'), 'JavaScript Node'],
  [(k) => k.includes('py2'), 'PyPy2'],
  [(k) => k.includes('py3'), 'PyPy3'],
  [(k) => k.includes('py'), 'Python3'],
];

export function hydroLanguage(key: string): string | null {
  const k = key.toLowerCase();
  return LANG_RULES.find(([test]) => test(k))?.[1] ?? null;
}

/** `1s`, `1.5s`, `1000ms`, `1000` (ms). */
export function parseHydroTime(v: unknown): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/i.exec(str(v) ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  return Math.max(1, Math.round(m[2]?.toLowerCase() === 's' ? n * 1000 : n));
}

/** `256m`, `256mb`, `512MB`, `1g`, `65536k` → MB. */
export function parseHydroMemory(v: unknown): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(k|kb|m|mb|g|gb)?\s*$/i.exec(str(v) ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'm').toLowerCase()[0];
  return Math.max(1, Math.round(unit === 'k' ? n / 1024 : unit === 'g' ? n * 1024 : n));
}

function yamlOf(entries: ZipEntries, path: string, what: string): Yaml {
  const bytes = entries.get(path);
  if (!bytes) throw new PackageError(`${what}缺少文件 ${path}！`);
  try {
    const value: unknown = parseYaml(utf8(bytes));
    return value && typeof value === 'object' ? (value as Yaml) : {};
  } catch (err) {
    throw new PackageError(`${path} 格式错误：${(err as Error).message}`);
  }
}

/** Fenced ```inputN / ```outputN blocks become the examples and leave the description. */
export function splitHydroMarkdown(md: string): { description: string; examples: string } {
  const inputs = new Map<number, string>();
  const outputs = new Map<number, string>();
  const description = md
    .replace(
      /```(input|output)(\d+)[^\n]*\n([\s\S]*?)```[^\n]*\n?/g,
      (_all, kind: string, n: string, body: string) => {
        (kind === 'input' ? inputs : outputs).set(Number(n), body);
        return '';
      },
    )
    .trim();
  const ids = [...inputs.keys()].sort((a, b) => a - b);
  return {
    description,
    examples: formatExamples(ids.map((i) => ({ input: inputs.get(i)!, output: outputs.get(i) ?? '' }))),
  };
}

export function parseHydroPackage(entries: ZipEntries): ImportedProblem[] {
  if (entries.size === 0) throw new PackageError('压缩包里文件不能为空！');
  const folders = [
    ...new Set([...entries.keys()].filter((n) => n.includes('/')).map((n) => n.split('/')[0]!)),
  ].sort();
  if (folders.length === 0) throw new PackageError('压缩包里文件不能为空！');
  return folders.map((dir) => parseFolder(entries, dir));
}

function parseFolder(entries: ZipEntries, dir: string): ImportedProblem {
  const meta = yamlOf(entries, `${dir}/problem.yaml`, `题目文件夹 ${dir} `);
  const title = str(meta.title)?.trim();
  if (!title) throw new PackageError(`题目文件夹 ${dir} 的 problem.yaml 缺少 title！`);
  const md = entries.get(`${dir}/problem_zh.md`) ?? entries.get(`${dir}/problem.md`);
  if (!md) throw new PackageError(`[${title}] 题目缺少题面文件 problem_zh.md 或 problem.md！`);
  const config = yamlOf(entries, `${dir}/testdata/config.yaml`, `[${title}] 题目`);
  const data = new Map<string, Uint8Array>();
  for (const [name, bytes] of entries)
    if (name.startsWith(`${dir}/testdata/`) && name.split('/').length === 3)
      data.set(name.split('/')[2]!, bytes);
  const file = (name: unknown, what: string): Uint8Array => {
    const bytes = data.get(str(name) ?? '');
    if (!bytes)
      throw new PackageError(`[${title}] 题目的${what}文件 ${str(name) ?? ''} 不存在于 testdata 中！`);
    return bytes;
  };
  const caseFrom = (c: Yaml, score: number, groupNum: number): ImportedCase => {
    const inputName = str(c?.input) ?? '';
    const outputName = str(c?.output) ?? '';
    return {
      inputName,
      outputName,
      input: normalizeData(file(inputName, '输入')),
      output: normalizeData(file(outputName, '输出')),
      score,
      groupNum,
    };
  };

  let cases: ImportedCase[];
  let caseMode = 'default';
  if (Array.isArray(config.subtasks)) {
    caseMode = 'subtask_lowest';
    cases = (config.subtasks as Yaml[]).flatMap((s, i) =>
      (Array.isArray(s?.cases) ? (s.cases as Yaml[]) : []).map((c) =>
        caseFrom(c, Number(s.score) || 0, i + 1),
      ),
    );
  } else if (Array.isArray(config.cases)) {
    const list = config.cases as Yaml[];
    const scores = defaultScores(list.length);
    cases = list.map((c, i) => caseFrom(c, Number(c?.score) || scores[i]!, 1));
  } else {
    let pairs;
    try {
      pairs = pairCaseFiles(new Map([...data].filter(([n]) => /\.(in|out|ans)$/.test(n))));
    } catch (err) {
      throw new PackageError(`[${title}] ${(err as ZipError).message}`);
    }
    const scores = defaultScores(pairs.length);
    cases = pairs.map((p, i) => ({ ...p, score: scores[i]!, groupNum: 1 }));
  }
  if (cases.length === 0) throw new PackageError(`[${title}] 题目的评测数据不能为空！`);

  let judgeMode = 'default';
  let spjCode: string | null = null;
  let spjLanguage: string | null = null;
  const checkerName = str(config.checker);
  const interactorName = str(config.interactor);
  if (str(config.type) === 'interactive' && interactorName) {
    judgeMode = 'interactive';
    spjCode = utf8(file(interactorName, '交互程序'));
    spjLanguage = /(cc|cpp)$/.test(interactorName) ? 'C++' : 'C';
  } else if (checkerName) {
    judgeMode = 'spj';
    spjCode = utf8(file(checkerName, '特殊判题程序'));
    spjLanguage = /(cc|cpp)$/.test(checkerName) ? 'C++' : 'C';
  }

  let languages: string[] | null = null;
  if (Array.isArray(config.langs)) {
    languages = (config.langs as unknown[]).map((k) => {
      const name = hydroLanguage(str(k) ?? '');
      if (!name) throw new PackageError(`[${title}] 题目的语言 ${str(k)} 无法识别！`);
      return name;
    });
  }
  const extras = (key: string): string | null => {
    const list = config[key];
    if (!Array.isArray(list) || list.length === 0) return null;
    return JSON.stringify(Object.fromEntries(list.map((n) => [str(n) ?? '', utf8(file(n, '额外'))])));
  };
  const { description, examples } = splitHydroMarkdown(utf8(md));
  const pid = str(meta.pid);
  return {
    values: {
      problem_id: pid && pid !== 'null' ? pid : null,
      title,
      description,
      input: '',
      output: '',
      examples,
      type: 1,
      difficulty: 1,
      auth: 1,
      time_limit: parseHydroTime(config.time) ?? 1000,
      memory_limit: parseHydroMemory(config.memory) ?? 256,
      judge_mode: judgeMode,
      judge_case_mode: caseMode,
      spj_code: spjCode,
      spj_language: spjLanguage,
      user_extra_file: extras('user_extra_files'),
      judge_extra_file: extras('judge_extra_files'),
      is_upload_case: true,
      is_group: false,
    },
    languages,
    tags: Array.isArray(meta.tag) ? meta.tag.map((t) => str(t)).filter((t): t is string => !!t) : [],
    templates: [],
    cases,
  };
}

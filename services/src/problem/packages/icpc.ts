// ICPC / Kattis problem packages, legacy and 2023-07 (problem_format_version). Read here:
// problem.yaml (name, type: pass-fail / scoring / interactive and `type:` lists, legacy
// `validation`, limits, keywords, source), the statement (legacy problem_statement/, 2023-07
// statement/; Markdown or LaTeX text), data/sample and data/secret with their groups and
// testdata.yaml (icpc/testdata.ts), the output validator with every file of its folder
// (icpc/validator.ts) or the default validator with its flags (icpc/default-validator.ts),
// symbolic links inside the zip (icpc/zip-links.ts), and the shipped submissions
// (icpc/submissions.ts). Whatever this judge cannot reproduce refuses the package by name
// (docs/compat.md BO17); input validators are not run.
import { parse as parseYaml } from 'yaml';
import { formatExamples } from '../rules';
import { normalizeData } from '../testcases';
import { utf8, type ZipEntries } from '../zip';
import type { CheckerCompilePort } from '../ports';
import { PackageError, type ImportedCase, type ImportedProblem } from './types';
import { parseValidatorFlags, VALIDATOR_FLAGS_FILE } from './icpc/default-validator';
import { readSubmissions } from './icpc/submissions';
import { readCases } from './icpc/testdata';
import { buildKattisChecker, validatorFiles } from './icpc/validator';
import { readTimeLimit } from './icpc/time-limit';
import { resolveSymlinks, symlinkNames } from './icpc/zip-links';

type Yaml = Record<string, unknown>;

/** Time limit (ms) when the package gives none and it is not derived (an import without verification). */
export const FALLBACK_TIME_MS = 1000;
/** Memory limit (MiB) when the package sets none: the 2023-07 typical system default; legacy: problemtools' default. */
export const DEFAULT_MEMORY_MB = { modern: 2048, legacy: 1024 } as const;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function findIcpcRoots(entries: ZipEntries): string[] {
  return [...entries.keys()]
    .filter((n) => n === 'problem.yaml' || /^[^/]+\/problem\.yaml$/.test(n))
    .map((n) => n.slice(0, -'problem.yaml'.length))
    .sort();
}

/** The problems of a package; `raw` (the zip's bytes) lets symbolic links be found and resolved. */
export function parseIcpcPackage(entries: ZipEntries, raw?: Uint8Array): ImportedProblem[] {
  if (raw) entries = resolveSymlinks(entries, symlinkNames(raw));
  const roots = findIcpcRoots(entries);
  if (!roots.length) throw new PackageError('请上传ICPC/Kattis题目包：压缩包里缺少 problem.yaml！');
  return roots.map((root) => parseOne(entries, root));
}

/**
 * The package's problems once each checker (output validator wrapper, or the default validator)
 * compiles: a validator that cannot be built refuses the whole package with the compiler's
 * message. Without a compiler on this host (the port answers 400), or when the check runs out of
 * its time, the runners' compile decides.
 */
export async function parseIcpcPackageChecked(
  entries: ZipEntries,
  raw: Uint8Array,
  compiler: CheckerCompilePort | undefined,
): Promise<ImportedProblem[]> {
  const problems = parseIcpcPackage(entries, raw);
  if (!compiler) return problems;
  for (const p of problems) {
    const v = p.values;
    if (!v.spj_code) continue;
    const r = await compiler.compile({
      kind: v.judge_mode === 'interactive' ? 'interactive' : 'spj',
      code: v.spj_code,
      language: v.spj_language === 'SPJ-C' ? 'C' : 'C++',
      extraFiles: v.judge_extra_file ? (JSON.parse(v.judge_extra_file) as Record<string, string>) : {},
    });
    // `compiler exit null`: the check was killed at its time limit (a loaded host), not a compile error
    if (!r.ok && r.status === 500 && r.msg !== 'compiler exit null')
      throw new PackageError(`[${v.title}] 输出校验器无法编译，未导入任何题目：\n${r.msg.slice(0, 4000)}`);
  }
  return problems;
}

function parseOne(entries: ZipEntries, root: string): ImportedProblem {
  const get = (p: string) => entries.get(root + p);
  let meta: Yaml;
  try {
    meta = (parseYaml(utf8(get('problem.yaml')!)) as Yaml | null) ?? {};
  } catch (err) {
    throw new PackageError(`problem.yaml 格式错误：${(err as Error).message}`);
  }
  const dirName = root.replace(/\/$/, '');
  const nameField = meta.name;
  const title =
    (typeof nameField === 'object' && nameField
      ? str((nameField as Yaml).en ?? Object.values(nameField as Yaml)[0])
      : str(nameField)
    ).trim() || dirName;
  if (!title) throw new PackageError('problem.yaml 缺少 name！');
  const refuse = (why: string): never => {
    throw new PackageError(`[${title}] ${why}，无法如实导入！`);
  };

  const version = str(meta.problem_format_version) || 'legacy';
  const modern = /^2023-07(-draft)?$/.test(version);
  if (!modern && version !== 'legacy' && version !== 'legacy-icpc')
    refuse(`problem_format_version ${version} 暂不支持（支持 legacy 与 2023-07）`);

  // type: a string or a list (2023-07); legacy: type + validation
  const types = Array.isArray(meta.type) ? meta.type.map(str) : [str(meta.type) || 'pass-fail'];
  for (const t of types)
    if (!['pass-fail', 'scoring', 'interactive'].includes(t)) refuse(`题目类型 ${t} 暂不支持`);
  const validation = str(meta.validation) || 'default';
  if (!['default', 'custom', 'custom interactive'].includes(validation))
    refuse(`validation: ${validation} 暂不支持`);
  if (modern && meta.validation !== undefined) refuse('2023-07 格式中不应有 validation（请用 type）');
  const scoring = types.includes('scoring');
  const interactive = types.includes('interactive') || validation === 'custom interactive';
  for (const key of ['include', 'includes'])
    if ([...entries.keys()].some((n) => n.startsWith(`${root}${key}/`)))
      refuse(`${key}/（随提交一起编译的文件）暂不支持`);
  if ([...entries.keys()].some((n) => n.startsWith(`${root}static_validator/`)))
    refuse('static_validator 暂不支持');

  // limits
  const limits = (meta.limits as Yaml | undefined) ?? {};
  if (typeof limits !== 'object' || Array.isArray(limits)) refuse('limits 必须是映射');
  const timelimitFile = get('.timelimit');
  const time = readTimeLimit(limits, timelimitFile ? utf8(timelimitFile) : undefined, modern, refuse);
  const memory = Number(str(limits.memory)) || (modern ? DEFAULT_MEMORY_MB.modern : DEFAULT_MEMORY_MB.legacy);

  // statement
  const statementDir = modern ? 'statement/' : 'problem_statement/';
  const statementNames = [...entries.keys()]
    .filter((n) => n.startsWith(root + statementDir) && /\/problem(\.[A-Za-z-]+)?\.(md|tex)$/.test(n))
    .map((n) => n.slice(root.length));
  const rank = (n: string) =>
    (/\.en\.|problem\.(md|tex)$/.test(n) ? 0 : /\.zh/.test(n) ? 1 : 2) + (n.endsWith('.md') ? 0 : 0.5);
  statementNames.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  const statement = statementNames[0] ? get(statementNames[0]) : undefined;
  let description = statement ? utf8(statement).trim() : '';

  // test data and groups
  const data = readCases(entries, root, { title, interactive, modern, scoring });
  const problemArgs = modern ? [] : str(meta.validator_flags).split(/\s+/).filter(Boolean);
  const validatorArgs = [...problemArgs, ...data.validatorArgs];

  // output validator: custom (every file of its folder), else the default one with its flags
  const found = validatorFiles(entries, root, title);
  const custom = validation.startsWith('custom') || interactive || (modern && !!found);
  let judgeMode = 'spj';
  let checker: { code: string | null; language: string | null; extraFiles: Record<string, string> };
  if (custom) {
    if (!found) refuse(`需要自定义输出校验器，但缺少 ${modern ? 'output_validator/' : 'output_validators/'}`);
    checker = buildKattisChecker(found!.files, found!.dir, { title, interactive, args: validatorArgs });
    if (interactive) judgeMode = 'interactive';
  } else {
    // the runner's own token comparison with the flags (kept as the words, never empty)
    parseValidatorFlags(validatorArgs, title);
    judgeMode = 'default';
    checker = {
      code: null,
      language: null,
      extraFiles: { [VALIDATOR_FLAGS_FILE]: `${validatorArgs.join(' ')}\n` },
    };
  }

  const cases: ImportedCase[] = data.cases.map((c, i) => ({
    inputName: `${i + 1}.in`,
    outputName: `${i + 1}.out`,
    input: normalizeData(c.input),
    output: normalizeData(c.output),
    score: scoring ? c.score : 0,
    groupNum: scoring ? c.groupNum : 1,
  }));
  const samples = data.cases.filter((c) => c.sample);
  if (interactive && data.interactions.length)
    description += `\n\n${data.interactions.map((t) => '```\n' + t.trimEnd() + '\n```').join('\n\n')}`;

  const keywords = meta.keywords;
  const tags = Array.isArray(keywords)
    ? keywords.map(str).filter(Boolean)
    : str(keywords)
        .split(/[\s,]+/)
        .filter(Boolean);
  const sourceField = meta.source;
  const source = Array.isArray(sourceField)
    ? sourceField.map((s) => (typeof s === 'object' && s ? str((s as Yaml).name) : str(s))).join(', ')
    : typeof sourceField === 'object' && sourceField
      ? str((sourceField as Yaml).name)
      : str(sourceField);
  return {
    values: {
      problem_id: null,
      title,
      description,
      input: '',
      output: '',
      examples: interactive
        ? ''
        : formatExamples(samples.map((s) => ({ input: utf8(s.input), output: utf8(s.output) }))),
      type: scoring ? 1 : 0,
      difficulty: 1,
      auth: 1,
      time_limit: time.fixedMs ?? FALLBACK_TIME_MS,
      memory_limit: memory,
      judge_mode: judgeMode,
      judge_case_mode: scoring ? 'subtask_lowest' : 'default',
      spj_code: checker.code,
      spj_language: checker.language,
      judge_extra_file: Object.keys(checker.extraFiles).length ? JSON.stringify(checker.extraFiles) : null,
      is_upload_case: true,
      is_group: false,
      source: source || 'ICPC/Kattis',
    },
    languages: null,
    tags,
    templates: [],
    cases,
    solutions: readSubmissions(entries, root),
    ...(time.fixedMs === null ? { timeLimitFromAccepted: time.rule } : {}),
  };
}

// ICPC / Kattis problem packages (problem package format): problem.yaml, the statement
// (problem_statement/problem[.en].md or .tex), data/sample and data/secret (*.in with *.ans;
// secret subfolders become subtask groups of a scoring problem), an optional custom output
// validator (output_validators/<name>/*.cpp|*.cc|*.c). The validator speaks the Kattis protocol
// (`validator input answer feedback_dir < team_output`, exit 42 accept / 43 wrong answer); it is
// wrapped into a special judge of this platform's protocol (`spj input user_output answer`, exit 0
// accept / 102 wrong answer). Input validators are not run; interactive problems are refused.
import { parse as parseYaml } from 'yaml';
import { defaultScores, formatExamples } from '../rules';
import { normalizeData } from '../testcases';
import { utf8, type ZipEntries } from '../zip';
import { PackageError, type ImportedCase, type ImportedProblem } from './types';

type Yaml = Record<string, unknown>;

/** The wrapper around a Kattis output validator: the validator's main and exit() are renamed. */
export function wrapKattisValidator(source: string): string {
  return [
    '#include <bits/stdc++.h>',
    '#include <unistd.h>',
    '#include <stdlib.h>',
    '#include <sys/stat.h>',
    "// Kattis exit codes 42 (accept) / 43 (wrong answer) → this judge's 0 / 102; anything else is a judge error (103).",
    'static int oj_kattis_code(int c) { fflush(stdout); fflush(stderr); return c == 42 ? 0 : c == 43 ? 102 : 103; }',
    '[[noreturn]] static void oj_kattis_exit(int c) { _exit(oj_kattis_code(c)); }',
    'namespace std { [[noreturn]] inline void oj_kattis_exit_std(int c) { _exit(oj_kattis_code(c)); } }',
    '#define main oj_kattis_validator_main',
    '#define exit(c) oj_kattis_exit(c)',
    '#line 1 "output_validator"',
    source.replace(/std::exit\s*\(/g, 'std::oj_kattis_exit_std('),
    '#undef main',
    '#undef exit',
    'int main(int argc, char **argv) {',
    '  if (argc < 4 || !freopen(argv[2], "r", stdin)) return 103;',
    '  char dir[] = "/tmp/oj-feedback-XXXXXX";',
    '  if (!mkdtemp(dir)) return 103;',
    '  std::string feedback = std::string(dir) + "/";',
    '  char *args[] = {argv[0], argv[1], argv[3], (char *)feedback.c_str(), nullptr};',
    '  return oj_kattis_code(oj_kattis_validator_main(4, args));',
    '}',
    '',
  ].join('\n');
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function findIcpcRoots(entries: ZipEntries): string[] {
  return [...entries.keys()]
    .filter((n) => n === 'problem.yaml' || /^[^/]+\/problem\.yaml$/.test(n))
    .map((n) => n.slice(0, -'problem.yaml'.length))
    .sort();
}

export function parseIcpcPackage(entries: ZipEntries): ImportedProblem[] {
  const roots = findIcpcRoots(entries);
  if (!roots.length) throw new PackageError('请上传ICPC/Kattis题目包：压缩包里缺少 problem.yaml！');
  return roots.map((root) => parseOne(entries, root));
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
  const validation = str(meta.validation) || 'default';
  if (validation.includes('interactive'))
    throw new PackageError(`[${title}] 暂不支持交互式的 ICPC/Kattis 题目！`);

  const statement =
    get('problem_statement/problem.en.md') ??
    get('problem_statement/problem.md') ??
    get('statement/problem.en.md') ??
    get('problem_statement/problem.en.tex') ??
    get('problem_statement/problem.tex');
  const description = statement ? utf8(statement).trim() : '';

  // limits: problem.yaml limits (2023 format: time_limit seconds, memory MiB) or the .timelimit file
  const limits = (meta.limits as Yaml | undefined) ?? {};
  const seconds =
    Number(str(limits.time_limit)) || Number(get('.timelimit') ? utf8(get('.timelimit')!).trim() : '') || 1;
  const memory = Number(str(limits.memory)) || 256;

  const caseFiles = (dir: string) =>
    [...entries.keys()]
      .filter((n) => n.startsWith(root + dir) && n.endsWith('.in'))
      .map((n) => n.slice(root.length))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const pairOf = (inName: string) => {
    const ans = inName.replace(/\.in$/, '.ans');
    const input = get(inName);
    const output = get(ans);
    if (!input || !output) throw new PackageError(`[${title}] 测试点 ${inName} 缺少答案文件 ${ans}！`);
    return { inName, input, output };
  };
  const samples = caseFiles('data/sample/').map(pairOf);
  const secret = caseFiles('data/secret/').map(pairOf);
  const all = [...samples, ...secret];
  if (!all.length) throw new PackageError(`[${title}] 题目的评测数据不能为空！`);

  const scoring = str(meta.type) === 'scoring';
  // secret subfolders are groups (subtasks) of a scoring problem
  const groupOf = (inName: string) => {
    const rel = inName.slice('data/secret/'.length);
    return rel.includes('/') ? rel.split('/')[0]! : '';
  };
  const groupNames = [...new Set(secret.map((c) => groupOf(c.inName)).filter(Boolean))];
  const subtasks = scoring && groupNames.length > 0;
  const scores = defaultScores(all.length);
  const cases: ImportedCase[] = all.map((c, i) => ({
    inputName: `${i + 1}.in`,
    outputName: `${i + 1}.out`,
    input: normalizeData(c.input),
    output: normalizeData(c.output),
    score: scoring ? (subtasks ? 0 : scores[i]!) : 0,
    groupNum: subtasks ? groupNames.indexOf(groupOf(c.inName)) + 2 : 1,
  }));
  if (subtasks) {
    // every group shares 100 points; samples (group 1) are worth nothing
    const per = defaultScores(groupNames.length);
    for (const c of cases) if (c.groupNum > 1) c.score = per[c.groupNum - 2]!;
  }

  let judgeMode = 'default';
  let spjCode: string | null = null;
  if (validation.startsWith('custom')) {
    const src = [...entries.keys()]
      .filter((n) => n.startsWith(root + 'output_validators/') && /\.(cpp|cc|c)$/.test(n))
      .sort()[0];
    if (!src) throw new PackageError(`[${title}] validation: custom 但缺少 output_validators 中的源文件！`);
    judgeMode = 'spj';
    spjCode = wrapKattisValidator(utf8(entries.get(src)!));
  }
  const keywords = meta.keywords;
  const tags = Array.isArray(keywords)
    ? keywords.map(str).filter(Boolean)
    : str(keywords)
        .split(/[\s,]+/)
        .filter(Boolean);
  return {
    values: {
      problem_id: null,
      title,
      description,
      input: '',
      output: '',
      examples: formatExamples(samples.map((s) => ({ input: utf8(s.input), output: utf8(s.output) }))),
      type: scoring ? 1 : 0,
      difficulty: 1,
      auth: 1,
      time_limit: Math.max(1, Math.round(seconds * 1000)),
      memory_limit: memory,
      judge_mode: judgeMode,
      judge_case_mode: subtasks ? 'subtask_lowest' : 'default',
      spj_code: spjCode,
      spj_language: spjCode ? 'C++' : null,
      is_upload_case: true,
      is_group: false,
      source: str(meta.source) || 'ICPC/Kattis',
    },
    languages: null,
    tags,
    templates: [],
    cases,
  };
}

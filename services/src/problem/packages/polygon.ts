// Polygon full packages (problem.xml at the root): title and statement (problem-properties.json of
// the first statement language, else the statement-sections .tex files), limits of the "tests"
// testset, tests/NN with tests/NN.a answers, points and groups (OI; groups become subtasks), the
// checker (a custom one becomes the special judge; std:: checkers are the default comparison), the
// interactor (with files/testlib.h, or any other header of files/ the source includes, as judge extra
// files for the checker compile), tags, and the tagged solutions (issue #25 item 5) for an import
// verification. Validators and generators are not run: a package without answer files is refused.
import { XMLParser } from 'fast-xml-parser';
import { formatExamples } from '../rules';
import { normalizeData } from '../testcases';
import { utf8, type ZipEntries } from '../zip';
import { PackageError, type ImportedCase, type ImportedProblem, type ShippedSolution } from './types';

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (n) =>
    ['name', 'statement', 'test', 'group', 'tag', 'testset', 'validator', 'file', 'solution'].includes(n),
});
const arr = (v: unknown): Node[] =>
  Array.isArray(v) ? (v as Node[]) : v && typeof v === 'object' ? [v as Node] : [];
const attr = (n: Node | undefined, k: string) => (n ? (n[`@${k}`] as string | undefined) : undefined);
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** `tests/%02d` → `tests/07` for 7. */
export function polygonPath(pattern: string, n: number): string {
  return pattern.replace(/%0?(\d*)d/, (_m, w: string) => String(n).padStart(Number(w) || 0, '0'));
}

/**
 * Verdict names a Polygon solution tag expects (problem.xml's tag values, and the short marks of
 * Polygon's solutions page); any one is a match. Undefined = not run (do-not-run, unknown tags).
 */
const ANY_REJECTION = ['WA', 'TLE', 'MLE', 'RTE', 'PE', 'PA', 'CE'];
const POLYGON_TAGS: Record<string, string[]> = {
  main: ['AC'],
  accepted: ['AC'],
  'wrong-answer': ['WA'],
  'presentation-error': ['PE', 'WA'],
  'time-limit-exceeded': ['TLE'],
  'time-limit-exceeded-or-accepted': ['TLE', 'AC'],
  'time-limit-exceeded-or-memory-limit-exceeded': ['TLE', 'MLE'],
  'memory-limit-exceeded': ['MLE'],
  failed: ['RTE'],
  'runtime-error': ['RTE'],
  rejected: ANY_REJECTION,
  ma: ['AC'],
  ok: ['AC'],
  wa: ['WA'],
  pe: ['PE', 'WA'],
  tl: ['TLE'],
  ml: ['MLE'],
  re: ['RTE'],
  rj: ANY_REJECTION,
  to: ['TLE', 'AC'],
};

export function polygonTagVerdicts(tag: string): string[] | undefined {
  return POLYGON_TAGS[tag.trim().toLowerCase()];
}

/** A Polygon source type (`cpp.g++17`, `java11`, `python.3`, ...) → a local language name. */
export function polygonLanguage(type: string, path: string): string {
  const t = (type || path.slice(path.lastIndexOf('.') + 1)).toLowerCase();
  if (/^(cpp|c\+\+)|g\+\+|clang\+\+|msvc/.test(t))
    return /20|23|2a|2b/.test(t) ? 'C++ 20 With O2' : /17|1z/.test(t) ? 'C++ 17 With O2' : 'C++ With O2';
  if (/^c\b|^c\.|gcc/.test(t)) return 'C With O2';
  if (/java/.test(t)) return 'Java';
  if (/pypy/.test(t)) return /2/.test(t) ? 'PyPy2' : 'PyPy3';
  if (/python|^py$/.test(t)) return /\.2|python2/.test(t) ? 'Python2' : 'Python3';
  if (/csharp|c#|mono|^cs$/.test(t)) return 'C#';
  if (/^go/.test(t)) return 'Golang';
  if (/rust|^rs$/.test(t)) return 'Rust';
  if (/ruby|^rb$/.test(t)) return 'Ruby';
  if (/php/.test(t)) return 'PHP';
  if (/^js|node|javascript/.test(t)) return 'JavaScript Node';
  if (/kotlin|^kt$/.test(t)) return 'Kotlin';
  if (/^pas|fpc/.test(t)) return 'Pascal';
  if (/haskell|ghc|^hs$/.test(t)) return 'Haskell';
  if (/ocaml|^ml$/.test(t)) return 'OCaml';
  if (/perl|^pl$/.test(t)) return 'Perl';
  if (/^lua/.test(t)) return 'Lua';
  if (/fortran|^f(90|95|03|08)$/.test(t)) return 'Fortran';
  if (/lisp|sbcl/.test(t)) return 'Common Lisp';
  return type || t;
}

/** Packages with a problem.xml at the root, or one folder holding it. */
export function findPolygonRoots(entries: ZipEntries): string[] {
  return [...entries.keys()]
    .filter((n) => n === 'problem.xml' || /^[^/]+\/problem\.xml$/.test(n))
    .map((n) => n.slice(0, -'problem.xml'.length))
    .sort();
}

export function parsePolygonPackage(entries: ZipEntries): ImportedProblem[] {
  const roots = findPolygonRoots(entries);
  if (!roots.length) throw new PackageError('请上传Polygon题目包：压缩包里缺少 problem.xml！');
  return roots.map((root) => parseOne(entries, root));
}

function parseOne(entries: ZipEntries, root: string): ImportedProblem {
  const get = (p: string) => entries.get(root + p);
  let doc: Node;
  try {
    doc = (parser.parse(utf8(get('problem.xml')!)) as Node).problem as Node;
  } catch (err) {
    throw new PackageError(`problem.xml 格式错误：${(err as Error).message}`);
  }
  if (!doc) throw new PackageError('problem.xml 缺少 problem 元素！');
  const shortName = attr(doc, 'short-name') ?? '';
  const names = arr((doc.names as Node | undefined)?.name);
  const english = names.find((n) => attr(n, 'language') === 'english') ?? names[0];
  const title = (attr(english, 'value') ?? shortName).trim();
  if (!title) throw new PackageError('problem.xml 缺少题目名称！');

  // statement: problem-properties.json of the chosen language, else the .tex sections
  const lang = attr(english, 'language') ?? 'english';
  let description = '';
  let input = '';
  let output = '';
  let hint = '';
  let samples: { input: string; output: string }[] = [];
  const props = get(`statements/${lang}/problem-properties.json`);
  if (props) {
    try {
      const j = JSON.parse(utf8(props)) as Record<string, unknown>;
      description = text(j.legend);
      input = text(j.input);
      output = text(j.output);
      hint = text(j.notes);
      samples = (Array.isArray(j.sampleTests) ? (j.sampleTests as Node[]) : []).map((s) => ({
        input: text(s.input),
        output: text(s.output),
      }));
    } catch {
      // fall back to the sections
    }
  }
  const section = (name: string) => {
    const b = get(`statement-sections/${lang}/${name}.tex`);
    return b ? utf8(b).trim() : '';
  };
  description ||= section('legend');
  input ||= section('input');
  output ||= section('output');
  hint ||= section('notes');

  const judging = doc.judging as Node | undefined;
  const testset = arr(judging?.testset).find((t) => attr(t, 'name') === 'tests') ?? arr(judging?.testset)[0];
  if (!testset) throw new PackageError(`[${title}] problem.xml 缺少测试点集合 (testset)！`);
  const timeLimit = Number(text(testset['time-limit'])) || 1000;
  const memoryLimit = Math.max(
    1,
    Math.round((Number(text(testset['memory-limit'])) || 256 * 1048576) / 1048576),
  );
  const inPattern = text(testset['input-path-pattern']) || 'tests/%02d';
  const ansPattern = text(testset['answer-path-pattern']) || 'tests/%02d.a';
  const tests = arr((testset.tests as Node | undefined)?.test);
  const count = Number(text(testset['test-count'])) || tests.length;
  const groups = arr((testset.groups as Node | undefined)?.group);
  const groupIds = new Map(groups.map((g, i) => [attr(g, 'name') ?? String(i), i + 1]));
  const groupPoints = new Map(groups.map((g) => [attr(g, 'name') ?? '', Number(attr(g, 'points') ?? 0)]));
  const hasPoints =
    tests.some((t) => attr(t, 'points') !== undefined) || groups.some((g) => attr(g, 'points') !== undefined);

  const cases: ImportedCase[] = [];
  for (let i = 1; i <= count; i++) {
    const t = tests[i - 1];
    const inName = polygonPath(inPattern, i);
    const ansName = polygonPath(ansPattern, i);
    const inBytes = get(inName);
    const ansBytes = get(ansName);
    if (!inBytes && attr(t, 'method') === 'generated')
      throw new PackageError(
        `[${title}] 测试点 ${i} 由生成器生成（${attr(t, 'cmd') ?? 'script'}），包里没有生成好的 ${inName}：导入时不运行 Polygon 的生成器和 script，请上传包含生成好的测试点的完整包（Polygon 的 "full" 包）！`,
      );
    if (!inBytes || !ansBytes)
      throw new PackageError(
        `[${title}] 缺少测试点文件 ${inName} 或 ${ansName}（请上传包含生成好的测试点的完整 Polygon 包）！`,
      );
    const group = attr(t, 'group');
    const groupNum = group !== undefined ? (groupIds.get(group) ?? 1) : 1;
    const score =
      Number(attr(t, 'points') ?? 0) ||
      (group !== undefined && !attr(t, 'points') ? (groupPoints.get(group) ?? 0) : 0);
    cases.push({
      inputName: `${i}.in`,
      outputName: `${i}.out`,
      input: normalizeData(inBytes),
      output: normalizeData(ansBytes),
      score,
      groupNum,
    });
  }
  if (!cases.length) throw new PackageError(`[${title}] 题目的评测数据不能为空！`);
  if (!samples.length)
    samples = tests
      .map((t, i) => (attr(t, 'sample') === 'true' ? cases[i] : null))
      .filter((c): c is ImportedCase => !!c)
      .map((c) => ({ input: utf8(c.input), output: utf8(c.output) }));

  // checker / interactor
  const assets = doc.assets as Node | undefined;
  const checker = assets?.checker as Node | undefined;
  const interactor = assets?.interactor as Node | undefined;
  const sourceOf = (n: Node | undefined) => {
    const src = n?.source as Node | undefined;
    const path = attr(src, 'path');
    const bytes = path ? get(path) : undefined;
    return bytes ? { code: utf8(bytes), language: /\.c$/.test(path!) ? 'C' : 'C++' } : null;
  };
  let judgeMode = 'default';
  let spj: { code: string; language: string } | null = null;
  if (interactor) {
    spj = sourceOf(interactor);
    if (!spj) throw new PackageError(`[${title}] 交互程序的源文件不存在！`);
    judgeMode = 'interactive';
  } else if (checker && !(attr(checker, 'name') ?? '').startsWith('std::')) {
    spj = sourceOf(checker);
    if (spj) judgeMode = 'spj';
  }
  // Headers of files/ a checker or interactor includes (testlib.h above all) go with it.
  let judgeExtraFiles: Record<string, string> | null = null;
  if (spj) {
    for (const m of spj.code.matchAll(/#\s*include\s*[<"]([^>"]+)[>"]/g)) {
      const name = m[1]!;
      const bytes = get(`files/${name}`) ?? get(name);
      if (bytes) (judgeExtraFiles ??= {})[name] = utf8(bytes);
      else if (name === 'testlib.h')
        throw new PackageError(
          `[${title}] 检查器或交互程序使用了 testlib.h，但包里没有 files/testlib.h（请上传带 files/testlib.h 的完整 Polygon 包）！`,
        );
    }
  }
  const solutions: ShippedSolution[] = [];
  const solutionNodes = arr((assets?.solutions as Node | undefined)?.solution);
  for (const sol of solutionNodes) {
    const src = sol.source as Node | undefined;
    const path = attr(src, 'path');
    const expected = polygonTagVerdicts(attr(sol, 'tag') ?? '');
    const bytes = path ? get(path) : undefined;
    if (!path || !expected || !bytes) continue;
    solutions.push({
      path,
      language: polygonLanguage(attr(src, 'type') ?? '', path),
      code: utf8(bytes),
      expected,
    });
  }
  const tags = arr((doc.tags as Node | undefined)?.tag)
    .map((t) => attr(t, 'value') ?? '')
    .filter(Boolean);
  const subtasks = groups.length > 0 && hasPoints;
  return {
    values: {
      problem_id: null,
      title,
      description,
      input,
      output,
      hint,
      examples: formatExamples(samples),
      type: hasPoints ? 1 : 0,
      difficulty: 1,
      auth: 1,
      time_limit: timeLimit,
      memory_limit: memoryLimit,
      judge_mode: judgeMode,
      judge_case_mode: subtasks ? 'subtask_lowest' : 'default',
      spj_code: spj?.code ?? null,
      spj_language: spj?.language ?? null,
      ...(judgeExtraFiles ? { judge_extra_file: JSON.stringify(judgeExtraFiles) } : {}),
      is_upload_case: true,
      is_group: false,
      source: shortName ? `Polygon: ${shortName}` : 'Polygon',
    },
    languages: null,
    tags,
    templates: [],
    cases,
    ...(solutions.length ? { solutions } : {}),
  };
}

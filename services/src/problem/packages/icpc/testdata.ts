// Test data groups of a Kattis package (data/sample, data/secret and its subfolders) and their
// settings (legacy `testdata.yaml`; 2023-07 `testdata.yaml` / `test_group.yaml`), mapped onto
// this judge's cases: a scoring problem becomes OI in the subtask_lowest mode where a group
// aggregated by `min` is one subtask worth its accept_score and a group aggregated by `sum` gives
// each case its own subtask worth accept_score (so the sum is the same); samples are a group like
// any other (worth their accept_score: 1 each by default in legacy, 0 in 2023-07). Grading that
// this judge cannot reproduce is refused by name.
import { parse as parseYaml } from 'yaml';
import { utf8, type ZipEntries } from '../../zip';
import { PackageError } from '../types';

type Yaml = Record<string, unknown>;

export interface KattisCase {
  /** Path from the package root, e.g. `data/secret/g1/01.in`. */
  inName: string;
  input: Uint8Array;
  output: Uint8Array;
  sample: boolean;
  /** Folder of the case below data/, e.g. `secret/g1`. */
  group: string;
  score: number;
  groupNum: number;
}

export interface GroupSettings {
  acceptScore: number;
  rejectScore: number;
  onReject: string;
  aggregation: string;
  graderFlags: string[];
  grading: string;
  range: string | null;
  validatorArgs: string[];
}

const SETTINGS_FILES = ['testdata.yaml', 'test_group.yaml'];

const words = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => String(x)) : typeof v === 'string' ? v.split(/\s+/).filter(Boolean) : [];

/** Every case of the package in the format's order (lexicographic by path), `.ans` required unless interactive. */
export function readCases(
  entries: ZipEntries,
  root: string,
  opts: { title: string; interactive: boolean; modern: boolean; scoring: boolean },
): { cases: KattisCase[]; validatorArgs: string[]; interactions: string[] } {
  const { title } = opts;
  const refuse = (why: string): never => {
    throw new PackageError(`[${title}] ${why}，无法如实导入！`);
  };
  const names = [...entries.keys()]
    .filter((n) => n.startsWith(`${root}data/`))
    .map((n) => n.slice(root.length));
  const ins = names.filter(
    (n) => n.endsWith('.in') && (n.startsWith('data/sample/') || n.startsWith('data/secret/')),
  );
  ins.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const settingsCache = new Map<string, Yaml>();
  const ownSettings = (dir: string): Yaml => {
    if (settingsCache.has(dir)) return settingsCache.get(dir)!;
    let y: Yaml = {};
    for (const f of SETTINGS_FILES) {
      const bytes = entries.get(`${root}${dir}/${f}`);
      if (!bytes) continue;
      try {
        y = { ...y, ...((parseYaml(utf8(bytes)) as Yaml | null) ?? {}) };
      } catch (err) {
        refuse(`${dir}/${f} 格式错误（${(err as Error).message}）`);
      }
    }
    settingsCache.set(dir, y);
    return y;
  };
  /** Settings of a folder: legacy keys are inherited from the closest ancestor that sets them. */
  const settingsOf = (dir: string): GroupSettings => {
    const chain: string[] = [];
    for (let d = dir; d; d = d.includes('/') ? d.slice(0, d.lastIndexOf('/')) : '') chain.unshift(d);
    const merged: Yaml = {};
    for (const d of chain) Object.assign(merged, ownSettings(d));
    const own = ownSettings(dir);
    const sample = dir === 'data/sample';
    const known = new Set([
      'accept_score',
      'reject_score',
      'on_reject',
      'grading',
      'grader_flags',
      'range',
      'input_validator_flags',
      'output_validator_flags',
      'input_validator_args',
      'output_validator_args',
      'scoring',
      'full_feedback',
      'hint',
      'description',
      'args',
      'static_validation',
    ]);
    for (const d of chain)
      for (const k of Object.keys(ownSettings(d))) if (!known.has(k)) refuse(`${d} 的设置 ${k} 暂不支持`);
    if (merged.args !== undefined && words(merged.args).length)
      refuse(`${dir} 的 args（程序命令行参数）暂不支持`);
    if (merged.static_validation) refuse(`${dir} 的 static_validation 暂不支持`);
    // 2023-07 `scoring` map (not inherited): score and aggregation of this group
    const scoring = (own.scoring as Yaml | undefined) ?? {};
    for (const k of Object.keys(scoring))
      if (!['score', 'aggregation'].includes(k)) refuse(`${dir} 的 scoring.${k} 暂不支持`);
    const flags = words(merged.grader_flags);
    const aggregation =
      str(scoring.aggregation) || flags.find((f) => ['sum', 'min', 'max', 'avg'].includes(f)) || 'sum';
    const defaultAccept = sample ? (opts.modern ? 0 : 1) : 1;
    const acceptRaw = scoring.score ?? merged.accept_score ?? defaultAccept;
    return {
      acceptScore: Number(acceptRaw),
      rejectScore: Number(merged.reject_score ?? 0),
      onReject: str(merged.on_reject) || 'break',
      aggregation,
      graderFlags: flags,
      grading: str(merged.grading) || 'default',
      range: merged.range === undefined ? null : String(merged.range),
      validatorArgs: words(merged.output_validator_flags ?? merged.output_validator_args),
    };
  };

  const cases: KattisCase[] = [];
  const interactions: string[] = [];
  for (const n of names)
    if (n.startsWith('data/sample/') && n.endsWith('.interaction'))
      interactions.push(utf8(entries.get(root + n)!));
  for (const inName of ins) {
    const ansName = inName.replace(/\.in$/, '.ans');
    const input = entries.get(root + inName)!;
    const output = entries.get(root + ansName);
    if (!output && !opts.interactive) refuse(`测试点 ${inName} 缺少答案文件 ${ansName}`);
    const group = inName.slice('data/'.length, inName.lastIndexOf('/'));
    if (names.some((x) => x.startsWith(inName.replace(/\.in$/, '.files/'))))
      refuse(`测试点 ${inName} 的 .files 目录（文件输入）暂不支持`);
    cases.push({
      inName,
      input,
      output: output ?? new Uint8Array(0),
      sample: inName.startsWith('data/sample/'),
      group,
      score: 0,
      groupNum: 1,
    });
  }
  if (!cases.length) refuse('题目的评测数据为空');

  // settings of every folder holding cases, and of the folders above them
  const groups = [...new Set(cases.map((c) => c.group))];
  const settings = new Map(groups.map((g) => [g, settingsOf(`data/${g}`)]));
  const args = new Set(groups.map((g) => JSON.stringify(settings.get(g)!.validatorArgs)));
  if (args.size > 1) refuse('不同测试组的输出校验器参数不同（暂不支持）');
  const validatorArgs = settings.get(groups[0]!)!.validatorArgs;
  const above = new Set<string>(['data']);
  for (const g of groups) {
    const parts = `data/${g}`.split('/');
    for (let i = 1; i < parts.length; i++) above.add(parts.slice(0, i).join('/'));
  }
  for (const [g, s] of settings) checkGrading(`data/${g}`, s, refuse);
  for (const d of above) {
    if (groups.includes(d.slice('data/'.length))) continue;
    const s = settingsOf(d);
    checkGrading(d, s, refuse);
    if (opts.scoring && s.aggregation !== 'sum')
      refuse(`${d} 用 ${s.aggregation} 汇总子测试组（仅支持 sum）`);
  }

  if (!opts.scoring) return { cases, validatorArgs, interactions };
  let next = 1;
  for (const g of groups) {
    const s = settings.get(g)!;
    const members = cases.filter((c) => c.group === g);
    if (!Number.isInteger(s.acceptScore) || s.acceptScore < 0)
      refuse(`data/${g} 的 accept_score ${s.acceptScore} 不是非负整数`);
    if (s.aggregation === 'min') {
      for (const c of members) Object.assign(c, { score: s.acceptScore, groupNum: next });
      next += 1;
    } else if (s.aggregation === 'sum') {
      if (s.onReject === 'break' && members.length > 1 && s.acceptScore > 0)
        refuse(`data/${g} 以 sum 汇总且 on_reject: break（失败后其余测试点不评也不得分）`);
      for (const c of members) Object.assign(c, { score: s.acceptScore, groupNum: next++ });
    } else refuse(`data/${g} 以 ${s.aggregation} 汇总测试点（仅支持 sum、min）`);
    const most = s.aggregation === 'min' ? s.acceptScore : s.acceptScore * members.length;
    if (s.range) {
      const [lo, hi] = s.range.split(/\s+/).map(Number);
      if (!(lo! <= 0 && hi! >= most)) refuse(`data/${g} 的 range ${s.range} 会截断分数`);
    }
  }
  return { cases, validatorArgs, interactions };
}

function checkGrading(dir: string, s: GroupSettings, refuse: (why: string) => never): void {
  if (s.grading !== 'default') refuse(`${dir} 使用 grading: ${s.grading}（自定义评分程序）`);
  if (s.rejectScore !== 0) refuse(`${dir} 的 reject_score 不为 0`);
  if (!['break', 'continue'].includes(s.onReject)) refuse(`${dir} 的 on_reject: ${s.onReject}`);
  for (const f of s.graderFlags)
    if (!['sum', 'min', 'first_error'].includes(f)) refuse(`${dir} 的 grader_flags ${f} 暂不支持`);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

// FPS (FreeProblemSet) XML (groups-admin-files.md §7.3), read with fast-xml-parser.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatExamples, normalizeNewlines } from '../rules';
import { PackageError, type ImportedCase, type ImportedProblem } from './types';

const encoder = new TextEncoder();
const TEMPLATE_LANGUAGES: Record<string, string> = {
  C: 'C',
  'C++': 'C++',
  Java: 'Java',
  Python: 'Python3',
  Go: 'Golang',
  'C#': 'C#',
};

type Node = string | number | { '#text'?: string | number; [attr: string]: unknown };

const text = (n: Node | undefined): string | null => {
  if (n == null) return null;
  if (typeof n === 'string' || typeof n === 'number') return String(n);
  const t = n['#text'];
  return t == null ? '' : String(t);
};
const attr = (n: Node | undefined, name: string): string | null =>
  n != null && typeof n === 'object' && typeof n[`@_${name}`] === 'string'
    ? (n[`@_${name}`] as string)
    : null;

const ARRAYS = new Set([
  'item',
  'sample_input',
  'sample_output',
  'test_input',
  'test_output',
  'template',
  'spj',
  'img',
]);

/** Reads every `<item>`; a broken document or item refuses the whole file. */
export function parseFps(xml: string): ImportedProblem[] {
  // No DTD at all: external entities (XXE) and entity expansion bombs are refused up front
  // (FPS files declare none; the original answered HTTP 500; docs/compat.md X22).
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new PackageError('FPS文件不能包含DOCTYPE或实体声明！');
  if (XMLValidator.validate(xml) !== true) throw new PackageError('读取xml失败，请检查FPS文件格式是否准确！');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    isArray: (name) => ARRAYS.has(name),
  });
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new PackageError('读取xml失败，请检查FPS文件格式是否准确！');
  }
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?'));
  const root = rootName ? (doc[rootName] as Record<string, unknown>) : undefined;
  const items =
    (root && typeof root === 'object' ? (root.item as Record<string, Node[] | Node>[]) : undefined) ?? [];
  if (items.length === 0) throw new PackageError('读取xml失败，请检查FPS文件格式是否准确！');
  const version = attr(root as Node, 'version') ?? '';
  return items.map((item) => parseItem(item, version));
}

function parseItem(item: Record<string, Node[] | Node>, version: string): ImportedProblem {
  const one = (name: string) => item[name] as Node | undefined;
  const many = (name: string) => (item[name] as Node[] | undefined) ?? [];
  const title = text(one('title'))?.trim();
  if (!title) throw new PackageError('读取xml失败：存在没有标题（title）的题目！');
  const field = (name: string) => {
    const value = text(one(name));
    if (value == null) throw new PackageError(`[${title}] 题目缺少 ${name} 字段，请检查FPS文件！`);
    return value;
  };
  const tests = many('test_input');
  if (tests.length === 0)
    throw new PackageError(
      `[${title}] 题目的评测数据不能为空，请检查FPS文件内该题目是否有test_input和test_output!`,
    );
  const outputs = many('test_output');
  const cases: ImportedCase[] = tests.map((t, i) => ({
    inputName: `${i + 1}.in`,
    outputName: `${i + 1}.out`,
    input: encoder.encode(normalizeNewlines(text(t) ?? '')),
    output: encoder.encode(normalizeNewlines(text(outputs[i]) ?? '')),
    score: 0,
    groupNum: 1,
  }));
  const sampleIn = many('sample_input');
  const sampleOut = many('sample_output');
  const examples = formatExamples(
    sampleIn.map((s, i) => ({ input: text(s) ?? '', output: text(sampleOut[i]) ?? '' })),
  );
  const spj = many('spj')[0];
  const spjLanguage = spj ? (attr(spj, 'language') === 'C' ? 'C' : 'C++') : null;
  return {
    values: {
      title,
      description: field('description'),
      input: field('input'),
      output: field('output'),
      hint: field('hint'),
      source: field('source'),
      examples,
      time_limit: timeLimitMs(one('time_limit'), version, title),
      memory_limit: memoryLimitMb(one('memory_limit'), version, title),
      type: 0,
      difficulty: 1,
      auth: 1,
      judge_mode: spj ? 'spj' : 'default',
      judge_case_mode: 'default',
      spj_code: spj ? text(spj) : null,
      spj_language: spjLanguage,
      is_upload_case: true,
      is_group: false,
    },
    languages: null,
    tags: [],
    templates: many('template')
      .map((t) => ({ language: TEMPLATE_LANGUAGES[attr(t, 'language') ?? ''] ?? '', code: text(t) ?? '' }))
      .filter((t) => t.language && t.code),
    cases,
  };
}

function timeLimitMs(node: Node | undefined, version: string, title: string): number {
  const value = Number(text(node)?.trim());
  if (!Number.isFinite(value) || value <= 0) throw new PackageError(`[${title}] 题目的时间限制格式错误！`);
  const unit = (attr(node, 'unit') ?? 's').toLowerCase();
  if (unit === 'ms') return Math.max(1, Math.round(value));
  if (unit === 's' || version === '1.1') return Math.max(1, Math.round(value * 1000));
  throw new PackageError(`[${title}] 题目的时间限制单位错误：${unit}`);
}

function memoryLimitMb(node: Node | undefined, version: string, title: string): number {
  const value = Number(text(node)?.trim());
  if (!Number.isFinite(value) || value <= 0) throw new PackageError(`[${title}] 题目的内存限制格式错误！`);
  const unit = (attr(node, 'unit') ?? 'mb').toLowerCase();
  if (version === '1.1' || unit === 'mb') return Math.max(1, Math.round(value));
  // The original turned kb into a 0 MB limit; a real conversion is kept here instead.
  if (unit === 'kb') return Math.max(1, Math.ceil(value / 1024));
  throw new PackageError(`[${title}] 题目的内存限制单位错误：${unit}`);
}

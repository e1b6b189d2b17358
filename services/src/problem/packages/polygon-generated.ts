// Polygon tests made by the package's generators (issue #25 item 5; docs/compat.md PV4): a test's
// `cmd` is read as Polygon's script reads a line (the generator's name, then its arguments, an
// optional `> $` or `> N` naming the test it writes); the generators are the package's executables
// (files/<name>.<ext>), compiled with the headers of files/ they include. The runner generates.
import { utf8 } from '../zip';
import { PackageError, type TestGeneration } from './types';

type Node = Record<string, unknown>;

/** One generated test's command, read: the generator's name and its arguments. */
export interface GeneratorCommand {
  generator: string;
  args: string[];
}

/**
 * Reads `gen 1 2`, `gen 1 2 > $` or `gen 1 2 > 7` (test 7 only). Refused by name: the multi-output
 * form `> {1-3}` (one run writing several tests), other redirections and quoted arguments.
 */
export function parseGeneratorCommand(cmd: string, testIndex: number, title: string): GeneratorCommand {
  const refuse = (why: string) =>
    new PackageError(`[${title}] 测试点 ${testIndex} 的生成命令 "${cmd}" 不受支持：${why}`);
  let line = cmd.trim();
  const redirect = /\s*>\s*(\S+)\s*$/.exec(line);
  if (redirect) {
    const target = redirect[1]!;
    if (/^\{.*\}$/.test(target))
      throw refuse(`一次生成多个测试点的写法 "> ${target}"（Polygon 的 multigen）未实现`);
    if (target !== '$' && target !== String(testIndex))
      throw refuse(`"> ${target}" 写入的不是第 ${testIndex} 个测试点`);
    line = line.slice(0, redirect.index);
  }
  if (/[<>|"'`]/.test(line))
    throw refuse('只支持 "生成器 参数…"、"> $" 和 "> 测试点编号"（不支持引号和其他重定向）');
  const [generator, ...args] = line.split(/\s+/).filter(Boolean);
  if (!generator) throw refuse('缺少生成器名称');
  return { generator, args };
}

const baseName = (path: string) => {
  const file = path.slice(path.lastIndexOf('/') + 1);
  return file.includes('.') ? file.slice(0, file.lastIndexOf('.')) : file;
};

/**
 * The generators a package's commands name, from its `<files><executables>` sources (else
 * `files/<name>.cpp`), with the headers of files/ they include.
 */
export function readGenerators(
  doc: Node,
  get: (path: string) => Uint8Array | undefined,
  names: Set<string>,
  title: string,
  languageOf: (type: string, path: string) => string,
): Pick<TestGeneration, 'generators' | 'generatorFiles'> {
  const files = doc.files as Node | undefined;
  const executables = (files?.executables as Node | undefined)?.executable;
  const list = (Array.isArray(executables) ? executables : executables ? [executables] : []) as Node[];
  const sources = new Map<string, { path: string; type: string }>();
  for (const e of list) {
    const src = e.source as Node | undefined;
    const path = src?.['@path'];
    if (typeof path === 'string') sources.set(baseName(path), { path, type: String(src?.['@type'] ?? '') });
  }
  const generators: TestGeneration['generators'] = {};
  const generatorFiles: Record<string, string> = {};
  for (const name of names) {
    const src = sources.get(name) ?? { path: `files/${name}.cpp`, type: '' };
    const bytes = get(src.path);
    if (!bytes)
      throw new PackageError(`[${title}] 生成测试点用的生成器 ${name} 不在包里（没有 ${src.path}）！`);
    // Polygon compiles with files/ on the include path: `<testlib.h>` is the package's own file too.
    const code = utf8(bytes).replace(/#\s*include\s*<([^>]+)>/g, (line, header: string) =>
      get(`files/${header}`) ? `#include "${header}"` : line,
    );
    generators[name] = { language: languageOf(src.type, src.path), code };
    for (const m of code.matchAll(/#\s*include\s*"([^"]+)"/g)) {
      const header = m[1]!;
      const h = get(`files/${header}`);
      if (!h) throw new PackageError(`[${title}] 生成器 ${name} 包含的 ${header} 不在包的 files/ 里！`);
      generatorFiles[header] = utf8(h);
    }
  }
  return { generators, generatorFiles };
}

// The solutions a Kattis package ships under submissions/<verdict folder>/ (a file, or a folder
// holding one source file), with the verdicts their folder promises, for import verification.
import { utf8, type ZipEntries } from '../../zip';
import { PackageError, type ShippedSolution } from '../types';

/** Folder → the verdicts a solution in it may end with. */
const EXPECTED: Record<string, string[]> = {
  accepted: ['AC'],
  wrong_answer: ['WA'],
  time_limit_exceeded: ['TLE'],
  run_time_error: ['RTE'],
  memory_limit_exceeded: ['MLE'],
  compile_error: ['CE'],
  partially_accepted: ['PA'],
  rejected: ['WA', 'TLE', 'RTE', 'MLE', 'PE', 'PA'],
  brute_force: ['TLE', 'RTE'],
  slow_accepted: ['AC', 'TLE'],
};

/** File extension → this judge's language name (Kattis compiles C and C++ with -O2). */
const LANGUAGE: Record<string, string> = {
  c: 'C With O2',
  cc: 'C++ 17 With O2',
  cpp: 'C++ 17 With O2',
  cxx: 'C++ 17 With O2',
  'c++': 'C++ 17 With O2',
  java: 'Java',
  py: 'Python3',
  py3: 'Python3',
  go: 'Golang',
  cs: 'C#',
  php: 'PHP',
  js: 'JavaScript Node',
  rb: 'Ruby',
  rs: 'Rust',
  pas: 'Pascal',
  hs: 'Haskell',
  ml: 'OCaml',
  lisp: 'Common Lisp',
  cl: 'Common Lisp',
  pl: 'Perl',
  lua: 'Lua',
  f90: 'Fortran',
  f95: 'Fortran',
  f03: 'Fortran',
  f08: 'Fortran',
  kt: 'Kotlin',
};

export function languageOfFile(name: string): string | null {
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  return LANGUAGE[ext] ?? null;
}

/**
 * Kattis' language id `python2` (problemtools: a `.py2` file, or a `.py` one whose shebang names
 * python2). This judge has no Python 2 (Debian 12 packages neither python2 nor PyPy 2, compat
 * SB10), so such a solution cannot be judged as the package means it: the package is refused by name.
 */
function isPython2(name: string, code: string): boolean {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'py2' || (ext === 'py' && /^#!.*\bpython2(\.\d+)?\b/.test(code.split('\n', 1)[0]!));
}

export function readSubmissions(entries: ZipEntries, root: string): ShippedSolution[] {
  const programs = new Map<string, string[]>();
  for (const n of entries.keys()) {
    if (!n.startsWith(`${root}submissions/`)) continue;
    const rel = n.slice(root.length).split('/');
    if (rel.length < 3 || !EXPECTED[rel[1]!]) continue;
    const key = rel.slice(0, 3).join('/');
    const files = programs.get(key) ?? [];
    files.push(n);
    programs.set(key, files);
  }
  const out: ShippedSolution[] = [];
  for (const [path, files] of [...programs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const python2 = files.find((f) => isPython2(f, utf8(entries.get(f)!)));
    if (python2)
      throw new PackageError(
        `解答 ${python2.slice(root.length)} 是 Python 2（Kattis 语言 python2），本站没有 Python 2（Debian 12 不提供 python2 和 PyPy 2）：请删除该解答或改用 Python 3 后再导入！`,
      );
    const sources = files.filter((f) => languageOfFile(f));
    if (sources.length !== 1) continue; // several files, or no language of this judge
    const language = languageOfFile(sources[0]!)!;
    out.push({
      path,
      language,
      code: utf8(entries.get(sources[0]!)!),
      expected: EXPECTED[path.split('/')[1]!]!,
    });
  }
  return out;
}

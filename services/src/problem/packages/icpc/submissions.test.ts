// Kattis submissions/ file extensions → this judge's languages (issue #25 item 4).
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGES } from '../../../site/languages';
import { strToU8 } from 'fflate';
import { languageOfFile, readSubmissions } from './submissions';

describe('Kattis submission languages', () => {
  it('maps the extensions Kattis uses to languages the site offers', () => {
    const cases: [string, string][] = [
      ['sol.pas', 'Pascal'],
      ['sol.hs', 'Haskell'],
      ['sol.ml', 'OCaml'],
      ['sol.lisp', 'Common Lisp'],
      ['sol.cl', 'Common Lisp'],
      ['sol.pl', 'Perl'],
      ['sol.lua', 'Lua'],
      ['sol.f90', 'Fortran'],
      ['sol.F95', 'Fortran'],
      ['sol.kt', 'Kotlin'],
      ['Sol.java', 'Java'],
      ['sol.cpp', 'C++ 17 With O2'],
    ];
    const offered = new Set(DEFAULT_LANGUAGES.map((l) => l.name));
    for (const [file, language] of cases) {
      expect(languageOfFile(file)).toBe(language);
      expect(offered.has(language)).toBe(true);
    }
  });
  it('leaves out files of no language here (Python 2 has no runner; fixed-form Fortran)', () => {
    expect(languageOfFile('sol.py2')).toBeNull();
    expect(languageOfFile('sol.f')).toBeNull();
    expect(languageOfFile('README')).toBeNull();
  });
  it('refuses a package shipping Kattis python2 solutions, naming the file (no Python 2 here)', () => {
    const entries = (name: string, code: string) =>
      new Map([
        ['p/submissions/accepted/ok.py', strToU8('print(sum(map(int, input().split())))\n')],
        [`p/submissions/accepted/${name}`, strToU8(code)],
      ]);
    expect(() => readSubmissions(entries('old.py2', 'print 3\n'), 'p/')).toThrow(
      /submissions\/accepted\/old\.py2 是 Python 2（Kattis 语言 python2）/,
    );
    expect(() => readSubmissions(entries('bang.py', '#!/usr/bin/env python2\nprint 3\n'), 'p/')).toThrow(
      /bang\.py 是 Python 2/,
    );
    // a Python 3 one (shebang or none) is read as Python3
    const fine = readSubmissions(entries('three.py', '#!/usr/bin/env python3\nprint(3)\n'), 'p/');
    expect(fine.map((s) => [s.path, s.language])).toEqual([
      ['submissions/accepted/ok.py', 'Python3'],
      ['submissions/accepted/three.py', 'Python3'],
    ]);
  });
});

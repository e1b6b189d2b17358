// Kattis submissions/ file extensions → this judge's languages (issue #25 item 4).
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGES } from '../../../site/languages';
import { languageOfFile } from './submissions';

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
});

// The editor and the submission view get a grammar for each language of issue #25 item 4.
import { StreamLanguage } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { parserFor, tokenLines } from '../judge/code-highlight';
import { legacyMode } from './legacy-modes';

const SAMPLES: [string, string, string][] = [
  // language, code, a token that must be highlighted as a keyword
  ['Pascal', 'begin\n  writeln(1);\nend.\n', 'begin'],
  ['Haskell', 'main = do\n  print 1\n', 'do'],
  ['OCaml', 'let () = print_int 1\n', 'let'],
  ['Common Lisp', '(defun f (x) (+ x 1))\n', 'defun'],
  ['Perl', 'while (1) {\n  last;\n}\n', 'while'],
  ['Lua', 'local x = 1\nprint(x)\n', 'local'],
  ['Fortran', 'program main\n  print *, 1\nend program main\n', 'program'],
  ['Kotlin', 'fun main() {\n  val x = 1\n}\n', 'fun'],
];

describe('grammars of the added languages', () => {
  for (const [language, code, keyword] of SAMPLES) {
    it(`${language}: a legacy mode, used by the editor and the submission view`, async () => {
      const mode = await legacyMode(language);
      expect(mode).not.toBeNull();
      expect(StreamLanguage.define(mode!).name).toBeTypeOf('string');
      const parser = await parserFor(language);
      expect(parser).not.toBeNull();
      const tokens = tokenLines(code, parser).flat();
      expect(tokens.find((t) => t.text === keyword)?.cls).toMatch(/tok-keyword/);
    });
  }

  it('other languages keep their grammars: Common Lisp is not read as C, C is still C', async () => {
    expect(await legacyMode('C++ 17')).toBeNull();
    expect(await legacyMode('Python3')).toBeNull();
    const c = await parserFor('C With O2');
    const cpp = (await import('@codemirror/lang-cpp')).cppLanguage.parser;
    expect(c).toBe(cpp);
    expect(await parserFor('Common Lisp')).not.toBe(cpp);
  });
});

// Polygon tagged solutions and checker headers (issue #25 items 3, 5), read without a judge.
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { translateMessage } from '../../platform/http/message-catalog';
import '../messages.en';
import { readZip, utf8 } from '../zip';
import { parsePolygonPackage, polygonLanguage, polygonTagVerdicts } from './polygon';

function pkg(opts: { testlib: boolean }) {
  const files: Record<string, Uint8Array> = {
    'problem.xml': strToU8(`<problem short-name="t">
  <names><name language="english" value="T"/></names>
  <judging><testset name="tests"><test-count>1</test-count><tests><test/></tests></testset></judging>
  <assets>
    <checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <solutions>
      <solution tag="main"><source path="solutions/a.cpp" type="cpp.g++17"/></solution>
      <solution tag="rejected"><source path="solutions/b.py" type="python.3"/></solution>
      <solution tag="do-not-run"><source path="solutions/c.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/missing.cpp" type="cpp.g++17"/></solution>
    </solutions>
  </assets>
</problem>`),
    'files/check.cpp': strToU8('#include "testlib.h"\n#include <cstdio>\nint main() {}\n'),
    'tests/01': strToU8('1\n'),
    'tests/01.a': strToU8('1\n'),
    'solutions/a.cpp': strToU8('int main() {}\n'),
    'solutions/b.py': strToU8('print(1)\n'),
    'solutions/c.cpp': strToU8('int main() {}\n'),
  };
  if (opts.testlib) files['files/testlib.h'] = strToU8('// header\n');
  return readZip(zipSync(files));
}

describe('Polygon solutions and checker headers', () => {
  it('reads generated tests for the runner, and refuses what it cannot generate by name', () => {
    const pkg = (cmd: string, extra: Record<string, Uint8Array> = {}) =>
      readZip(
        zipSync({
          'problem.xml': strToU8(`<problem short-name="g">
  <names><name language="english" value="G"/></names>
  <judging><testset name="tests"><test-count>1</test-count>
    <tests><test method="generated" cmd="${cmd}" points="5"/></tests></testset></judging>
  <files><executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable></executables></files>
  <assets><solutions><solution tag="main"><source path="solutions/m.cpp" type="cpp.g++17"/></solution></solutions></assets>
</problem>`),
          ...extra,
        }),
      );
    const complete = {
      'files/gen.cpp': strToU8('#include <testlib.h>\nint main() {}\n'),
      'files/testlib.h': strToU8('// header\n'),
      'solutions/m.cpp': strToU8('int main() {}\n'),
    };
    const [p] = parsePolygonPackage(pkg('gen 10 20 &gt; $', complete));
    expect(p!.cases).toEqual([]);
    expect(p!.generation!.tests).toEqual([
      {
        inputName: '1.in',
        outputName: '1.out',
        score: 5,
        groupNum: 1,
        position: 0,
        generator: 'gen',
        args: ['10', '20'],
      },
    ]);
    // <testlib.h> is the package's own header: included from beside the generator
    expect(p!.generation!.generators.gen!.code).toContain('#include "testlib.h"');
    expect(p!.generation!.generatorFiles).toEqual({ 'testlib.h': '// header\n' });
    expect(p!.generation!.main.path).toBe('solutions/m.cpp');
    expect(() => parsePolygonPackage(pkg('gen 3 &gt; {1-3}', complete))).toThrow(/"> \{1-3\}".*multigen/);
    expect(() => parsePolygonPackage(pkg('gen 3 &gt; 4', complete))).toThrow(/"> 4"/);
    expect(() => parsePolygonPackage(pkg('gen 10 20'))).toThrow(/主解/);
    const interactive = readZip(
      zipSync({
        ...Object.fromEntries(pkg('gen 1 2', complete)),
        'problem.xml': strToU8(
          utf8(pkg('gen 1 2').get('problem.xml')!).replace(
            '<assets>',
            '<assets><interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor>',
          ),
        ),
        'files/interactor.cpp': strToU8('int main() {}\n'),
      }),
    );
    expect(() => parsePolygonPackage(interactive)).toThrow(/交互题的测试点 1 由生成器生成/);
    // each refusal has its English twin
    const english = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return translateMessage((err as Error).message, 'en-US');
      }
      return '';
    };
    expect(english(() => parsePolygonPackage(pkg('gen 3 &gt; {1-3}', complete)))).toBe(
      '[G] test 1\'s command "gen 3 > {1-3}" is not supported: the multi-output form "> {1-3}" (Polygon\'s multigen) is not implemented',
    );
    expect(english(() => parsePolygonPackage(pkg('gen 10 20')))).toMatch(
      /^\[G\] the tests are generated .* no main solution/,
    );
    expect(english(() => parsePolygonPackage(interactive))).toMatch(
      /^\[G\] test 1 of an interactive problem is generated/,
    );
    expect(() =>
      parsePolygonPackage(pkg('gen 10 20', { 'solutions/m.cpp': strToU8('int main() {}\n') })),
    ).toThrow(/生成器 gen .*files\/gen\.cpp/);
  });
  it('maps tags and short marks to verdict names', () => {
    expect(polygonTagVerdicts('main')).toEqual(['AC']);
    expect(polygonTagVerdicts('OK')).toEqual(['AC']);
    expect(polygonTagVerdicts('time-limit-exceeded-or-accepted')).toEqual(['TLE', 'AC']);
    expect(polygonTagVerdicts('TL')).toEqual(['TLE']);
    expect(polygonTagVerdicts('failed')).toEqual(['RTE']);
    expect(polygonTagVerdicts('RJ')).not.toContain('AC');
    expect(polygonTagVerdicts('do-not-run')).toBeUndefined();
  });
  it('maps source types to local languages', () => {
    expect(polygonLanguage('cpp.g++17', 'a.cpp')).toBe('C++ 17 With O2');
    expect(polygonLanguage('cpp.gcc14-64-msys2-g++23', 'a.cpp')).toBe('C++ 20 With O2');
    expect(polygonLanguage('cpp.g++11', 'a.cpp')).toBe('C++ With O2');
    expect(polygonLanguage('c.gcc', 'a.c')).toBe('C With O2');
    expect(polygonLanguage('java11', 'A.java')).toBe('Java');
    expect(polygonLanguage('python.3', 'a.py')).toBe('Python3');
    expect(polygonLanguage('python.pypy3', 'a.py')).toBe('PyPy3');
    // Issue #25 item 4: the languages added to the judge.
    expect(polygonLanguage('kotlin17', 'a.kt')).toBe('Kotlin');
    expect(polygonLanguage('pas.fpc', 'a.pas')).toBe('Pascal');
    expect(polygonLanguage('haskell.ghc', 'a.hs')).toBe('Haskell');
    expect(polygonLanguage('ocaml', 'a.ml')).toBe('OCaml');
    expect(polygonLanguage('perl.5', 'a.pl')).toBe('Perl');
    expect(polygonLanguage('', 'a.lua')).toBe('Lua');
    expect(polygonLanguage('', 'a.f90')).toBe('Fortran');
    expect(polygonLanguage('', 'a.lisp')).toBe('Common Lisp');
    // Python 2 stays a language this judge does not run (its rows end System Error).
    expect(polygonLanguage('python.2', 'a.py')).toBe('Python2');
  });
  it('lists the runnable tagged solutions and ships the included testlib.h with the checker', () => {
    const [p] = parsePolygonPackage(pkg({ testlib: true }));
    expect(p!.solutions!.map((s) => [s.path, s.language, s.expected.includes('AC')])).toEqual([
      ['solutions/a.cpp', 'C++ 17 With O2', true],
      ['solutions/b.py', 'Python3', false],
    ]);
    expect(JSON.parse(p!.values.judge_extra_file as string)).toEqual({ 'testlib.h': '// header\n' });
    expect(p!.values.judge_mode).toBe('spj');
  });
  it('refuses a testlib checker whose package has no testlib.h, by name', () => {
    expect(() => parsePolygonPackage(pkg({ testlib: false }))).toThrow(/testlib\.h/);
  });
});

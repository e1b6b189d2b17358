import { describe, expect, it } from 'vitest';
import { strFromU8 } from 'fflate';
import { readZip } from '../../zip';
import { parseIcpcPackage } from '../icpc';
import { PackageError } from '../types';
import { compilerFrontEndPort } from '../../../admin/compile-check';
import { parseIcpcPackageChecked } from '../icpc';
import {
  symlink,
  cValidator,
  pythonValidator,
  defaultValidatorFlags,
  interactive2023,
  packageZip,
  scoringGroups,
  symlinked,
  validatorWithHeaderFiles,
} from './fixtures';
import { parseValidatorFlags, storedValidatorFlags, VALIDATOR_FLAGS_FILE } from './default-validator';
import { cString } from './validator';

const parse = (files: Parameters<typeof packageZip>[0]) => {
  const raw = packageZip(files);
  return parseIcpcPackage(readZip(raw), raw)[0]!;
};

describe('ICPC/Kattis packages', () => {
  it('keeps every file of a validator folder and includes each source in the checker', () => {
    const p = parse(validatorWithHeaderFiles());
    expect(p.values).toMatchObject({
      judge_mode: 'spj',
      spj_language: 'SPJ-C++17',
      time_limit: 2000,
      memory_limit: 512,
    });
    expect(Object.keys(JSON.parse(p.values.judge_extra_file!) as object).sort()).toEqual([
      'answer.cpp',
      'validate.cpp',
      'validate.h',
    ]);
    // helpers first, the file with main last
    expect(p.values.spj_code).toMatch(/#include "answer\.cpp"\n#include "validate\.cpp"/);
    expect(p.solutions!.map((s) => [s.path, s.language, s.expected.join()])).toEqual([
      ['submissions/accepted/Sum.java', 'Java', 'AC'],
      ['submissions/accepted/sum.cpp', 'C++ 17 With O2', 'AC'],
      ['submissions/run_time_error/abort.cpp', 'C++ 17 With O2', 'RTE'],
      ['submissions/wrong_answer/minus.cpp', 'C++ 17 With O2', 'WA'],
    ]);
  });

  it('reads a 2023-07 interactive package with its statement', () => {
    const p = parse(interactive2023());
    expect(p.values).toMatchObject({
      judge_mode: 'interactive',
      type: 0,
      time_limit: 2000,
      memory_limit: 2048,
    });
    expect(p.values.description).toContain('Guess the number');
    expect(p.values.spj_code).not.toContain('freopen(argv[2]');
  });

  it('maps testdata.yaml groups onto scored subtasks', () => {
    const p = parse(scoringGroups());
    expect(p.values).toMatchObject({ type: 1, judge_case_mode: 'subtask_lowest', memory_limit: 1024 });
    expect(p.cases.map((c) => [c.score, c.groupNum])).toEqual([
      [0, 1],
      [30, 2],
      [30, 2],
      [70, 3],
    ]);
    expect(p.values.description).toContain('Add the numbers');
  });

  it('refuses by name what it cannot judge faithfully', () => {
    const refused = (files: Parameters<typeof packageZip>[0], what: RegExp) =>
      expect(() => parse(files)).toThrow(what);
    const noSampleSettings = scoringGroups();
    delete noSampleSettings['data/sample/testdata.yaml'];
    noSampleSettings['data/sample/2.in'] = '2 3\n';
    noSampleSettings['data/sample/2.ans'] = '5\n';
    refused(noSampleSettings, /data\/sample 以 sum 汇总且 on_reject: break/);
    refused({ ...scoringGroups(), 'data/secret/g1/testdata.yaml': 'grader_flags: avg\n' }, /avg/);
    refused({ ...scoringGroups(), 'data/secret/testdata.yaml': 'grading: custom\n' }, /grading: custom/);
    refused(
      { ...validatorWithHeaderFiles(), 'output_validators/sumcheck/build': '#!/bin/sh\n' },
      /build\/run/,
    );
    refused(
      { ...validatorWithHeaderFiles(), 'output_validators/sumcheck/check.kt': 'fun main() {}' },
      /check\.kt/,
    );
    refused(
      {
        ...interactive2023(),
        'problem.yaml': 'problem_format_version: 2023-07-draft\ntype: [pass-fail, multi-pass]\nname: X\n',
      },
      /multi-pass/,
    );
    refused(
      { ...validatorWithHeaderFiles(), 'problem.yaml': 'name: X\nvalidation: custom score\n' },
      /custom score/,
    );
    refused(
      { ...defaultValidatorFlags(), 'data/testdata.yaml': 'output_validator_args: [ignore_me]\n' },
      /ignore_me/,
    );
    expect(() => parse(symlinked(true))).toThrow(PackageError);
    expect(() => parse(symlinked(true))).toThrow(/4\.ans 指向压缩包以外/);
  });

  it('resolves a symbolic link to a file inside the zip', () => {
    const p = parse(symlinked(false));
    expect(p.cases).toHaveLength(4);
    expect(strFromU8(p.cases[3]!.input)).toBe('40 2\n');
    expect(strFromU8(p.cases[3]!.output)).toBe('42\n');
  });

  it('follows a link to a link and a link to a folder; refuses a loop and a dangling link', () => {
    const files = symlinked(false);
    files['data/secret/5.in'] = symlink('4.in');
    files['data/secret/5.ans'] = symlink('4.ans');
    files['shared/x.in'] = '7 8\n';
    files['shared/x.ans'] = '15\n';
    files['data/secret/more'] = symlink('../../shared');
    const p = parse(files);
    expect(p.cases.map((c) => strFromU8(c.input))).toEqual([
      '1 2\n',
      '40 2\n',
      '-7 7\n',
      '40 2\n',
      '40 2\n',
      '7 8\n',
    ]);
    expect(() => parse({ ...symlinked(false), 'data/secret/4.in': symlink('4.in') })).toThrow(/循环/);
    expect(() => parse({ ...symlinked(false), 'data/secret/4.in': symlink('nothing.in') })).toThrow(/不存在/);
    expect(() => parse({ ...symlinked(false), 'data/secret/4.in': symlink('/etc/passwd') })).toThrow(/以外/);
  });

  it('reads the default validator flags with the format defaults, kept for the runner’s own comparison', () => {
    expect(parseValidatorFlags([], 't')).toEqual({ caseSensitive: false, spaceChangeSensitive: false });
    expect(parseValidatorFlags(['case_sensitive', 'float_relative_tolerance', '1e-4'], 't')).toEqual({
      caseSensitive: true,
      spaceChangeSensitive: false,
      floatRelativeTolerance: 1e-4,
    });
    expect(parseValidatorFlags(['float_tolerance', '0.5', 'space_change_sensitive'], 't')).toEqual({
      caseSensitive: false,
      spaceChangeSensitive: true,
      floatAbsoluteTolerance: 0.5,
      floatRelativeTolerance: 0.5,
    });
    expect(() => parseValidatorFlags(['float_tolerance'], 't')).toThrow(/float_tolerance/);
    const p = parse(defaultValidatorFlags());
    expect(p.values).toMatchObject({ judge_mode: 'default', spj_code: null, spj_language: null });
    const stored = JSON.parse(p.values.judge_extra_file!) as Record<string, string>;
    expect(stored).toEqual({ [VALIDATOR_FLAGS_FILE]: 'float_tolerance 1e-6\n' });
    expect(storedValidatorFlags(stored[VALIDATOR_FLAGS_FILE]!)).toEqual({
      caseSensitive: false,
      spaceChangeSensitive: false,
      floatAbsoluteTolerance: 1e-6,
      floatRelativeTolerance: 1e-6,
    });
    // no flags at all still marks the problem for the Kattis comparison (case- and space-insensitive)
    const plain = parse({ ...defaultValidatorFlags(), 'data/testdata.yaml': '' });
    expect(JSON.parse(plain.values.judge_extra_file!)).toEqual({ [VALIDATOR_FLAGS_FILE]: '\n' });
    expect(storedValidatorFlags('\n')).toEqual({ caseSensitive: false, spaceChangeSensitive: false });
    expect(storedValidatorFlags('tolerance 0')).toBeNull();
  });

  it('every checker made from the packages compiles; one that does not refuses the package', async () => {
    for (const files of [validatorWithHeaderFiles(), interactive2023(), pythonValidator(), cValidator()]) {
      const raw = packageZip(files);
      const [p] = await parseIcpcPackageChecked(readZip(raw), raw, compilerFrontEndPort);
      expect(p!.values.spj_code).toBeTruthy();
    }
    expect(parse(cValidator()).values.spj_language).toBe('SPJ-C');
    // the default validator makes no checker: nothing to compile
    const plain = packageZip(scoringGroups());
    const [d0] = await parseIcpcPackageChecked(readZip(plain), plain, compilerFrontEndPort);
    expect(d0!.values).toMatchObject({ judge_mode: 'default', spj_code: null });
    // the admin form's compile check knows the imported checker languages too
    const d = parse(cValidator()).values;
    await expect(
      compilerFrontEndPort.compile({
        kind: 'spj',
        code: d.spj_code!,
        language: d.spj_language!,
        extraFiles: JSON.parse(d.judge_extra_file ?? '{}') as Record<string, string>,
      }),
    ).resolves.toEqual({ ok: true });
    const broken = {
      ...cValidator(),
      'output_validators/cval/util.c': 'long long first_number(const char *p) { return nope; }\n',
    };
    const raw = packageZip(broken);
    await expect(parseIcpcPackageChecked(readZip(raw), raw, compilerFrontEndPort)).rejects.toThrow(
      /输出校验器无法编译[\s\S]*nope/,
    );
  }, 60_000);

  it('writes any bytes as a C string literal', () => {
    expect(cString('a"b\\c\n?é')).toBe('"a\\042b\\134c\\012\\077\\303\\251"');
  });
});

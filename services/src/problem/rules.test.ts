import { describe, expect, it } from 'vitest';
import {
  compareCaseNames,
  compareProblemIds,
  counterColumn,
  defaultScores,
  formatExamples,
  languageOjOf,
  likePattern,
  ojFilter,
  pageArgs,
  parseTagIds,
  problemValidationError,
  tagOj,
  totalScore,
} from './rules';

describe('paging', () => {
  it('falls back to defaults for absent or < 1 and caps the size at 500', () => {
    expect(pageArgs(undefined, undefined)).toEqual({ current: 1, size: 10, offset: 0 });
    expect(pageArgs(0, -1, 30)).toEqual({ current: 1, size: 30, offset: 0 });
    expect(pageArgs(3, 20)).toEqual({ current: 3, size: 20, offset: 40 });
    expect(pageArgs(2, 10_000).size).toBe(500);
  });
});

describe('tag id filter', () => {
  it('accepts comma lists, JSON arrays and repeats, and refuses anything else', () => {
    expect(parseTagIds(undefined)).toEqual([]);
    expect(parseTagIds(['1,2'])).toEqual([1, 2]);
    expect(parseTagIds(['[3, 4]'])).toEqual([3, 4]);
    expect(parseTagIds(['5', '6', '5'])).toEqual([5, 6]);
    expect(parseTagIds(['[]'])).toEqual([]);
    expect(parseTagIds(['1,x'])).toBeNull();
    expect(parseTagIds(['-1'])).toBeNull();
  });
});

describe('oj values', () => {
  it('maps list oj parameters to all, local or a remote prefix', () => {
    expect(ojFilter(undefined)).toEqual({ kind: 'all' });
    expect(ojFilter('All')).toEqual({ kind: 'all' });
    expect(ojFilter('Mine')).toEqual({ kind: 'local' });
    expect(ojFilter('ME')).toEqual({ kind: 'local' });
    expect(ojFilter('hdu')).toEqual({ kind: 'remote', prefix: 'HDU' });
    expect(ojFilter('LIBRE')).toEqual({ kind: 'remote', prefix: 'LIBRE' });
  });
  it('defaults tag oj to ME and maps Mine to ME', () => {
    expect(tagOj(undefined)).toBe('ME');
    expect(tagOj('mine')).toBe('ME');
    expect(tagOj('all')).toBe('ALL');
    expect(tagOj('cf')).toBe('CF');
  });
  it('finds the language oj of a problem (GYM judges on CF)', () => {
    expect(languageOjOf('1000', false)).toBe('ME');
    expect(languageOjOf('HDU-1000', true)).toBe('HDU');
    expect(languageOjOf('GYM-100001A', true)).toBe('CF');
  });
});

describe('validation texts', () => {
  const ok = {
    problemId: '1',
    type: 0,
    auth: 1,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    timeLimit: 1,
    memoryLimit: 1,
    stackLimit: 1,
  };
  it('passes a valid problem and names the first failure otherwise', () => {
    expect(problemValidationError(ok)).toBeNull();
    expect(problemValidationError(null)).toBe('题目的配置项不能为空！');
    expect(problemValidationError({ ...ok, judgeCaseMode: null })).toBeNull();
    expect(problemValidationError({ ...ok, type: 1, judgeCaseMode: 'subtask_average' })).toBeNull();
    expect(problemValidationError({ ...ok, type: 1, judgeCaseMode: 'ergodic_without_error' })).toContain(
      'OI类型的题目只能为',
    );
    expect(problemValidationError({ ...ok, timeLimit: null })).toBe('题目的时间限制不能小于等于0！');
  });
});

describe('scores', () => {
  const groups = [
    { score: 30, groupNum: 1 },
    { score: 30, groupNum: 1 },
    { score: 70, groupNum: 2 },
    { score: 70, groupNum: 2 },
    { score: 70, groupNum: 2 },
  ];
  it('sums, takes group minima or rounded group averages (judge.md §3.3)', () => {
    expect(totalScore(groups, 'default')).toBe(270);
    expect(totalScore(groups, 'subtask_lowest')).toBe(100);
    expect(
      totalScore(
        [
          { score: 30, groupNum: 1 },
          { score: 30, groupNum: 1 },
          { score: 70, groupNum: 2 },
          { score: 70, groupNum: 2 },
          { score: 70, groupNum: 2 },
        ],
        'subtask_average',
      ),
    ).toBe(100);
    expect(
      totalScore(
        [
          { score: 1, groupNum: 1 },
          { score: 2, groupNum: 1 },
        ],
        'subtask_average',
      ),
    ).toBe(2); // 1.5 rounds half up
  });
  it('spreads 100 over cases with the remainder on the last ones', () => {
    expect(defaultScores(3)).toEqual([33, 33, 34]);
    expect(defaultScores(7)).toEqual([14, 14, 14, 14, 14, 15, 15]);
    expect(defaultScores(0)).toEqual([]);
  });
});

describe('small helpers', () => {
  it('maps statuses to counter columns', () => {
    expect([0, -1, 1, 2, 3, -3, -2, 4, 8].map(counterColumn)).toEqual([
      'ac',
      'wa',
      'tle',
      'mle',
      're',
      'pe',
      'ce',
      'se',
      'pa',
    ]);
    expect(counterColumn(5)).toBeNull();
    expect(counterColumn(-4)).toBeNull();
  });
  it('orders case files and display ids by length then text', () => {
    expect(['10.in', '2.in', '1.in', 'a.in'].sort(compareCaseNames)).toEqual([
      '1.in',
      '2.in',
      'a.in',
      '10.in',
    ]);
    expect(['1001', '10', 'A1', '1000'].sort(compareProblemIds)).toEqual(['10', 'A1', '1000', '1001']);
  });
  it('escapes LIKE wildcards and formats examples', () => {
    expect(likePattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
    expect(formatExamples([{ input: '1 2', output: '3' }])).toBe('<input>1 2</input><output>3</output>');
  });
});

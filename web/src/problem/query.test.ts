import { describe, expect, it } from 'vitest';
import { DEFAULT_PROBLEM_FILTERS, parseProblemQuery, problemListParams, problemQueryString } from './query';

describe('problem list query string', () => {
  it('defaults when empty', () => {
    expect(parseProblemQuery('')).toEqual(DEFAULT_PROBLEM_FILTERS);
    expect(problemQueryString(DEFAULT_PROBLEM_FILTERS)).toBe('');
  });

  it('round-trips every filter', () => {
    const f = { keyword: 'sum', difficulty: 2, oj: 'HDU', tagId: [3, 7], currentPage: 4, limit: 50 };
    const qs = problemQueryString(f);
    expect(new URLSearchParams(qs).get('tagId')).toBe('[3,7]');
    expect(parseProblemQuery('?' + qs)).toEqual(f);
  });

  it('keeps the All bank (oj empty) distinct from the default Mine', () => {
    const all = { ...DEFAULT_PROBLEM_FILTERS, oj: '' };
    expect(problemQueryString(all)).toBe('oj=');
    expect(parseProblemQuery('oj=').oj).toBe('');
    expect(problemListParams(all)).not.toHaveProperty('oj');
    expect(problemListParams(DEFAULT_PROBLEM_FILTERS).oj).toBe('Mine');
  });

  it('repairs bad values: page at least 1, limit capped, unknown difficulty ignored', () => {
    const f = parseProblemQuery('currentPage=0&limit=9999&difficulty=7&tagId=oops');
    expect(f.currentPage).toBe(1);
    expect(f.limit).toBe(100);
    expect(f.difficulty).toBeNull();
    expect(f.tagId).toEqual([]);
    expect(parseProblemQuery('tagId=1,2,x').tagId).toEqual([1, 2]);
  });

  it('drops empty parameters in the list call and joins tag ids', () => {
    const p = problemListParams({ ...DEFAULT_PROBLEM_FILTERS, keyword: '  ', tagId: [1, 2] });
    expect(p).toEqual({ currentPage: 1, limit: 30, oj: 'Mine', tagId: '1,2' });
  });
});

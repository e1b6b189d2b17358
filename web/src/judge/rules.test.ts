import { describe, expect, it } from 'vitest';
import { parseSubmissionQuery, submissionListParams, submissionQueryString } from './query';
import { barPercents, nicknameTone } from './rank-rules';

describe('submission list query', () => {
  it('writes only non-empty fields and reads them back', () => {
    const f = { onlyMine: true, status: 0, problemID: ' 1000 ', username: '', currentPage: 2 };
    const qs = submissionQueryString(f);
    expect(qs).toBe('onlyMine=true&status=0&problemID=1000&currentPage=2');
    expect(parseSubmissionQuery(qs)).toEqual({ ...f, problemID: '1000' });
  });

  it('accepts /status?username&status=0 and always sends onlyMine', () => {
    const f = parseSubmissionQuery('?username=bob&status=0');
    expect(f.status).toBe(0);
    expect(submissionListParams(f)).toEqual({
      onlyMine: false,
      currentPage: 1,
      limit: 15,
      status: 0,
      username: 'bob',
    });
    expect(parseSubmissionQuery('status=x&currentPage=-3')).toMatchObject({ status: null, currentPage: 1 });
  });
});

describe('rank rules', () => {
  it('picks the nickname tone by length modulo 5', () => {
    expect(nicknameTone('')).toBe('blue');
    expect(nicknameTone('a')).toBe('green');
    expect(nicknameTone('abcde')).toBe('blue');
    expect(nicknameTone('张三')).toBe('orange');
    expect(nicknameTone('abcd')).toBe('purple');
  });

  it('scales bars against the best value', () => {
    expect(barPercents([10, 5, 0])).toEqual([100, 50, 0]);
    expect(barPercents([0, 0])).toEqual([0, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { compareOutput, compareTestRun, normaliseExpected, rtrim } from './compare';

describe('rtrim (hutool isBlankChar + Java [^\\S\\n]+(?=\\n))', () => {
  it('strips trailing Unicode blanks, NUL, BOM, and blanks before every newline', () => {
    expect(rtrim('1 2  \n3\t\n\n\u00a0\u3000\ufeff\0')).toBe('1 2\n3');
    expect(rtrim('  lead\n\nmiddle')).toBe('  lead\n\nmiddle');
  });
  it('does not treat NBSP inside a line as ASCII whitespace', () => {
    expect(rtrim('a\u00a0\nb')).toBe('a\u00a0\nb');
  });
});

describe('compareOutput (judge.md §1.5, §8 #21)', () => {
  const expected = normaliseExpected('1 2\r\n3\r\n');
  it('remove-end-blank on: CRLF, trailing spaces, missing/extra final newline → AC', () => {
    expect(compareOutput('1 2\r\n3\r\n', expected, true)).toBe('AC');
    expect(compareOutput('1 2   \n3', expected, true)).toBe('AC');
    expect(compareOutput('1 2\n3\n\n\n', expected, true)).toBe('AC');
    expect(compareOutput('1  2\n3\n', expected, true)).toBe('WA');
    expect(compareOutput('12\n3\n', expected, true)).toBe('WA');
  });
  it('remove-end-blank off: equal bytes AC, whitespace-only differences PE, else WA', () => {
    expect(compareOutput('1 2\n3\n', expected, false)).toBe('AC');
    expect(compareOutput('1 2\r\n3\r\n', expected, false)).toBe('PE');
    expect(compareOutput('1 2 \n3\n', expected, false)).toBe('PE');
    expect(compareOutput('12\n3', expected, false)).toBe('PE');
    expect(compareOutput('1 2\n4\n', expected, false)).toBe('WA');
  });
  it('test runs never give PE', () => {
    expect(compareTestRun('1 2 \n', '1 2\n', false)).toBe('WA');
    expect(compareTestRun('1 2 \n', '1 2', true)).toBe('AC');
  });
});

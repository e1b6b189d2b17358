import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@oj/protocol/bus';
import { parseExamples, sampleKeys } from './problem-adapter';

const h = (t: string) => sha256Hex(Buffer.from(t, 'utf8'));

describe('sample cases by the statement examples (issue #26.3)', () => {
  it('parses the example pairs', () => {
    expect(
      parseExamples('<input>1 2</input><output>3</output><input>4\n5\n</input>\n<output>9\n</output>'),
    ).toEqual([
      { input: '1 2', output: '3' },
      { input: '4\n5\n', output: '9\n' },
    ]);
  });

  it('a case is a sample when its data equals an example, with or without the final line end', () => {
    const keys = sampleKeys('<input>1 2</input><output>3</output>');
    expect(keys.has(`${h('1 2\n')}:${h('3\n')}`)).toBe(true);
    expect(keys.has(`${h('1 2')}:${h('3')}`)).toBe(true);
    expect(keys.has(`${h('1 2\n')}:${h('4\n')}`)).toBe(false);
    expect(keys.has(`${h('2 2\n')}:${h('3\n')}`)).toBe(false);
  });
});

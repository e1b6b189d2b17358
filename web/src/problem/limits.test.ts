import { describe, expect, it } from 'vitest';
import { isCFamily, shownLimits } from './limits';
import { parseExamples } from './examples';

const base = { timeMs: 1000, memoryMb: 256 };

describe('shown limits', () => {
  it('keeps C and C++ limits', () => {
    for (const lang of ['C', 'C++', 'C++ With O2', 'C++ 17', 'C With O2']) {
      expect(isCFamily(lang), lang).toBe(true);
      expect(shownLimits('1000', lang, base)).toEqual(base);
    }
  });

  it('doubles them for other languages', () => {
    for (const lang of ['Java', 'Python3', 'C#', 'Golang']) {
      expect(shownLimits('1000', lang, base), lang).toEqual({ timeMs: 2000, memoryMb: 512 });
    }
  });

  it('shows Codeforces and Gym limits as given', () => {
    expect(shownLimits('CF-1A', 'Java', base)).toEqual(base);
    expect(shownLimits('GYM-100001A', 'Python3', base)).toEqual(base);
    expect(shownLimits('HDU-1000', 'Python3', base)).toEqual({ timeMs: 2000, memoryMb: 512 });
  });
});

describe('examples', () => {
  it('parses input/output pairs', () => {
    expect(
      parseExamples('<input>1 2</input><output>3</output>\n<input>a\nb</input><output></output>'),
    ).toEqual([
      { input: '1 2', output: '3' },
      { input: 'a\nb', output: '' },
    ]);
    expect(parseExamples(null)).toEqual([]);
  });
});

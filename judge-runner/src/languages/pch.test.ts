import { describe, expect, it } from 'vitest';
import { PCH_INCLUDE, pchFlags, pchVariants } from './pch';
import { CHECKER_LANGUAGES, LANGUAGES } from './table';

describe('precompiled header variants', () => {
  it('the options that decide whether a header fits: defines, optimisation, warnings, standard', () => {
    const cpp17o2 = LANGUAGES.find((l) => l.name === 'C++ 17 With O2')!;
    expect(cpp17o2.compile).toContain(PCH_INCLUDE);
    expect(pchFlags(cpp17o2.compile!)).toEqual(['-DONLINE_JUDGE', '-O2', '-w', '-std=c++17']);
    expect(pchFlags(['/usr/bin/gcc', 'main.c'])).toBeNull();
  });

  it('one variant per distinct flag set: six C++ languages, the C++ checker shares C++ With O2', () => {
    expect(pchVariants(LANGUAGES)).toHaveLength(6);
    expect(pchVariants([...LANGUAGES, CHECKER_LANGUAGES['C++']])).toHaveLength(6);
  });
});

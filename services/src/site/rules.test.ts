import { describe, expect, it } from 'vitest';
import { carouselExtension, carouselUrl, pageArgs, parseCarouselFile } from './rules';
import { DEFAULT_LANGUAGES, NOT_OFFERED_LANGUAGES } from './languages';

describe('pageArgs', () => {
  it('falls back to page 1 and the default size for absent or < 1 values', () => {
    expect(pageArgs(undefined, undefined, 10)).toEqual({ current: 1, size: 10, offset: 0 });
    expect(pageArgs(0, -3, 5)).toEqual({ current: 1, size: 5, offset: 0 });
    expect(pageArgs(3, 7, 10)).toEqual({ current: 3, size: 7, offset: 14 });
  });
  it('caps the size at 500', () => {
    expect(pageArgs(2, 10_000, 10)).toEqual({ current: 2, size: 500, offset: 500 });
  });
});

describe('carousel files', () => {
  it('accepts the reference image types, case-insensitively', () => {
    expect(carouselExtension('a.PNG')).toBe('png');
    expect(carouselExtension('x.y.jfif')).toBe('jfif');
    expect(carouselExtension('pic.svg')).toBe('svg');
    expect(carouselExtension('evil.html')).toBeNull();
    expect(carouselExtension('png')).toBeNull();
    expect(carouselExtension(undefined)).toBeNull();
  });
  it('round-trips the public URL', () => {
    const hash = 'a'.repeat(64);
    const url = carouselUrl(hash, 'png');
    expect(url).toBe(`/api/public/img/carousel/${hash}.png`);
    expect(parseCarouselFile(url.split('/').pop()!)).toEqual({ hash, ext: 'png' });
    expect(parseCarouselFile(`${hash}.exe`)).toBeNull();
    expect(parseCarouselFile('../etc/passwd')).toBeNull();
  });
});

describe('default languages', () => {
  it('are the names submissions accept that the judge can run, once each', () => {
    expect(DEFAULT_LANGUAGES.map((l) => l.name)).toEqual([
      'C++',
      'C++ With O2',
      'C++ 17',
      'C++ 17 With O2',
      'C++ 20',
      'C++ 20 With O2',
      'C',
      'C With O2',
      'Python3',
      'Java',
      'Golang',
      'C#',
      'PHP',
      'PyPy3',
      'JavaScript Node',
      'Ruby',
      'Rust',
      'Pascal',
      'Haskell',
      'OCaml',
      'Common Lisp',
      'Perl',
      'Lua',
      'Fortran',
      'Kotlin',
    ]);
    for (const name of NOT_OFFERED_LANGUAGES)
      expect(DEFAULT_LANGUAGES.map((l) => l.name)).not.toContain(name);
    for (const l of DEFAULT_LANGUAGES) {
      expect(l.contentType).toMatch(/^text\//);
      expect(l.template.length).toBeGreaterThan(20);
    }
  });
});

describe('effective accepted-problem thresholds (issue #26 item 4)', () => {
  it('never ask for more than the public problems, never below 0', async () => {
    const { effectiveAcNeed, withEffectiveAcNeeds } = await import('./rules');
    expect(effectiveAcNeed(10, 4)).toBe(4);
    expect(effectiveAcNeed(10, 250)).toBe(10);
    expect(effectiveAcNeed(10, 0)).toBe(0);
    expect(effectiveAcNeed(-1, 5)).toBe(0);
    expect(
      withEffectiveAcNeeds(
        {
          defaultCreateDiscussionACInitValue: 10,
          defaultCreateCommentACInitValue: 2,
          defaultCreateGroupACInitValue: 20,
          other: 7,
        },
        4,
      ),
    ).toEqual({
      defaultCreateDiscussionACInitValue: 4,
      defaultCreateCommentACInitValue: 2,
      defaultCreateGroupACInitValue: 4,
      other: 7,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { StringIndex } from './string-index';

describe('StringIndex', () => {
  it('gives dense indices in order of first addition, equal strings built apart share one', () => {
    const ix = new StringIndex();
    expect(ix.get('a')).toBe(-1);
    expect(ix.intern('a')).toBe(0);
    expect(ix.intern('bb')).toBe(1);
    // A string built at run time (not the same object as the literal) finds the same entry.
    expect(ix.intern(['a'].join(''))).toBe(0);
    expect(ix.get(`b${'b'}`)).toBe(1);
    expect(ix.get('')).toBe(-1);
    expect(ix.intern('')).toBe(2);
    expect(ix.list).toEqual(['a', 'bb', '']);
  });

  it('keeps every key across growth and agrees with a Map (non-ASCII and colliding-length keys)', () => {
    const ix = new StringIndex(4);
    const map = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const key = i % 3 === 0 ? `用户${i % 7000}` : `u${(i * 7919) % 9000}`;
      let expected = map.get(key);
      if (expected === undefined) map.set(key, (expected = map.size));
      expect(ix.intern(key)).toBe(expected);
    }
    expect(ix.size).toBe(map.size);
    for (const [key, value] of map) expect(ix.get(String(key))).toBe(value);
    expect(ix.get('missing')).toBe(-1);
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CompileCache, compileCacheKey } from './cache';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('CompileCache', () => {
  it('keys differ by language, source and options, and are stable', () => {
    const k = compileCacheKey(['C', 'gcc', 'int main(){}', undefined]);
    expect(k).toBe(compileCacheKey(['C', 'gcc', 'int main(){}', undefined]));
    expect(k).not.toBe(compileCacheKey(['C++', 'gcc', 'int main(){}', undefined]));
    expect(k).not.toBe(compileCacheKey(['C', 'gcc -O2', 'int main(){}', undefined]));
    expect(k).not.toBe(compileCacheKey(['C', 'gcc', 'int main(){}', { 'a.h': '' }]));
  });

  it('stores, returns, survives a restart, and evicts the least recently used beyond the budget', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-'));
    dirs.push(dir);
    const src = join(dir, 'src');
    const cache = new CompileCache(join(dir, 'c'), 250);
    const keys = ['a', 'b', 'c'].map((x) => compileCacheKey([x]));
    for (const [i, k] of keys.entries()) {
      writeFileSync(src, Buffer.alloc(100, i));
      cache.put(k, src);
      if (i === 1) expect(cache.get(keys[0]!, join(dir, 'out'))).toBe(true); // touch a: b becomes the oldest
    }
    expect(cache.has(keys[1]!)).toBe(false);
    expect(cache.has(keys[0]!)).toBe(true);
    expect(cache.sizeBytes).toBe(200);
    const reopened = new CompileCache(join(dir, 'c'), 250);
    expect(reopened.get(keys[2]!, join(dir, 'out'))).toBe(true);
    expect(readFileSync(join(dir, 'out'))[0]).toBe(2);
    expect(reopened.get(keys[1]!, join(dir, 'out'))).toBe(false);
  });

  it('artefacts in memory: stored from bytes with their mode, read back up to a size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-'));
    dirs.push(dir);
    const cache = new CompileCache(join(dir, 'c'), 1000);
    const k = compileCacheKey(['img']);
    cache.putData(k, Buffer.from('ELF...'), 0o555);
    expect(statSync(join(dir, 'c', k, 'artefact')).mode & 0o777).toBe(0o555);
    expect(cache.read(k, 100)?.toString()).toBe('ELF...');
    expect(cache.read(k, 3)).toBeNull(); // larger than asked: the caller copies the file instead
    expect(cache.read(compileCacheKey(['other']), 100)).toBeNull();
    expect(new CompileCache(join(dir, 'c'), 1000).read(k, 100)?.toString()).toBe('ELF...');
  });
});

import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru';
import { TestDataMemory, testDataMemoryBytes } from './test-data';

describe('ByteLru', () => {
  it('evicts the least recently used beyond the byte budget; a get refreshes', () => {
    const lru = new ByteLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.get('a')).toBe('A'); // a is now the most recent
    lru.set('c', 'C', 4); // 12 > 10: b goes, not a
    expect(lru.has('b')).toBe(false);
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.sizeBytes).toBe(8);
  });

  it('a value larger than the budget is not kept and evicts nothing', () => {
    const lru = new ByteLru<number>(10);
    lru.set('a', 1, 6);
    expect(lru.set('big', 2, 11)).toBe(false);
    expect(lru.has('big')).toBe(false);
    expect(lru.get('a')).toBe(1);
  });

  it('replacing a key re-accounts its bytes', () => {
    const lru = new ByteLru<number>(10);
    lru.set('a', 1, 6);
    lru.set('a', 2, 3);
    expect(lru.sizeBytes).toBe(3);
    lru.set('b', 3, 7);
    expect([lru.get('a'), lru.get('b'), lru.sizeBytes]).toEqual([2, 3, 10]);
    lru.delete('a');
    expect(lru.sizeBytes).toBe(7);
  });

  it('many entries: the budget holds and the most recent survive', () => {
    const lru = new ByteLru<number>(100);
    for (let i = 0; i < 1000; i++) lru.set(`k${i}`, i, 1 + (i % 7));
    expect(lru.sizeBytes).toBeLessThanOrEqual(100);
    expect(lru.get('k999')).toBe(999);
    expect(lru.has('k0')).toBe(false);
  });
});

describe('TestDataMemory', () => {
  it('reads a blob once, normalised, and shares concurrent loads', async () => {
    let reads = 0;
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'oj-td-')), 'blob');
    writeFileSync(file, '1 2\r\n3\r\n');
    const source = {
      path: async () => {
        reads++;
        return file;
      },
    };
    const mem = new TestDataMemory(1024);
    const tc = { caseId: 1, outputHash: 'a'.repeat(64), score: 0, groupNum: 1 };
    const [x, y] = await Promise.all([mem.expected(tc, source), mem.expected(tc, source)]);
    expect(x!.text).toBe('1 2\n3\n');
    expect(y).toBe(x);
    expect(await mem.expected(tc, source)).toBe(x);
    expect(reads).toBe(1);
  });

  it('bounded: old outputs are dropped and read again', async () => {
    const mem = new TestDataMemory(6 * 100 + 64); // room for one 100-character output
    const none = { path: async () => null };
    const a = await mem.expected({ caseId: 1, output: 'a'.repeat(100), score: 0, groupNum: 1 }, none);
    await mem.expected({ caseId: 2, output: 'b'.repeat(100), score: 0, groupNum: 1 }, none);
    expect(mem.size).toBe(1);
    expect(await mem.expected({ caseId: 1, output: 'a'.repeat(100), score: 0, groupNum: 1 }, none)).not.toBe(
      a,
    );
    expect(
      await mem.expected({ caseId: 3, outputHash: 'b'.repeat(64), score: 0, groupNum: 1 }, none),
    ).toBeNull();
  });

  it('budget from OJ_JUDGE_TESTDATA_MEMORY_MB', () => {
    expect(testDataMemoryBytes('8')).toBe(8 * 1024 * 1024);
    expect(testDataMemoryBytes(undefined)).toBe(256 * 1024 * 1024);
    expect(testDataMemoryBytes('x')).toBe(256 * 1024 * 1024);
  });
});

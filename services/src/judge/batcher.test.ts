import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('createBatcher', () => {
  it('runs a lone item at once and coalesces the items that arrive meanwhile', async () => {
    const batches: number[][] = [];
    const b = createBatcher<number>(async (items) => {
      batches.push(items);
      await tick();
    });
    const first = b.add(1);
    const rest = [b.add(2), b.add(3), b.add(4)];
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await b.add(5);
    expect(batches.at(-1)).toEqual([5]);
  });

  it('caps a batch at maxBatch items', async () => {
    const batches: number[][] = [];
    const b = createBatcher<number>(async (items) => {
      batches.push(items);
      await tick();
    }, 2);
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => b.add(n)));
    expect(batches).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('a failing batch is retried item by item: only the bad item fails', async () => {
    const seen: number[][] = [];
    const b = createBatcher<number>(async (items) => {
      seen.push(items);
      await tick();
      if (items.includes(3)) throw new Error('bad item 3');
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => b.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toEqual(new Error('bad item 3'));
    expect(seen).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    // Still working afterwards.
    await expect(b.add(7)).resolves.toBeUndefined();
  });
});

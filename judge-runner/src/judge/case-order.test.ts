import { describe, expect, it } from 'vitest';
import { judgeInOrder } from './case-order';

interface Deferred {
  resolve: (ok: boolean) => void;
  reject: (err: Error) => void;
}

/** Cases whose results are released by the test, in any order it likes. */
function controlled(n: number) {
  const pending = new Map<number, Deferred>();
  const started: number[] = [];
  const waiters: (() => void)[] = [];
  const judge = (_: number, i: number) =>
    new Promise<{ i: number; ok: boolean }>((resolve, reject) => {
      started.push(i);
      pending.set(i, { resolve: (ok) => resolve({ i, ok }), reject });
      for (const w of waiters.splice(0)) w();
    });
  /** Resolves once case `i` has been started. */
  const whenStarted = async (i: number) => {
    while (!pending.has(i)) await new Promise<void>((r) => waiters.push(r));
  };
  return { items: Array.from({ length: n }, (_, i) => i), judge, pending, started, whenStarted };
}

describe('judgeInOrder', () => {
  it('records in case order however the cases finish, each once every earlier one is known', async () => {
    const c = controlled(4);
    const recorded: number[] = [];
    const done = judgeInOrder({
      items: c.items,
      width: 2,
      judge: c.judge,
      record: (r) => void recorded.push(r.i),
    });
    await c.whenStarted(1);
    c.pending.get(1)!.resolve(true); // the second case finishes first
    await c.whenStarted(2);
    expect(recorded).toEqual([]); // case 1 is not known yet
    c.pending.get(0)!.resolve(true);
    await c.whenStarted(3);
    c.pending.get(3)!.resolve(true);
    c.pending.get(2)!.resolve(true);
    expect(await done).toBeNull();
    expect(recorded).toEqual([0, 1, 2, 3]);
    // never more than `width` at once: case 2 started only after one of 0/1 finished
    expect(c.started).toEqual([0, 1, 2, 3]);
  });

  it('stop mode: a later failure found first does not win over an earlier failure found later', async () => {
    const c = controlled(6);
    const recorded: [number, boolean][] = [];
    const done = judgeInOrder({
      items: c.items,
      width: 3,
      judge: c.judge,
      record: (r) => void recorded.push([r.i, r.ok]),
      stopsAt: (r) => !r.ok,
    });
    await c.whenStarted(2);
    c.pending.get(0)!.resolve(true);
    await c.whenStarted(3); // case 4 starts before any failure is known
    c.pending.get(2)!.resolve(false); // case 3 fails first...
    c.pending.get(1)!.resolve(false); // ...then case 2 fails too
    c.pending.get(3)!.resolve(true); // dropped: after the first failure by order
    expect(await done).toBe(1);
    // serial order: case 1 passes, case 2 is the first failure, nothing after it
    expect(recorded).toEqual([
      [0, true],
      [1, false],
    ]);
    // nothing is launched past a known failure: cases 5 and 6 never started
    expect(c.started).toEqual([0, 1, 2, 3]);
  });

  it('stop mode with width 1 is the serial loop', async () => {
    const outcomes = [true, true, false, true];
    const recorded: number[] = [];
    const started: number[] = [];
    const stop = await judgeInOrder({
      items: outcomes,
      width: 1,
      judge: async (ok, i) => {
        started.push(i);
        return { ok, i };
      },
      record: (r) => void recorded.push(r.i),
      stopsAt: (r) => !r.ok,
    });
    expect(stop).toBe(2);
    expect(recorded).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
  });

  it('random completion orders always give the serial result', async () => {
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(Math.random() * 9);
      const outcomes = Array.from({ length: n }, () => Math.random() < 0.8);
      const firstFail = outcomes.indexOf(false);
      const recorded: number[] = [];
      const stop = await judgeInOrder({
        items: outcomes,
        width: 1 + Math.floor(Math.random() * 4),
        // finish after a random number of microtask turns
        judge: async (ok, i) => {
          for (let k = Math.floor(Math.random() * 20); k > 0; k--) await Promise.resolve();
          return { ok, i };
        },
        record: (r) => void recorded.push(r.i),
        stopsAt: (r) => !r.ok,
      });
      const expected =
        firstFail < 0 ? outcomes.map((_, i) => i) : outcomes.slice(0, firstFail + 1).map((_, i) => i);
      expect(recorded).toEqual(expected);
      expect(stop).toBe(firstFail < 0 ? null : firstFail);
    }
  });

  it('a case that throws fails the whole run after the running cases settle', async () => {
    const c = controlled(3);
    const done = judgeInOrder({ items: c.items, width: 2, judge: c.judge, record: () => undefined });
    await c.whenStarted(1);
    c.pending.get(0)!.reject(new Error('slot lost'));
    c.pending.get(1)!.resolve(true);
    await expect(done).rejects.toThrow('slot lost');
    expect(c.started).toEqual([0, 1]);
  });

  it('a shared budget bounds the cases beyond the first and gets every unit back', async () => {
    let free = 1;
    let taken = 0;
    const budget = {
      take: () => (free > 0 ? (free--, taken++, true) : false),
      give: () => void free++,
    };
    const c = controlled(5);
    const recorded: number[] = [];
    const done = judgeInOrder({
      items: c.items,
      width: 4,
      judge: c.judge,
      record: (r) => void recorded.push(r.i),
      budget,
    });
    await c.whenStarted(1);
    // the first worker needs no unit; one more got the only unit; the other two found none and stopped
    expect(c.started).toEqual([0, 1]);
    for (let i = 0; i < 5; i++) {
      await c.whenStarted(i);
      expect(c.pending.size - recorded.length).toBeLessThanOrEqual(2);
      c.pending.get(i)!.resolve(true);
    }
    expect(await done).toBeNull();
    expect(recorded).toEqual([0, 1, 2, 3, 4]);
    expect(free).toBe(1);
    expect(taken).toBeGreaterThanOrEqual(1);
  });
});

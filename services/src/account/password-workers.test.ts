import os from 'node:os';
import argon2 from 'argon2';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordPool, PoolBusy } from './password-workers';
import { verifyPassword } from './passwords';

describe('password worker pool', () => {
  const pool = createPasswordPool();
  afterAll(() => pool.close());

  it('has one worker per core and hashes with the site parameters (argon2id m=19 MiB t=2 p=1)', async () => {
    expect(pool.size).toBe(os.availableParallelism());
    const hash = await pool.hash('correct horse');
    const params = /^\$argon2id\$v=19\$([^$]+)\$/.exec(hash)?.[1]?.split(',').sort();
    expect(params).toEqual(['m=19456', 'p=1', 't=2']);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });

  it('checks passwords on its workers; a malformed stored hash is a mismatch', async () => {
    const hash = await argon2.hash('s3cret', { type: argon2.argon2id });
    expect(await pool.verify(hash, 's3cret')).toBe(true);
    expect(await pool.verify(hash, 'other')).toBe(false);
    expect(await pool.verify('not-a-hash', 's3cret')).toBe(false);
  });

  it('hashes a batch, each password its own hash, workers reused', async () => {
    const passwords = Array.from({ length: pool.size * 3 + 1 }, (_, i) => `pw-${i}`);
    const hashes = await Promise.all(passwords.map((p) => pool.hash(p, 'batch')));
    expect(new Set(hashes).size).toBe(passwords.length);
    for (const [i, h] of hashes.entries()) expect(await argon2.verify(h, passwords[i]!)).toBe(true);
  });

  it('refuses work after close', async () => {
    const other = createPasswordPool(1);
    expect(await argon2.verify(await other.hash('x'), 'x')).toBe(true);
    await other.close();
    await expect(other.hash('y')).rejects.toThrow('closed');
  });
});

describe('the interactive line', () => {
  it('is bounded: past maxWaiting a call is refused at once with the seconds to wait', async () => {
    const small = createPasswordPool({ size: 1, maxWaiting: 2 });
    try {
      // One running, two waiting: the line is full.
      const taken = [small.hash('a'), small.hash('b'), small.hash('c')];
      expect(small.waiting('interactive')).toBe(2);
      const refused = small.verify('$argon2id$bogus', 'd');
      await expect(refused).rejects.toBeInstanceOf(PoolBusy);
      await expect(refused).rejects.toMatchObject({ retryAfterS: expect.any(Number) });
      expect(((await refused.catch((e: unknown) => e)) as PoolBusy).retryAfterS).toBeGreaterThanOrEqual(1);
      // The batch line is not bounded by it.
      const batch = small.hash('batch', 'batch');
      await Promise.all([...taken, batch]);
      // Room again once the line drained.
      expect(await small.verify(await taken[0]!, 'a')).toBe(true);
    } finally {
      await small.close();
    }
  });

  it('waits while the line ahead can be served in time, even when it is long', async () => {
    // 12 waiting on one worker is "long", but well within 60 s: every call is served, none refused.
    const small = createPasswordPool({ size: 1, maxWaiting: 100, maxWaitMs: 60_000 });
    try {
      const all = Array.from({ length: 13 }, (_, i) => small.hash(`p${i}`));
      expect(small.waiting('interactive')).toBe(12);
      expect(await Promise.all(all)).toHaveLength(13);
    } finally {
      await small.close();
    }
  });

  it('refuses a call still waiting at its deadline, before the work ahead of it is done', async () => {
    // 60 ms: the first computation (a worker started, argon2 loaded, 19 MiB hashed) takes longer, so
    // the second call, admitted at the first guess's pace (50 ms), is still waiting at its deadline.
    const small = createPasswordPool({ size: 1, maxWaiting: 100, maxWaitMs: 60 });
    try {
      let firstDone = false;
      const running = small.hash('a').then((h) => ((firstDone = true), h));
      const waiting = small.hash('b');
      expect(small.waiting('interactive')).toBe(1);
      const err = await waiting.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PoolBusy);
      expect(firstDone).toBe(false);
      expect(small.waiting('interactive')).toBe(0);
      expect(await running).toMatch(/^\$argon2id\$/);
    } finally {
      await small.close();
    }
  });

  it('goes before the batch line', async () => {
    const small = createPasswordPool({ size: 1, maxWaiting: 10 });
    try {
      const order: string[] = [];
      const track = (name: string, p: Promise<unknown>) => p.then(() => void order.push(name));
      const all = [
        track('b1', small.hash('1', 'batch')),
        track('b2', small.hash('2', 'batch')),
        track('b3', small.hash('3', 'batch')),
        track('login', small.hash('me')),
      ];
      await Promise.all(all);
      // b1 was already running; the sign-in went next, ahead of the batch's rest.
      expect(order).toEqual(['b1', 'login', 'b2', 'b3']);
    } finally {
      await small.close();
    }
  });
});

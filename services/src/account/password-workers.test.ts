import os from 'node:os';
import argon2 from 'argon2';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordPool } from './password-workers';
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

  it('hashes a batch, each password its own hash, workers reused', async () => {
    const passwords = Array.from({ length: pool.size * 3 + 1 }, (_, i) => `pw-${i}`);
    const hashes = await Promise.all(passwords.map((p) => pool.hash(p)));
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/support/db';
import * as repo from './repository';
import { createUser } from './seed';

describe.each(DB_KINDS)('account state rows on %s', (kind) => {
  let t: TestDatabase;
  const t0 = new Date('2026-05-01T00:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  }, 60_000);
  afterAll(() => t?.drop());

  it('counters count within their window and restart after it', async () => {
    expect(await repo.incrementCounter(t.db, 'c1', at(0), 1000, false)).toBe(1);
    expect(await repo.incrementCounter(t.db, 'c1', at(500), 1000, false)).toBe(2);
    // Without resetTtl the window still ends at 1000.
    expect(await repo.readCounter(t.db, 'c1', at(999))).toEqual({ count: 2, expiresAt: at(1000) });
    expect(await repo.readCounter(t.db, 'c1', at(1000))).toBeNull();
    expect(await repo.incrementCounter(t.db, 'c1', at(1000), 1000, false)).toBe(1);
    // With resetTtl each failure moves the window.
    await repo.incrementCounter(t.db, 'c2', at(0), 1000, true);
    await repo.incrementCounter(t.db, 'c2', at(900), 1000, true);
    expect(await repo.readCounter(t.db, 'c2', at(1500))).toEqual({ count: 2, expiresAt: at(1900) });
  });

  it('of concurrent cooldown starts exactly one wins', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => repo.tryStartCooldown(t.db, 'cd', at(0), 60_000)),
    );
    expect(results.filter((r) => r === null)).toHaveLength(1);
    for (const r of results) if (r) expect(r).toEqual(at(60_000));
    expect(await repo.tryStartCooldown(t.db, 'cd', at(59_999), 60_000)).toEqual(at(60_000));
    expect(await repo.tryStartCooldown(t.db, 'cd', at(60_000), 60_000)).toBeNull();
  });

  it('of concurrent renewals exactly one claims, and none after revocation', async () => {
    const uid = await createUser(t.db, { username: 'renew', password: 'secret123' });
    await repo.writeAuthState(t.db, uid, at(10_000), at(5_000));
    expect(await repo.claimRenewal(t.db, uid, at(4_999), at(20_000), at(15_000))).toBe(false);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => repo.claimRenewal(t.db, uid, at(6_000), at(16_000), at(11_000))),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repo.readAuthState(t.db, uid)).toEqual({
      token_expires_at: at(16_000),
      refresh_at: at(11_000),
    });
    await repo.deleteAuthState(t.db, uid);
    expect(await repo.claimRenewal(t.db, uid, at(12_000), at(30_000), at(20_000))).toBe(false);
    expect(await repo.readAuthState(t.db, uid)).toBeUndefined();
  });

  it('codes expire and purge removes only expired rows', async () => {
    await repo.putCode(t.db, 'k', 'a', '111111', at(1000));
    await repo.putCode(t.db, 'k', 'b', '222222', at(5000));
    expect(await repo.getCode(t.db, 'k', 'a', at(999))).toBe('111111');
    expect(await repo.getCode(t.db, 'k', 'a', at(1000))).toBeNull();
    await repo.purgeExpired(t.db, at(2000));
    const left = await t.db.selectFrom('account_code').select('key').where('kind', '=', 'k').execute();
    expect(left.map((r) => r.key)).toEqual(['b']);
  });

  it('createUser refuses a taken username and leaves no partial rows', async () => {
    await createUser(t.db, { username: 'dup', password: 'secret123', email: 'dup@example.com' });
    const n = async () =>
      Number(
        (
          await t.db
            .selectFrom('user_record')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await n();
    await expect(createUser(t.db, { username: 'dup', password: 'secret123' })).rejects.toThrow();
    expect(await n()).toBe(before);
  });
});

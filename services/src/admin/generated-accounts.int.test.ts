// Generated accounts on the fast keyed hash (issue #29.3), end to end on PostgreSQL: the server
// makes ≥ 96-bit passwords and stores them as $oj-hmac-sha256$…; the first sign-in succeeds and
// leaves an argon2id hash behind; a tampered hash is refused; a user-chosen password of a batch
// import is argon2id from the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '@oj/protocol/bus';
import { startHarness, type Harness } from '../account/harness.test-support';
import { upgradesSettled } from '../account/passwords';
import * as repo from './repository';
import { createUsersService } from './users-service';

describe('generated accounts: fast hash, upgraded at first sign-in (postgres)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('postgres');
  }, 120_000);
  afterAll(async () => {
    await upgradesSettled();
    await h?.close();
  });

  const users = () =>
    createUsersService({
      db: h.db,
      bus: createMemoryBus(),
      notices: { notify: async () => undefined },
      now: () => new Date(),
    });
  const login = (username: string, password: string) =>
    h.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const storedHash = async (username: string) =>
    (
      await h.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).password_hash;

  let generated: { username: string; password: string }[];
  beforeAll(async () => {
    // Asked for 8 characters: the server makes 19 (98 bits of a 36-letter alphabet) at least.
    const { key } = await users().generate({
      prefix: 'fh',
      number_from: 1,
      number_to: 4,
      password_length: 8,
    });
    generated = await repo.readGenerated(h.db, key, new Date());
  }, 60_000);

  it('stores ≥ 19-character generated passwords with the keyed hash, its key outside the database', async () => {
    expect(generated).toHaveLength(4);
    for (const g of generated) {
      expect(g.password).toMatch(/^[a-z0-9]{19}$/);
      expect(await storedHash(g.username)).toMatch(/^\$oj-hmac-sha256\$k=[0-9a-f]{8}\$/);
    }
    expect(new Set(generated.map((g) => g.password)).size).toBe(4);
  });

  it('signs in and leaves an argon2id hash behind, which signs in again', async () => {
    const g = generated[0]!;
    const first = await login(g.username, g.password);
    expect(first.json().status).toBe(200);
    await upgradesSettled();
    expect(await storedHash(g.username)).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await login(g.username, g.password)).json().status).toBe(200);
  });

  it('refuses a wrong password and keeps the fast hash (no upgrade without a sign-in)', async () => {
    const g = generated[1]!;
    const before = await storedHash(g.username);
    const r = await login(g.username, 'z'.repeat(19));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 400, msg: '用户名或密码错误！请注意大小写！' });
    await upgradesSettled();
    expect(await storedHash(g.username)).toBe(before);
  });

  it('refuses the right password against a tampered hash', async () => {
    const g = generated[2]!;
    const hash = await storedHash(g.username);
    const mac = hash.slice(hash.lastIndexOf('$') + 1);
    const tampered = hash.slice(0, hash.lastIndexOf('$') + 1) + (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1);
    await h.db
      .updateTable('users')
      .set({ password_hash: tampered })
      .where('username', '=', g.username)
      .execute();
    const r = await login(g.username, g.password);
    expect(r.json()).toMatchObject({ status: 400, msg: '用户名或密码错误！请注意大小写！' });
    await upgradesSettled();
    expect(await storedHash(g.username)).toBe(tampered);
  });

  it('hashes a user-chosen password of a batch import with argon2id from the start', async () => {
    const r = await users().insertBatch([['chosen1', 'my-own-pass']]);
    expect(r.failed).toEqual([]);
    expect(await storedHash('chosen1')).toMatch(/^\$argon2id\$v=19\$/);
    expect((await login('chosen1', 'my-own-pass')).json().status).toBe(200);
  });
});

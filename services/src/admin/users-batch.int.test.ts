// Batch user creation (issue #15): passwords hashed on the worker-thread pool, rows written a
// chunk per transaction as their hashes arrive; a name taken by a concurrent write between the
// check and the insert redoes only its chunk row by row, and every row keeps its own result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '@oj/protocol/bus';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { migrateToLatest } from '../platform/db';
import { migrations } from '../platform/db/migrations/index';
import { verifyPassword } from '../account';
import { createPasswordPool, type PasswordPool } from '../account/password-workers';
import * as repo from './repository';
import { createUsersService } from './users-service';
import { M } from './messages';
import { Role } from '@oj/protocol';

const NEEDED = ['0000', '0001', '0002', '0003', '0004', '0005', '0011'];

describe('batch user creation in chunks (postgres)', () => {
  let tdb: TestDatabase;
  let pool: PasswordPool;
  beforeAll(async () => {
    tdb = await createTestDatabase('postgres', { migrate: false });
    await migrateToLatest(
      tdb.db,
      Object.fromEntries(
        Object.entries(migrations).filter(([name]) => NEEDED.some((n) => name.startsWith(n))),
      ),
    );
    pool = createPasswordPool(2);
  });
  afterAll(async () => {
    await pool.close();
    await tdb?.drop();
  });

  const service = (hasher: PasswordPool) =>
    createUsersService({
      db: tdb.db,
      bus: createMemoryBus(),
      notices: { notify: async () => undefined },
      now: () => new Date(),
      hasher,
      insertChunk: 2,
    });

  it('creates every row through the pool, a chunk per transaction, with per-row results', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => [`chunk${i}`, `secret-${i}`]);
    const r = await service(pool).insertBatch(rows);
    expect(r.failed).toEqual([]);
    expect(r.results.map((x) => [x.row, x.username, x.ok])).toEqual(rows.map((x, i) => [i, x[0], true]));
    const stored = await tdb.db
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .where('username', 'like', 'chunk%')
      .orderBy('username')
      .execute();
    expect(stored).toHaveLength(5);
    expect(await verifyPassword(stored[3]!.password_hash, 'secret-3')).toBe(true);
  });

  it('a name taken meanwhile fails alone: only its chunk is redone row by row', async () => {
    // The hasher plays a concurrent admin: while `race2` is hashed, someone creates `race2`.
    const racing: PasswordPool = {
      size: 1,
      async hash(password) {
        if (password === 'pw-race2')
          await repo.insertUsers(
            tdb.db,
            [
              {
                uid: 'someone-else',
                username: 'race2',
                passwordHash: 'x',
                email: null,
                realname: null,
                gender: null,
                nickname: null,
                school: null,
              },
            ],
            Role.DEFAULT_USER,
          );
        return pool.hash(password);
      },
      verify: (hash, password) => pool.verify(hash, password),
      waiting: () => 0,
      close: async () => undefined,
    };
    const rows = Array.from({ length: 5 }, (_, i) => [`race${i}`, `pw-race${i}`]);
    const r = await service(racing).insertBatch(rows);
    expect(r.results.map((x) => x.ok)).toEqual([true, true, false, true, true]);
    expect(r.results[2]).toMatchObject({ row: 2, username: 'race2', reason: M.ROW_DUPLICATE });
    expect(r.failed).toEqual(['race2']);
    const names = await tdb.db
      .selectFrom('users')
      .select(['uid', 'username'])
      .where('username', 'like', 'race%')
      .orderBy('username')
      .execute();
    expect(names.map((n) => n.username)).toEqual(['race0', 'race1', 'race2', 'race3', 'race4']);
    expect(names[2]!.uid).toBe('someone-else');
  });
});

// Issue 13: an "All" notice to 100,000 users writes O(1) rows, and every user still sees it
// exactly once, read or unread; read and delete state is written only by the users who act.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { makeUser, silentLog } from '../judge/test-harness';
import { createMessageCapability, type MessageCapability } from './index';

const USERS = 100_000;

describe('site-wide notice fan-out on postgres', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let message: MessageCapability;
  const root = makeUser('u-0', 'user0', 1000);
  const uid = (i: number) => `u-${i}`;
  const user = (i: number) => makeUser(uid(i), `user${i}`, 1002);
  const rows = async () => {
    const r = await sql<{ n: number; s: number }>`select (select count(*) from msg_notice)::int as n,
      (select count(*) from msg_notice_state)::int as s`.execute(tdb.db);
    return r.rows[0]!;
  };

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    await sql`insert into users (uid, username, password_hash)
      select 'u-' || i, 'user' || i, 'x' from generate_series(0, ${USERS - 1}) as i`.execute(tdb.db);
    message = createMessageCapability({
      config: {} as never,
      db: tdb.db,
      bus,
      blobs: null as never,
      log: silentLog,
    });
  }, 120_000);
  afterAll(async () => {
    await bus?.close();
    await tdb?.drop();
  });

  it('writes one row whatever the user count; each user sees it once, read or unread', async () => {
    const before = await rows();
    const t0 = performance.now();
    await message.service.createNotice(root, { title: 'Maintenance', content: 'Tonight', type: 'All' });
    const ms = performance.now() - t0;
    const after = await rows();
    expect(after.n - before.n).toBe(1);
    expect(after.s).toBe(before.s);
    expect(ms).toBeLessThan(5_000);

    // A spread of users (first, last, every 997th): half read it, a few delete it.
    const sample = [0, USERS - 1, ...Array.from({ length: 100 }, (_, k) => 1 + k * 997)];
    for (const [k, i] of sample.entries()) {
      const u = user(i);
      expect((await message.service.unread(u.uid)).sys).toBe(1);
      if (k % 2 === 0) {
        const page = await message.service.notices(u, 'Sys', {});
        expect(page.total).toBe(1);
        expect(page.records[0]).toMatchObject({ title: 'Maintenance', state: false });
      }
    }
    await message.service.idle();
    for (const [k, i] of sample.entries()) {
      const u = user(i);
      const page = await message.service.notices(u, 'Sys', {});
      expect(page.total).toBe(1);
      // the readers see it read; the others see it unread on this first fetch
      expect(page.records[0]!.state).toBe(k % 2 === 0);
      if (k % 2 === 0) expect((await message.service.unread(u.uid)).sys).toBe(0);
      if (k % 10 === 0) await message.service.clean(u, 'Sys', page.records[0]!.id);
    }
    await message.service.idle();
    // State rows only for the users who acted (every sampled user read it by now).
    expect((await rows()).s).toBe(sample.length);
    // Across all 100,000 users at once: unread for everyone but the sampled readers.
    const unreadAll = await sql<{ n: number }>`
      select count(*)::int as n from users u cross join msg_notice n
      where n.audience = 'all' and not exists
        (select 1 from msg_notice_state s where s.notice_id = n.id and s.uid = u.uid)`.execute(tdb.db);
    expect(unreadAll.rows[0]!.n).toBe(USERS - sample.length);
    // Deleted ones are gone from those lists only.
    expect((await message.service.notices(user(sample[0]!), 'Sys', {})).total).toBe(0);
    expect((await message.service.notices(user(sample[1]!), 'Sys', {})).total).toBe(1);
  }, 120_000);
});

/** The Contest API's stored event log on both databases: a big contest's first view in one append. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../../test/support/db';
import { appendFeedEvents, feedEventsAfter } from './repository';

describe.each(DB_KINDS)('the Contest API event log (%s)', (kind) => {
  let tdb: TestDatabase;
  let cid: number;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    const inserted = await sql<{
      id: string;
    }>`insert into contest (uid, author, title, start_time, end_time, duration)
        values ('u1', 'root', 'big', now() - interval '3 hours', now() - interval '1 hour', 7200)
        returning id`.execute(tdb.db);
    cid = Number(inserted.rows[0]!.id);
  }, 120_000);
  afterAll(async () => {
    await tdb?.drop();
  });

  it('appends 30,000 events at once (past the 65,535 parameters of one statement), tokens in order', async () => {
    const add = Array.from({ length: 30_000 }, (_, i) => ({
      type: 'submissions',
      id: String(i + 1),
      data: JSON.stringify({ id: String(i + 1) }),
    }));
    const stored = await appendFeedEvents(tdb.db, cid, 'admin', 0, add);
    expect(stored).toHaveLength(30_000);
    expect(stored!.map((e) => e.id)).toEqual(add.map((e) => e.id));
    for (let i = 1; i < stored!.length; i++) expect(stored![i]!.token).toBeGreaterThan(stored![i - 1]!.token);
    // A writer whose read is older than the log appends nothing.
    expect(await appendFeedEvents(tdb.db, cid, 'admin', 0, add.slice(0, 1))).toBeNull();
    const after = await feedEventsAfter(tdb.db, cid, 'admin', stored![29_989]!.token);
    expect(after.map((e) => e.id)).toEqual(add.slice(29_990).map((e) => e.id));
  }, 120_000);
});

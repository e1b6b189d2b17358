// The scoreboard service's contest-row cache for the rank endpoints: one read shared by
// concurrent callers, reused within the TTL (so another process's edit shows up late),
// dropped by invalidate. And the rank endpoints' bodies: gzip for a page every viewer shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { gunzipSync } from 'node:zlib';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test/support/db';
import { USERS, seedUsers, testAuthenticator, tokenOf, testContext } from '../judge/test-harness';
import { runningContest } from '../judge/contest-test-setup';
import { buildApp, type App } from '../platform/http/app';
import { accountTableUsers, judgeTableSubmissions } from './adapters';
import { createContestCapability } from './index';
import { noGroups } from './ports';
import * as repo from './repository';
import { createScoreboardService } from './scoreboard-service';

for (const kind of DB_KINDS) {
  describe(`contest rows for rank pages (${kind})`, () => {
    let tdb: TestDatabase;
    let bus: Bus;
    let app: App;
    let cid = 0;

    beforeAll(async () => {
      tdb = await createTestDatabase(kind);
      bus = createMemoryBus();
      await seedUsers(tdb);
      const contest = createContestCapability(testContext(tdb.db, bus));
      app = await buildApp({ authenticator: testAuthenticator });
      await contest.routes!(app);
      await app.ready();
      const now = Date.now();
      await contest.service.adminCreate(
        USERS.admin,
        runningContest('cached', now, { startTime: new Date(now - 3600_000).toISOString() }),
      );
      cid = (await tdb.db.selectFrom('contest').select('id').executeTakeFirstOrThrow()).id;
    });
    afterAll(async () => {
      await app?.close();
      await bus?.close();
      await tdb?.drop();
    });

    const service = (contestTtlMs: number, now?: () => number) =>
      createScoreboardService({
        db: tdb.db,
        bus,
        submissions: judgeTableSubmissions(tdb.db),
        users: accountTableUsers(tdb.db),
        groups: noGroups,
        contestTtlMs,
        now,
      });

    it('shares one read, keeps it for the TTL and drops it on invalidate', async () => {
      const s = service(60_000);
      const burst = await Promise.all(Array.from({ length: 20 }, () => s.contest(cid)));
      expect(burst[0]!.title).toBe('cached');
      for (const row of burst) expect(row).toBe(burst[0]);
      // Another process edits the contest: this one keeps its row until the TTL or an invalidate.
      await repo.updateContest(tdb.db, cid, { title: 'edited' });
      expect((await s.contest(cid))!.title).toBe('cached');
      s.invalidate(cid);
      expect((await s.contest(cid))!.title).toBe('edited');
      expect(await s.contest(cid + 1000)).toBeNull();
      await repo.updateContest(tdb.db, cid, { title: 'cached' });
    });

    it('reads again once the TTL has passed', async () => {
      // A clock of our own: the test does not depend on how fast the machine runs it.
      let clock = 1_000_000;
      const s = service(50, () => clock);
      const first = await s.contest(cid);
      await repo.updateContest(tdb.db, cid, { title: 'later' });
      clock += 49;
      expect(await s.contest(cid)).toBe(first);
      clock += 1;
      expect((await s.contest(cid))!.title).toBe('later');
      await repo.updateContest(tdb.db, cid, { title: 'cached' });
    });

    it('concurrent forceRefresh calls share one recompute; a later one recomputes again', async () => {
      const source = judgeTableSubmissions(tdb.db);
      let reads = 0;
      const s = createScoreboardService({
        db: tdb.db,
        bus,
        submissions: {
          ...source,
          boardRowsOf: (id: number) => {
            reads++;
            return source.boardRowsOf!(id);
          },
        },
        users: accountTableUsers(tdb.db),
        groups: noGroups,
      });
      const c = (await s.contest(cid))!;
      const boards = await Promise.all(Array.from({ length: 5 }, () => s.refresh(c)));
      expect(reads).toBe(1);
      for (const b of boards) expect(b).toBe(boards[0]);
      const again = await s.refresh(c);
      expect(reads).toBe(2);
      expect(again).not.toBe(boards[0]);
      expect(await s.boardFor(c)).toBe(again);
    });

    it('sends a shared rank page gzipped when asked, the same JSON as the plain body', async () => {
      for (const [url, headers] of [
        ['/api/get-contest-outside-scoreboard', {}],
        ['/api/get-contest-rank', { authorization: tokenOf(USERS.alice) }],
      ] as const) {
        const payload = { cid, currentPage: 1, limit: 30 };
        const plain = await app.inject({ method: 'POST', url, payload, headers });
        expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.json()).toMatchObject({ status: 200, data: { records: [], total: 0, size: 30 } });
        const zipped = await app.inject({
          method: 'POST',
          url,
          payload,
          headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary).toBe('accept-encoding');
        expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
        // The board version the page is at (pushed rank deltas start from it), outside the body.
        expect(plain.headers['x-oj-board-version']).toMatch(/^real\/\w+\.\d+$/);
        expect(zipped.headers['x-oj-board-version']).toBe(plain.headers['x-oj-board-version']);
      }
    });

    it('the lean board read matches ofContest, timestamps truncated to the millisecond', async () => {
      const times = [
        '2026-01-01 08:00:00.123456+00',
        '2026-01-01 08:00:00.999999+00',
        '2026-01-01 09:30:00+00',
      ];
      for (const [i, at] of times.entries()) {
        await tdb.db
          .insertInto('judge')
          .values({
            pid: 1,
            display_pid: '1000',
            uid: USERS.alice.uid,
            username: USERS.alice.username,
            submit_time: new Date(at),
            status: [0, -1, 5][i]!,
            score: i === 1 ? 60 : null,
            time: i === 2 ? null : 10 + i,
            length: 1,
            code: 'x',
            language: 'C',
            cid,
            cpid: 7,
          } as never)
          .execute();
        // Sub-millisecond digits, as PostgreSQL stores them (a JS Date would drop them).
        await sql`update judge set submit_time = ${at}::timestamptz where submit_id = (select max(submit_id) from judge)`.execute(
          tdb.db,
        );
      }
      const source = judgeTableSubmissions(tdb.db);
      const full = await source.ofContest(cid);
      const lean = await source.boardRowsOf!(cid);
      expect(full).toHaveLength(3);
      expect(lean).toEqual(
        full.map((r) => ({
          submitId: r.submitId,
          uid: r.uid,
          username: r.username,
          cpid: r.cpid,
          submitTime: r.submitTime.getTime(),
          status: r.status,
          score: r.score,
          time: r.time,
        })),
      );
      expect(lean.map((r) => r.submitTime % 1000)).toEqual([123, 999, 0]);
      await tdb.db.deleteFrom('judge').execute();
    });
  });
}

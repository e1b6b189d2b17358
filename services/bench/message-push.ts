// Message push (issue 13). Two measures:
//   comment → badge — 1,000 connected sockets; one commenter posts COMMENTS comments (one after
//     the other) under a discussion written by one of the connected users; the clock runs from
//     the moment the comment request is sent, and separately from its accepted answer, to the
//     moment the author's socket receives the pushed unread counts.
//   All notice — NOTICE_USERS users in the users table (1,000,000 by default); the time of
//     POST /api/admin/msg/notice and the rows it wrote (msg_notice, msg_notice_state), then the
//     time until every connected socket got the broadcast.
// Env: SOCKETS (1000), COMMENTS (300), NOTICE_USERS (1000000), DATABASE_URL set → PostgreSQL in a
// fresh database on the TEST_DATABASE_URL server (else in-memory PGlite), NATS_URL → NATS bus.
// Prints os.loadavg() with the figures; writes bench-results/message-push.json.
import os from 'node:os';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { createMemoryBus, createNatsBus, type Bus } from '@oj/protocol/bus';
import { MessageServerEvents } from '@oj/protocol/realtime/message';
import { createDatabase, IN_MEMORY } from '../src/platform/db/index';
import { migrateToLatest } from '../src/platform/db/migrate';
import { buildApp } from '../src/platform/http/app';
import type { AuthUser } from '../src/platform/http/access';
import { createGateway } from '../src/gateway/index';
import { makeUser, silentLog, tokenAuthenticator } from '../src/judge/test-harness';
import { createDiscussionCapability } from '../src/discussion';
import { createMessageCapability } from '../src/message';
import { freshPostgres, report } from './support';

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const COMMENTS = Number(process.env.COMMENTS ?? 300);
const NOTICE_USERS = Number(process.env.NOTICE_USERS ?? 1_000_000);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2) : NaN;
};

async function main() {
  const pgDb = process.env.DATABASE_URL ? await freshPostgres() : null;
  const database = await createDatabase({ url: pgDb?.url, dataDir: IN_MEMORY, log: silentLog });
  await migrateToLatest(database.db);
  const bus: Bus = process.env.NATS_URL
    ? await createNatsBus({
        servers: process.env.NATS_URL,
        name: 'bench-message',
        streamPrefix: `BM${Date.now()}`,
        subjectPrefix: `bm${Date.now()}`,
      })
    : createMemoryBus();

  const users: AuthUser[] = Array.from({ length: SOCKETS }, (_, i) => makeUser(`m-${i}`, `muser${i}`, 1002));
  const commenter = makeUser('m-commenter', 'commenter', 1000);
  const root = makeUser('m-root', 'mroot', 1000);
  const all = [...users, commenter, root];
  await sql`insert into users (uid, username, password_hash) select * from unnest(
    ${all.map((u) => u.uid)}::text[], ${all.map((u) => u.username)}::text[], ${all.map(() => 'x')}::text[])`.execute(
    database.db,
  );
  const byToken = Object.fromEntries(all.map((u) => [u.username, u]));
  const authenticator = tokenAuthenticator(byToken);
  const ctx = { config: {} as never, db: database.db, bus, blobs: null as never, log: silentLog };
  const message = createMessageCapability(ctx);
  const discussion = createDiscussionCapability(ctx, {
    reminders: message.service.reminderPort,
    postSwitches: async () => ({
      openPublicDiscussion: true,
      openGroupDiscussion: true,
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateDiscussionDailyLimit: 5,
    }),
  });
  message.useSources(discussion.posts.sources);
  const app = await buildApp({ authenticator });
  for (const cap of [discussion, message]) await cap.routes!(app);
  await app.ready();
  const gateway = await createGateway({
    port: 0,
    host: '127.0.0.1',
    bus,
    authenticator,
    judge: { canWatchSubmission: async () => 'denied', canWatchProblem: async () => 'denied' },
    contest: { canWatchContest: async () => 'denied' },
  });

  // The author (users[0]) writes the post everyone comments on.
  const author = users[0]!;
  await discussion.posts.create(author, { title: 'bench', description: 'd', content: 'c', categoryId: 1 });
  const did = (await discussion.posts.list(author, { onlyMine: true })).records[0]!.id;

  const sockets: Socket[] = [];
  for (let i = 0; i < users.length; i += 100)
    sockets.push(
      ...(await Promise.all(
        users.slice(i, i + 100).map(
          (u) =>
            new Promise<Socket>((resolve, reject) => {
              const s = connect(`http://127.0.0.1:${gateway.port}`, {
                transports: ['websocket'],
                auth: { token: u.username },
                forceNew: true,
              });
              s.once('connect', () => resolve(s));
              s.once('connect_error', reject);
            }),
        ),
      )),
    );
  const authorSocket = sockets[0]!;

  // --- comment → author's badge push ---
  const fromSend: number[] = [];
  const fromAccept: number[] = [];
  for (let i = 0; i < COMMENTS + 20; i++) {
    const got = new Promise<number>((resolve) =>
      authorSocket.once(MessageServerEvents.unread, () => resolve(performance.now())),
    );
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/comment',
      headers: { authorization: commenter.username },
      payload: { did, content: `comment ${i}` },
    });
    const t1 = performance.now();
    if (res.json().status !== 200) throw new Error(res.body);
    const t2 = await got;
    if (i >= 20) {
      fromSend.push(t2 - t0);
      fromAccept.push(Math.max(0, t2 - t1));
    }
  }
  const commentLoad = os.loadavg();

  // --- All notice to NOTICE_USERS users ---
  const extra = NOTICE_USERS - all.length;
  const seedStart = performance.now();
  for (let from = 0; from < extra; from += 200_000)
    await sql`insert into users (uid, username, password_hash)
      select 'n-' || i, 'nuser' || i, 'x' from generate_series(${from}::int, ${Math.min(extra, from + 200_000) - 1}::int) as i`.execute(
      database.db,
    );
  const seedMs = performance.now() - seedStart;
  const count = async () =>
    (
      await sql<{ n: number; s: number; u: number }>`select (select count(*) from msg_notice)::int as n,
        (select count(*) from msg_notice_state)::int as s, (select count(*) from users)::int as u`.execute(
        database.db,
      )
    ).rows[0]!;
  const before = await count();
  const allGot = Promise.all(
    sockets.map(
      (s) =>
        new Promise<number>((resolve) =>
          s.once(MessageServerEvents.notice, () => resolve(performance.now())),
        ),
    ),
  );
  const n0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/msg/notice',
    headers: { authorization: root.username },
    payload: { title: 'Maintenance', content: 'Tonight', type: 'All' },
  });
  const noticeMs = performance.now() - n0;
  if (res.json().status !== 200) throw new Error(res.body);
  const lastSocketMs = Math.max(...(await allGot)) - n0;
  const after = await count();
  const oneUser = performance.now();
  const unread = await message.service.unread('n-12345');
  const unreadMs = performance.now() - oneUser;

  report('message-push', {
    db: pgDb ? 'postgres' : 'pglite',
    bus: process.env.NATS_URL ? 'nats' : 'memory',
    sockets: SOCKETS,
    commentToBadge: {
      comments: COMMENTS,
      fromSendMs: { p50: pct(fromSend, 50), p99: pct(fromSend, 99), max: pct(fromSend, 100) },
      fromAcceptedMs: { p50: pct(fromAccept, 50), p99: pct(fromAccept, 99), max: pct(fromAccept, 100) },
      loadAverage: commentLoad,
    },
    allNotice: {
      users: after.u,
      seedMs: Math.round(seedMs),
      requestMs: +noticeMs.toFixed(2),
      rowsWritten: { msgNotice: after.n - before.n, msgNoticeState: after.s - before.s },
      allSocketsNotifiedMs: +lastSocketMs.toFixed(2),
      oneUserUnreadAfterMs: +unreadMs.toFixed(2),
      oneUserSys: unread.sys,
      loadAverage: os.loadavg(),
    },
    machine: { cpus: os.cpus().length },
    node: process.version,
  });

  for (const s of sockets) s.disconnect();
  await gateway.close();
  await app.close();
  await bus.close();
  await database.close();
  await pgDb?.drop();
}

await main();

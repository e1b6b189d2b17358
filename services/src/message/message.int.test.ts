// Discussions, the message center, admin notices and markdown uploads over HTTP on real
// PostgreSQL (issue 13): every call, its refusals, the unread arithmetic, and the pushes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskBlobStore, createMemoryBus, type Bus } from '@oj/protocol/bus';
import { MessageSubjects, type UnreadPushed } from '@oj/protocol/realtime/message';
import type { Kysely } from 'kysely';
import { buildApp, type App } from '../platform/http/app';
import type { AuthUser } from '../platform/http/access';
import type { GroupStanding } from '../platform/shared-ports';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { makeUser, seedUsers, silentLog, tokenAuthenticator } from '../judge/test-harness';
import { createDiscussionCapability, type CommentSwitches } from '../discussion';
import { P } from '../discussion/post-messages';
import { createFileCapability } from '../file';
import { createMessageCapability, type MessageCapability } from './index';
import { M } from './messages';

const U = {
  root: makeUser('u-root', 'root', 1000),
  admin: makeUser('u-admin', 'admin', 1001),
  alice: makeUser('u-alice', 'alice', 1002),
  bob: makeUser('u-bob', 'bob', 1002),
  carol: makeUser('u-carol', 'carol', 1002),
  newbie: makeUser('u-newbie', 'newbie', 1002),
};
const byToken: Record<string, AuthUser> = Object.fromEntries(Object.values(U).map((u) => [u.username, u]));
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe('discussions and messages on postgres', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  let message: MessageCapability;
  let blobDir: string;
  const pushes: UnreadPushed[] = [];
  const switches: CommentSwitches & {
    defaultCreateDiscussionACInitValue: number;
    defaultCreateDiscussionDailyLimit: number;
  } = {
    openContestComment: true,
    openPublicDiscussion: true,
    openGroupDiscussion: true,
    defaultCreateCommentACInitValue: 0,
    defaultCreateDiscussionACInitValue: 1,
    defaultCreateDiscussionDailyLimit: 3,
  };
  const standings = new Map<string, GroupStanding>();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
  type Body = { status: number; msg: string; data: any };
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: keyof typeof U,
    payload?: unknown,
  ): Promise<Body & { http: number }> => {
    const res = await app.inject({
      method,
      url,
      headers: who ? { authorization: who === 'carol' ? 'carol' : U[who].username } : {},
      payload: payload as object,
    });
    return { http: res.statusCode, ...(res.json() as Body) };
  };
  const unread = async (who: keyof typeof U) => (await call('GET', '/api/msg/unread', who)).data;
  const post = (who: keyof typeof U, over: object = {}) =>
    call('POST', '/api/discussion', who, {
      title: 'A title',
      description: 'desc',
      content: 'body **md**',
      categoryId: 1,
      ...over,
    });
  const newest = async (who: keyof typeof U) =>
    (await call('GET', '/api/get-discussion-list?onlyMine=true', who)).data.records[0];

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    blobDir = await mkdtemp(path.join(tmpdir(), 'oj-md-'));
    await seedUsers(tdb, Object.values(U));
    // alice, bob, carol have one accepted problem; newbie none.
    let s = 1;
    for (const uid of ['u-alice', 'u-bob', 'u-carol'])
      await tdb.db.insertInto('user_acproblem').values({ uid, pid: 1, submit_id: s++ }).execute();
    await (tdb.db as unknown as Kysely<{ problem: { problem_id: string; title: string } }>)
      .insertInto('problem')
      .values({ problem_id: '1000', title: 'A+B' })
      .execute();
    const ctx = {
      config: {} as never,
      db: tdb.db,
      bus,
      blobs: createDiskBlobStore(blobDir),
      log: silentLog,
    };
    message = createMessageCapability(ctx);
    const groups = {
      standing: async (uid: string | null, gid: number) => standings.get(`${uid}@${gid}`) ?? 'none',
    };
    const discussion = createDiscussionCapability(ctx, {
      switches: async () => ({ ...switches }),
      postSwitches: async () => ({ ...switches }),
      reminders: message.service.reminderPort,
      groups: groups as never,
    });
    message.useSources(discussion.posts.sources);
    const file = createFileCapability(ctx, { groups: groups as never });
    app = await buildApp({ authenticator: tokenAuthenticator(byToken) });
    for (const cap of [discussion, message, file]) await cap.routes!(app);
    await app.ready();
    await bus.subscribe<UnreadPushed>(MessageSubjects.unreadAll, (p) => void pushes.push(p));
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await tdb?.drop();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  // ---------------- discussions ----------------

  it('categories: anyone reads, only root edits (blank names skipped, ids update)', async () => {
    const list = (await call('GET', '/api/discussion-category')).data as { id: number; name: string }[];
    expect(list.length).toBe(5);
    expect((await call('POST', '/api/discussion-category', 'admin', [])).http).toBe(403);
    expect((await call('POST', '/api/discussion-category')).http).toBe(401);
    const saved = await call('POST', '/api/discussion-category', 'root', [
      { id: list[0]!.id, name: 'Chat' },
      { name: '  ' },
      { name: 'Contest' },
    ]);
    expect(saved.data.map((c: { name: string }) => c.name)).toEqual([
      'Chat',
      ...list.slice(1).map((c) => c.name),
      'Contest',
    ]);
  });

  it('create: login, validation texts, AC threshold, daily cap, problem prefix, role and pin', async () => {
    expect((await post(undefined as never)).http).toBe(401);
    expect((await post('alice', { title: ' ' })).msg).toBe(P.TITLE_EMPTY);
    expect((await post('alice', { title: 'x'.repeat(256) })).msg).toBe(P.TITLE_LONG);
    expect((await post('alice', { description: 'x'.repeat(256) })).msg).toBe(P.DESCRIPTION_LONG);
    expect((await post('alice', { content: 'x'.repeat(65536) })).msg).toBe(P.CONTENT_LONG);
    expect((await post('alice', { categoryId: null })).msg).toBe(P.CATEGORY_EMPTY);
    expect(await post('alice', { pid: '9999' })).toMatchObject({
      status: 404,
      msg: P.PROBLEM_MISSING,
    });
    expect(await post('newbie')).toMatchObject({ status: 403, msg: P.AC_LIMIT(1) });
    expect((await post('alice', { pid: '1000', title: 'hint please', topPriority: true })).status).toBe(200);
    const mine = await newest('alice');
    expect(mine).toMatchObject({
      title: '[1000] hint please',
      pid: '1000',
      topPriority: false,
      role: 'user',
    });
    expect((await post('admin', { title: 'pinned', topPriority: true })).status).toBe(200);
    expect(await newest('admin')).toMatchObject({ topPriority: true, role: 'admin' });
    // daily cap 3 for carol
    for (let i = 0; i < 3; i++) expect((await post('carol', { title: `c${i}` })).status).toBe(200);
    expect(await post('carol')).toMatchObject({ status: 403, msg: P.DAILY_LIMIT(3) });
  });

  it('list: 10 a page, pinned first, keyword, category, problem scope, onlyMine, content only for the author', async () => {
    const all = await call('GET', '/api/get-discussion-list');
    expect(all.data).toMatchObject({ size: 10, current: 1, total: 5 });
    expect(all.data.records[0].title).toBe('pinned');
    expect(all.data.records.find((r: { author: string }) => r.author === 'alice').content).toBeNull();
    const mine = await call('GET', '/api/get-discussion-list?onlyMine=true', 'alice');
    expect(mine.data.records.map((r: { content: string }) => r.content)).toEqual(['body **md**']);
    expect((await call('GET', '/api/get-discussion-list?pid=1000')).data.total).toBe(1);
    expect((await call('GET', '/api/get-discussion-list?keyword=HINT')).data.total).toBe(1);
    expect((await call('GET', '/api/get-discussion-list?keyword=carol')).data.total).toBe(3);
    expect((await call('GET', '/api/get-discussion-list?cid=2')).data.total).toBe(0);
    expect((await call('GET', '/api/get-discussion-list?limit=2&currentPage=3')).data.records.length).toBe(1);
  });

  it('detail counts views, hasLike is true or null; like is idempotent and tells the author once', async () => {
    const did = (await newest('alice')).id as number;
    const d1 = await call('GET', `/api/get-discussion-detail?did=${did}`);
    const d2 = await call('GET', `/api/get-discussion-detail?did=${did}`, 'bob');
    expect(d2.data.viewNum).toBe(d1.data.viewNum + 1);
    expect(d2.data).toMatchObject({
      hasLike: null,
      categoryName: expect.any(String),
      content: 'body **md**',
    });
    expect((await call('GET', `/api/get-discussion-detail?did=999999`)).msg).toBe(P.MISSING);
    expect((await call('GET', `/api/discussion-like?did=${did}&toLike=true`)).http).toBe(401);
    const before = await unread('alice');
    expect((await call('GET', `/api/discussion-like?did=${did}&toLike=true`, 'bob')).status).toBe(200);
    expect((await call('GET', `/api/discussion-like?did=${did}&toLike=true`, 'bob')).status).toBe(200);
    // alice liking her own post does not remind her
    await call('GET', `/api/discussion-like?did=${did}&toLike=true`, 'alice');
    const d3 = await call('GET', `/api/get-discussion-detail?did=${did}`, 'bob');
    expect(d3.data).toMatchObject({ likeNum: 2, hasLike: true });
    expect((await unread('alice')).like).toBe(before.like + 1);
    expect(pushes.some((p) => p.uid === 'u-alice' && p.counts.like === before.like + 1)).toBe(true);
    await call('GET', `/api/discussion-like?did=${did}&toLike=false`, 'bob');
    await call('GET', `/api/discussion-like?did=${did}&toLike=false`, 'bob');
    expect((await call('GET', `/api/get-discussion-detail?did=${did}`, 'bob')).data).toMatchObject({
      likeNum: 1,
      hasLike: null,
    });
  });

  it('edit: the author only (not a site admin); pin only by admins; delete: author or admin', async () => {
    const did = (await newest('alice')).id as number;
    const body = {
      id: did,
      title: 'edited',
      description: 'd2',
      content: 'c2',
      categoryId: 1,
      topPriority: true,
    };
    expect((await call('PUT', '/api/discussion', 'bob', body)).msg).toBe(P.NO_PERMISSION);
    expect((await call('PUT', '/api/discussion', 'admin', body)).msg).toBe(P.NO_PERMISSION);
    expect((await call('PUT', '/api/discussion', 'alice', { ...body, id: null })).msg).toBe(P.ID_EMPTY);
    expect((await call('PUT', '/api/discussion', 'alice', { ...body, title: '' })).msg).toBe(P.TITLE_EMPTY);
    expect((await call('PUT', '/api/discussion', 'alice', body)).status).toBe(200);
    expect((await call('GET', `/api/get-discussion-detail?did=${did}`)).data).toMatchObject({
      title: '[1000] edited',
      content: 'c2',
      topPriority: false,
    });
    const carols = (await call('GET', '/api/get-discussion-list?onlyMine=true', 'carol')).data.records;
    expect((await call('DELETE', `/api/discussion?did=${carols[0].id}`, 'bob')).msg).toBe(P.NO_PERMISSION);
    expect((await call('DELETE', `/api/discussion?did=${carols[0].id}`, 'carol')).status).toBe(200);
    expect((await call('DELETE', `/api/discussion?did=${carols[1].id}`, 'admin')).status).toBe(200);
    expect((await call('DELETE', `/api/discussion?did=${carols[1].id}`, 'admin')).msg).toBe(P.DELETE_MISSING);
  });

  it('the openPublicDiscussion switch closes list (HTTP 403), detail (body 403), writes', async () => {
    const did = (await newest('alice')).id as number;
    switches.openPublicDiscussion = false;
    try {
      expect(await call('GET', '/api/get-discussion-list')).toMatchObject({
        http: 403,
        status: 403,
        msg: P.PUBLIC_SWITCH_OFF,
      });
      expect(await call('GET', `/api/get-discussion-detail?did=${did}`)).toMatchObject({
        http: 200,
        status: 403,
      });
      expect((await post('alice')).http).toBe(403);
      expect((await call('POST', '/api/comment', 'bob', { did, content: 'x' })).status).toBe(403);
    } finally {
      switches.openPublicDiscussion = true;
    }
  });

  it('reports: login, a label or reason, bounded, reporter from the session; admin queue and handled state', async () => {
    const did = (await newest('alice')).id as number;
    expect((await call('POST', '/api/discussion-report', undefined, { did, content: 'x' })).http).toBe(401);
    expect((await call('POST', '/api/discussion-report', 'bob', { did, content: '  ' })).msg).toBe(
      P.REPORT_EMPTY,
    );
    expect((await call('POST', '/api/discussion-report', 'bob', { did, content: 'x'.repeat(401) })).msg).toBe(
      P.REPORT_LONG,
    );
    expect((await call('POST', '/api/discussion-report', 'bob', { did: 424242, content: 'x' })).msg).toBe(
      P.MISSING,
    );
    expect(
      (await call('POST', '/api/discussion-report', 'bob', { did, reporter: 'alice', content: '#spam why' }))
        .status,
    ).toBe(200);
    expect((await call('GET', '/api/admin/discussion-report', 'bob')).http).toBe(403);
    const queue = await call('GET', '/api/admin/discussion-report', 'admin');
    expect(queue.data.records[0]).toMatchObject({
      did,
      reporter: 'bob',
      content: '#spam why',
      status: false,
    });
    const id = queue.data.records[0].id;
    expect((await call('PUT', '/api/admin/discussion-report', 'admin', { id, status: true })).status).toBe(
      200,
    );
    expect((await call('GET', '/api/admin/discussion-report', 'admin')).data.records[0].status).toBe(true);
    expect(
      (await call('PUT', '/api/admin/discussion-report', 'admin', { id: 999999, status: true })).msg,
    ).toBe(P.UPDATE_FAILED);
  });

  it('admin: pin, ban (hidden from the list, shown with admin=true), delete by id list', async () => {
    const did = (await newest('alice')).id as number;
    expect((await call('PUT', '/api/admin/discussion', 'alice', { id: did, status: 1 })).http).toBe(403);
    expect((await call('PUT', '/api/admin/discussion', 'admin', { id: did, topPriority: true })).status).toBe(
      200,
    );
    expect((await call('PUT', '/api/admin/discussion', 'admin', { id: did, status: 1 })).status).toBe(200);
    expect((await call('GET', `/api/get-discussion-detail?did=${did}`)).msg).toBe(P.BANNED);
    expect((await call('GET', '/api/get-discussion-list?pid=1000')).data.total).toBe(0);
    expect(
      (await call('GET', '/api/get-discussion-list?pid=1000&admin=true', 'admin')).data.records[0],
    ).toMatchObject({
      id: did,
      topPriority: true,
      status: 1,
    });
    expect((await call('GET', '/api/get-discussion-list?pid=1000&admin=true', 'alice')).data.total).toBe(0);
    await call('PUT', '/api/admin/discussion', 'admin', { id: did, status: 0 });
    expect((await post('carol', { title: 'to be deleted' })).status).toBe(200);
    const carol = (await newest('carol')).id as number;
    expect((await call('DELETE', '/api/admin/discussion', 'admin', [carol])).status).toBe(200);
    expect((await call('DELETE', '/api/admin/discussion', 'admin', [carol])).msg).toBe(P.DELETE_FAILED);
  });

  // ---------------- reminders and the unread arithmetic ----------------

  it('a comment on my post, a reply to me, a like of my comment: reminders, counts, pages, read marks', async () => {
    const did = (await newest('alice')).id as number;
    const base = await unread('alice');
    const c = await call('POST', '/api/comment', 'bob', { did, content: 'nice post '.repeat(30) });
    expect(c.status).toBe(200);
    // alice comments on her own post: reminded too (reference §4)
    await call('POST', '/api/comment', 'alice', { did, content: 'self' });
    expect((await unread('alice')).comment).toBe(base.comment + 2);
    expect((await call('GET', `/api/get-discussion-detail?did=${did}`)).data).toBeDefined();

    // reply from alice to bob's comment → bob gets a Reply reminder quoting his comment
    const r = await call('POST', '/api/reply', 'alice', {
      did,
      reply: { commentId: c.data.id, toUid: 'u-bob', toName: 'bob', content: 'thanks' },
      quoteId: c.data.id,
      quoteType: 'Comment',
    });
    expect(r.status).toBe(200);
    expect(await unread('bob')).toMatchObject({ reply: 1 });
    // alice likes bob's comment → Like_Discuss for bob; bob liking his own does not
    await call(
      'GET',
      `/api/comment-like?cid=${c.data.id}&toLike=true&sourceId=${did}&sourceType=Discussion`,
      'alice',
    );
    await call(
      'GET',
      `/api/comment-like?cid=${c.data.id}&toLike=true&sourceId=${did}&sourceType=Discussion`,
      'bob',
    );
    expect(await unread('bob')).toMatchObject({ reply: 1, like: 1 });

    const page = await call('GET', '/api/msg/comment?limit=6', 'alice');
    expect(page.data).toMatchObject({ size: 6, total: base.comment + 2 });
    const first = page.data.records.find((m: { senderUsername: string }) => m.senderUsername === 'bob');
    expect(first).toMatchObject({
      action: 'Discuss',
      state: false,
      sourceType: 'Discussion',
      sourceTitle: '[1000] edited',
      url: `/discussion-detail/${did}`,
      senderId: 'u-bob',
    });
    expect(first.sourceContent).toBe('nice post '.repeat(20) + '...');
    // marked read after the answer: the count drops, and a push carries it
    await message.service.idle();
    expect((await unread('alice')).comment).toBe(0);
    expect(pushes.at(-1)).toMatchObject({ uid: 'u-alice', counts: { comment: 0 } });
    expect((await call('GET', '/api/msg/comment', 'alice')).data.records[0].state).toBe(true);

    const replies = await call('GET', '/api/msg/reply', 'bob');
    expect(replies.data.size).toBe(5);
    expect(replies.data.records[0]).toMatchObject({
      action: 'Reply',
      quoteType: 'Comment',
      quoteContent: `bob : ${'nice post '.repeat(10)}...`,
      sourceContent: 'thanks',
    });
    const likes = await call('GET', '/api/msg/like', 'bob');
    expect(likes.data.records.map((m: { action: string }) => m.action)).toEqual(['Like_Discuss']);
    await message.service.idle();
    expect(await unread('bob')).toMatchObject({ reply: 0, like: 0 });
  });

  it('clean: one by id, all of one kind, refusals', async () => {
    const did = (await newest('alice')).id as number;
    for (const who of ['bob', 'carol'] as const)
      await call('POST', '/api/comment', who, { did, content: `from ${who}` });
    const ids = (await call('GET', '/api/msg/comment', 'alice')).data.records.map(
      (m: { id: number }) => m.id,
    );
    expect(ids.length).toBe(4);
    expect((await call('DELETE', '/api/msg/clean?type=Discuss')).http).toBe(401);
    expect((await call('DELETE', `/api/msg/clean?type=Discuss&id=${ids[0]}`, 'bob')).msg).toBe(
      M.CLEAN_FAILED,
    );
    expect((await call('DELETE', `/api/msg/clean?type=Bogus`, 'alice')).msg).toBe(M.CLEAN_TYPE);
    expect((await call('DELETE', `/api/msg/clean?type=Discuss&id=${ids[0]}`, 'alice')).status).toBe(200);
    expect((await call('GET', '/api/msg/comment', 'alice')).data.total).toBe(3);
    const likesBefore = (await call('GET', '/api/msg/like', 'alice')).data.total;
    expect((await call('DELETE', `/api/msg/clean?type=Discuss`, 'alice')).status).toBe(200);
    expect((await call('GET', '/api/msg/comment', 'alice')).data.total).toBe(0);
    expect((await call('GET', '/api/msg/like', 'alice')).data.total).toBe(likesBefore);
    expect((await call('DELETE', `/api/msg/clean?type=Discuss`, 'alice')).msg).toBe(M.CLEAN_FAILED);
    await message.service.idle();
  });

  it('deleted sources read as deleted in the lists', async () => {
    expect((await post('carol', { title: 'to be deleted' })).status).toBe(200);
    const carol = (await newest('carol')).id as number;
    await call('GET', `/api/discussion-like?did=${carol}&toLike=true`, 'bob');
    await call('DELETE', `/api/discussion?did=${carol}`, 'carol');
    const likes = (await call('GET', '/api/msg/like', 'carol')).data.records;
    expect(likes[0]).toMatchObject({ action: 'Like_Post', sourceTitle: M.DISCUSSION_DELETED });
    await message.service.idle();
  });

  // ---------------- notices ----------------

  it('admin notices: root only, validation, All stored once and seen by everyone, Single, Admin', async () => {
    const note = { title: 'Hello all', content: 'site **news**', type: 'All' };
    expect((await call('POST', '/api/admin/msg/notice', 'admin', note)).http).toBe(403);
    expect((await call('POST', '/api/admin/msg/notice', undefined, note)).http).toBe(401);
    expect((await call('POST', '/api/admin/msg/notice', 'root', { ...note, title: '' })).msg).toBe(
      M.NOTICE_TITLE_EMPTY,
    );
    expect(
      (await call('POST', '/api/admin/msg/notice', 'root', { ...note, title: 'x'.repeat(256) })).msg,
    ).toBe(M.NOTICE_TITLE_LONG);
    expect((await call('POST', '/api/admin/msg/notice', 'root', { ...note, type: 'Everyone' })).msg).toBe(
      M.NOTICE_TYPE,
    );
    expect(
      (
        await call('POST', '/api/admin/msg/notice', 'root', {
          ...note,
          type: 'Single',
          recipientUsername: 'nobody',
        })
      ).msg,
    ).toBe(M.NOTICE_RECIPIENT);
    const rowsBefore = Number(
      (
        (await tdb.db
          .selectFrom('msg_notice' as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()) as { n: string }
      ).n,
    );
    expect((await call('POST', '/api/admin/msg/notice', 'root', note)).status).toBe(200);
    const rowsAfter = Number(
      (
        (await tdb.db
          .selectFrom('msg_notice' as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()) as { n: string }
      ).n,
    );
    expect(rowsAfter - rowsBefore).toBe(1);
    expect(
      (
        await call('POST', '/api/admin/msg/notice', 'root', {
          ...note,
          title: 'For bob',
          type: 'Single',
          recipientUsername: 'bob',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/admin/msg/notice', 'root', { ...note, title: 'Admins', type: 'Admin' }))
        .status,
    ).toBe(200);

    for (const who of ['alice', 'bob', 'newbie'] as const) expect((await unread(who)).sys).toBe(1);
    expect((await unread('bob')).mine).toBe(1);
    expect((await unread('alice')).mine).toBe(0);
    const sys = await call('GET', '/api/msg/sys?limit=8', 'alice');
    expect(sys.data).toMatchObject({ size: 8, total: 1 });
    expect(sys.data.records[0]).toMatchObject({
      title: 'Hello all',
      type: 'Sys',
      state: false,
      adminId: 'u-root',
    });
    await message.service.idle();
    expect((await unread('alice')).sys).toBe(0);
    expect((await unread('bob')).sys).toBe(1);
    expect((await call('GET', '/api/msg/sys', 'alice')).data.records[0].state).toBe(true);
    // read twice → still one item, still read
    expect((await call('GET', '/api/msg/sys', 'alice')).data.total).toBe(1);
    const mine = await call('GET', '/api/msg/mine', 'bob');
    expect(mine.data.records[0]).toMatchObject({ title: 'For bob', type: 'Mine' });

    const list = await call('GET', '/api/admin/msg/notice', 'root');
    expect(list.data).toMatchObject({ size: 5, total: 3 });
    expect((await call('GET', '/api/admin/msg/notice?type=Single', 'root')).data.records[0]).toMatchObject({
      title: 'For bob',
      recipientUsername: 'bob',
      adminUsername: 'root',
      state: true,
    });
    const allId = list.data.records.find((n: { type: string }) => n.type === 'All').id;
    expect(
      (await call('PUT', '/api/admin/msg/notice', 'root', { ...note, id: allId, title: 'Hello again' }))
        .status,
    ).toBe(200);
    expect((await call('GET', '/api/msg/sys', 'bob')).data.records[0].title).toBe('Hello again');

    // a user deletes the All notice from their list; others keep it; clean without id hides all
    expect((await call('DELETE', `/api/msg/clean?type=Sys&id=${allId}`, 'bob')).status).toBe(200);
    expect((await call('GET', '/api/msg/sys', 'bob')).data.total).toBe(0);
    expect((await unread('bob')).sys).toBe(0);
    expect((await call('DELETE', `/api/msg/clean?type=Sys&id=${allId}`, 'bob')).msg).toBe(M.CLEAN_FAILED);
    expect((await call('GET', '/api/msg/sys', 'newbie')).data.total).toBe(1);
    expect((await call('DELETE', `/api/msg/clean?type=Sys`, 'newbie')).status).toBe(200);
    expect((await unread('newbie')).sys).toBe(0);
    expect((await call('DELETE', `/api/msg/clean?type=Mine`, 'bob')).status).toBe(200);
    expect((await unread('bob')).mine).toBe(0);

    // a user created later still sees earlier All notices
    await seedUsers(tdb, [makeUser('u-late', 'late', 1002)]);
    byToken.late = makeUser('u-late', 'late', 1002);
    const late = await app.inject({
      method: 'GET',
      url: '/api/msg/unread',
      headers: { authorization: 'late' },
    });
    expect(late.json().data.sys).toBe(1);

    expect((await call('DELETE', `/api/admin/msg/notice?id=${allId}`, 'root')).status).toBe(200);
    expect((await unread('alice')).sys).toBe(0);
    expect((await call('DELETE', `/api/admin/msg/notice?id=${allId}`, 'root')).msg).toBe(M.DELETE_FAILED);
    await message.service.idle();
  });

  it('NoticePort: personal Sys/Mine notices with a push', async () => {
    pushes.length = 0;
    await message.service.noticePort.notify({
      toUids: ['u-carol', 'u-carol'],
      title: '权限变更通知',
      content: 'x',
      kind: 'Sys',
    });
    expect((await unread('carol')).sys).toBe(1);
    expect(pushes.filter((p) => p.uid === 'u-carol').length).toBe(1);
  });

  // ---------------- uploads ----------------

  it('markdown uploads: images for any user (checked), files for admins, served back', async () => {
    const form = (field: string, name: string, bytes: Buffer, type = 'application/octet-stream') => {
      const boundary = 'XbOuNdArY';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const upload = async (url: string, who: string | null, f: ReturnType<typeof form>) => {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: f.payload,
        headers: { ...f.headers, ...(who ? { authorization: who } : {}) },
      });
      return { http: res.statusCode, ...(res.json() as Body) };
    };
    expect((await upload('/api/file/upload-md-img', null, form('image', 'a.png', PNG))).http).toBe(401);
    const img = await upload('/api/file/upload-md-img', 'bob', form('image', 'a.png', PNG, 'image/png'));
    expect(img.data.link).toMatch(/^\/api\/public\/img\/md\/[0-9a-f]{32}\.png$/);
    const got = await app.inject({ method: 'GET', url: img.data.link });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
    expect(
      (
        await upload(
          '/api/file/upload-md-img',
          'bob',
          form('image', 'x.svg', Buffer.from('<svg onload=alert(1)>')),
        )
      ).msg,
    ).toBe('请选择jpg,jpeg,gif,png,webp格式的图片！');
    expect(
      (
        await upload(
          '/api/file/upload-md-img',
          'bob',
          form('image', 'evil.png', Buffer.from('<html><script>')),
        )
      ).msg,
    ).toBe('请选择jpg,jpeg,gif,png,webp格式的图片！');
    expect(
      (
        await upload(
          '/api/file/upload-md-img',
          'bob',
          form('image', 'big.png', Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)])),
        )
      ).msg,
    ).toBe('上传的图片文件大小不能大于4M！');
    expect((await upload('/api/file/upload-md-img', 'bob', form('other', 'a.png', PNG))).msg).toBe(
      '上传的图片不能为空！',
    );
    expect(
      (await upload('/api/file/upload-md-file', 'bob', form('file', 'n.pdf', Buffer.from('%PDF')))).status,
    ).toBe(403);
    const file = await upload(
      '/api/file/upload-md-file',
      'admin',
      form('file', 'notes.html', Buffer.from('<script>alert(1)</script>')),
    );
    expect(file.data.link).toMatch(/^\/api\/public\/file\/md\/[0-9a-f]{32}\.html$/);
    const served = await app.inject({ method: 'GET', url: file.data.link });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toContain('attachment');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await app.inject({ method: 'GET', url: '/api/public/img/md/..%2F..%2Fetc' })).statusCode).toBe(
      400,
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/public/img/md/${'0'.repeat(32)}.png` })).statusCode,
    ).toBe(404);
    // delete: owner (or root / problem_admin) only
    expect((await call('GET', `/api/file/delete-md-img?fileId=${img.data.fileId}`, 'alice')).status).toBe(
      403,
    );
    expect((await call('GET', `/api/file/delete-md-img?fileId=${img.data.fileId}`, 'bob')).status).toBe(200);
    expect((await call('GET', `/api/file/delete-md-img?fileId=${img.data.fileId}`, 'bob')).msg).toBe(
      '错误：文件不存在！',
    );
  });
});

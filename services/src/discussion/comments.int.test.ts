// The comment area end to end over HTTP: contest Q&A visibility, writing, replying,
// deleting, likes, switches and refusals, against the real contest capability.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { CommentVO, ReplyVO } from '@oj/protocol/discussion/schemas';
import type { AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/support/db';
import { createContestCapability, type ContestCapability } from '../contest';
import { M as CM } from '../contest/messages';
import { createDiscussionCapability, type DiscussionCapability, type CommentSwitches } from './index';
import { M } from './messages';
import { testContext, tokenAuthenticator } from '../judge/test-harness';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const COMMENTING = ['comment_add', 'reply_add'];
const mk = (uid: string, roleIds: number[], roles: string[], permissions = COMMENTING): AuthUser => ({
  uid,
  username: uid,
  roleIds,
  roles,
  permissions,
});
const USERS: Record<string, AuthUser> = {
  root: mk('root', [1000], ['root']),
  creator: mk('creator', [1001], ['admin']),
  adm2: mk('adm2', [1001], ['admin']),
  bob: mk('bob', [1002], ['default_user']),
  carol: mk('carol', [1002], ['default_user']),
  mute: mk('mute', [1007], ['mute_user'], []),
  owner: mk('owner', [1002], ['default_user']),
};
const authenticator = tokenAuthenticator(USERS);

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DB_KINDS)('comment area on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  let contest: ContestCapability;
  let discussion: DiscussionCapability;
  const base = Date.now();
  let clock = base;
  const switches: CommentSwitches = {
    openContestComment: true,
    openPublicDiscussion: true,
    openGroupDiscussion: true,
    defaultCreateCommentACInitValue: 10,
  };
  const events: { subject: string; payload: unknown }[] = [];
  let running = 0;
  let scheduled = 0;
  let privateCid = 0;
  let groupCid = 0;

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, who?: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: who ? { authorization: who } : {}, payload });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
    const body = res.json() as { status: number; msg: string; data: any };
    return { http: res.statusCode, body };
  };
  const post = (who: string, cid: number, content: string) =>
    call('POST', '/api/comment', who, { cid, content });
  const list = async (cid: number, who?: string) => {
    const r = await call('GET', `/api/comments?cid=${cid}&limit=50`, who);
    expect(r.body.status).toBe(200);
    return r.body.data as { commentList: { records: CommentVO[]; total: number }; commentLikeMap: object };
  };
  const authorsSeen = async (cid: number, who?: string) =>
    (await list(cid, who)).commentList.records.map((c) => c.fromUid).sort();

  async function createContest(title: string, over: Record<string, unknown> = {}): Promise<number> {
    const r = await call('POST', '/api/admin/contest', 'creator', {
      title,
      description: 'd',
      type: 0,
      auth: 0,
      startTime: iso(base - 60 * MIN),
      endTime: iso(base + 60 * MIN),
      uid: 'creator',
      author: 'creator',
      ...over,
    });
    expect(r.body.status).toBe(200);
    const row = await tdb.db
      .selectFrom('contest')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    bus = createMemoryBus();
    await bus.subscribe(
      Subjects.contestEventAll,
      (payload, subject) => void events.push({ subject, payload }),
    );
    for (const u of Object.values(USERS)) {
      await tdb.db
        .insertInto('users')
        .values({
          uid: u.uid,
          username: u.username,
          password_hash: 'x',
          avatar: `/img/${u.uid}.png`,
          title_name: u.uid === 'bob' ? 'Champion' : null,
          title_color: u.uid === 'bob' ? '#f00' : null,
        })
        .execute();
      for (const roleId of u.roleIds)
        await tdb.db.insertInto('user_role').values({ uid: u.uid, role_id: roleId }).execute();
    }
    const ctx = testContext(tdb.db, bus, log);
    // Group 5: owner owns it; bob and carol are members.
    contest = createContestCapability(ctx, {
      now: () => clock,
      groups: {
        isMember: async (gid, uid) => gid === 5 && ['owner', 'bob', 'carol'].includes(uid),
        ownerUids: async (gid) => (gid === 5 ? ['owner'] : []),
      },
    });
    discussion = createDiscussionCapability(ctx, {
      contests: {
        facts: (viewer, cid) => contest.service.commentFacts(viewer, cid),
        checkAccess: (user, cid) => contest.service.checkAccess(user, cid),
      },
      switches: async () => ({ ...switches }),
      now: () => clock,
    });
    app = await buildApp({ authenticator });
    await contest.routes!(app);
    await discussion.routes!(app);
    await app.ready();
    running = await createContest('running');
    scheduled = await createContest('scheduled', {
      startTime: iso(base + 60 * MIN),
      endTime: iso(base + 120 * MIN),
    });
    privateCid = await createContest('private', { auth: 1, pwd: 'pw' });
    groupCid = await createContest('group');
    await tdb.db.updateTable('contest').set({ is_group: true, gid: 5 }).where('id', '=', groupCid).execute();
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await tdb?.drop();
  });

  describe('writing comments', () => {
    it('refuses anonymous (HTTP 401) and users without comment_add (HTTP 403)', async () => {
      expect((await post('', running, 'hi')).http).toBe(401);
      expect((await post('mute', running, 'hi')).http).toBe(403);
    });

    it('validates content: blank and over 10000 characters', async () => {
      expect((await post('bob', running, '  ')).body).toMatchObject({ status: 400, msg: M.COMMENT_EMPTY });
      expect((await post('bob', running, 'x'.repeat(10001))).body).toMatchObject({
        status: 400,
        msg: M.COMMENT_LONG,
      });
      expect((await call('POST', '/api/comment', 'bob', { content: 'x' })).body).toMatchObject({
        status: 400,
        msg: M.SOURCE_MISSING,
      });
    });

    it('refuses a missing contest, a scheduled one for participants, an unregistered private one', async () => {
      expect((await post('bob', 999_999, 'hi')).body).toMatchObject({
        status: 400,
        msg: M.COMMENT_CONTEST_GONE,
      });
      expect((await post('bob', scheduled, 'hi')).body).toMatchObject({ status: 403, msg: CM.NOT_STARTED });
      expect((await post('bob', privateCid, 'hi')).body).toMatchObject({
        status: 403,
        msg: CM.REGISTER_FIRST,
      });
      const reg = await call('POST', '/api/register-contest', 'bob', { cid: privateCid, password: 'pw' });
      expect(reg.body.status).toBe(200);
      expect((await post('bob', privateCid, 'registered now')).body.status).toBe(200);
      // The creator may write before the start.
      expect((await post('creator', scheduled, 'welcome')).body.status).toBe(200);
    });

    it('stores the transformed content and answers the new CommentVO; contest admins get a push', async () => {
      events.length = 0;
      const r = await post('bob', running, 'Question 😀 <video autoplay></video>');
      expect(r.body.status).toBe(200);
      expect(r.body.data).toMatchObject({
        content: 'Question &#128512; <video controls></video>',
        fromUid: 'bob',
        fromName: 'bob',
        fromAvatar: '/img/bob.png',
        fromTitleName: 'Champion',
        fromTitleColor: '#f00',
        likeNum: 0,
        fromRole: null,
        totalReplyNum: null,
        replyList: [],
      });
      expect(events).toEqual([
        {
          subject: Subjects.contestEvent(running, 'comment'),
          payload: {
            cid: running,
            commentId: r.body.data.id,
            replyId: null,
            fromUid: 'bob',
            fromName: 'bob',
            at: clock,
          },
        },
      ]);
      for (const who of ['carol', 'creator', 'root', 'adm2'])
        expect((await post(who, running, `from ${who}`)).body.status).toBe(200);
    });

    it('obeys the openContestComment switch (403 in the body) for reads and writes', async () => {
      switches.openContestComment = false;
      try {
        for (const r of [
          await post('bob', running, 'x'),
          await call('GET', `/api/comments?cid=${running}`),
        ]) {
          expect(r.http).toBe(200);
          expect(r.body).toMatchObject({ status: 403, msg: M.CONTEST_SWITCH_OFF });
        }
      } finally {
        switches.openContestComment = true;
      }
    });
  });

  describe('Q&A visibility', () => {
    it('while running, participants see their own, super admin and creator comments only', async () => {
      expect(await authorsSeen(running, 'bob')).toEqual(['bob', 'creator', 'root']);
      expect(await authorsSeen(running, 'carol')).toEqual(['carol', 'creator', 'root']);
      // A site admin who is not this contest's admin is filtered like anyone.
      expect(await authorsSeen(running, 'adm2')).toEqual(['adm2', 'creator', 'root']);
    });

    it('is read under the contest access check (compat X9): no anonymous reader, nobody before the start', async () => {
      expect((await call('GET', `/api/comments?cid=${running}&limit=50`)).http).toBe(401);
      try {
        clock = base - 120 * MIN;
        const early = await call('GET', `/api/comments?cid=${running}&limit=50`, 'carol');
        expect(early.body).toMatchObject({ status: 403, msg: CM.NOT_STARTED });
        expect(await authorsSeen(running, 'creator')).toHaveLength(5);
      } finally {
        clock = base;
      }
    });

    it('root and the creator see everything while running', async () => {
      const all = ['adm2', 'bob', 'carol', 'creator', 'root'];
      expect(await authorsSeen(running, 'root')).toEqual(all);
      expect(await authorsSeen(running, 'creator')).toEqual(all);
    });

    it('after the end everyone with access sees everything', async () => {
      const all = ['adm2', 'bob', 'carol', 'creator', 'root'];
      try {
        clock = base + 120 * MIN;
        expect(await authorsSeen(running, 'carol')).toEqual(all);
        expect(await authorsSeen(running, 'bob')).toEqual(all);
      } finally {
        clock = base;
      }
    });

    it('answers the listing fields and pages', async () => {
      const data = await list(running, 'root');
      expect(data.commentList.total).toBe(5);
      const bob = data.commentList.records.find((c) => c.fromUid === 'bob')!;
      expect(bob).toMatchObject({ fromRole: 'user', fromTitleName: 'Champion', totalReplyNum: 0 });
      expect(data.commentList.records.find((c) => c.fromUid === 'root')!.fromRole).toBe('root');
      expect(data.commentList.records.find((c) => c.fromUid === 'adm2')!.fromRole).toBe('admin');
      const page = await call('GET', `/api/comments?cid=${running}&limit=2&currentPage=3`, 'root');
      expect(page.body.data.commentList).toMatchObject({ total: 5, size: 2, current: 3 });
      expect(page.body.data.commentList.records).toHaveLength(1);
    });

    it('refuses a missing contest and a missing discussion', async () => {
      expect((await call('GET', '/api/comments?cid=999999')).body).toMatchObject({
        status: 400,
        msg: M.CONTEST_MISSING,
      });
      expect((await call('GET', '/api/comments?did=1')).body).toMatchObject({
        status: 404,
        msg: M.DISCUSSION_MISSING,
      });
      expect((await call('POST', '/api/comment', 'bob', { did: 1, content: 'x' })).body).toMatchObject({
        status: 400,
        msg: M.COMMENT_DISCUSSION_GONE,
      });
    });
  });

  describe('replies', () => {
    let bobComment = 0;
    let creatorComment = 0;
    let bobReply = 0;
    let creatorReply = 0;

    beforeAll(async () => {
      const records = (await list(running, 'root')).commentList.records;
      bobComment = records.find((c) => c.fromUid === 'bob')!.id;
      creatorComment = records.find((c) => c.fromUid === 'creator')!.id;
    });

    it('validates the body', async () => {
      const r = (reply: object | null) => call('POST', '/api/reply', 'bob', { reply });
      expect((await r({ commentId: bobComment, content: ' ' })).body.msg).toBe(M.REPLY_EMPTY);
      expect((await r({ commentId: bobComment, content: 'x'.repeat(10001) })).body.msg).toBe(M.REPLY_LONG);
      expect((await r({ content: 'x' })).body.msg).toBe(M.REPLY_PARAMS);
      expect((await r({ commentId: 999_999, content: 'x' })).body.msg).toBe(M.REPLY_COMMENT_GONE);
      expect((await call('POST', '/api/reply', 'mute', { reply: { commentId: bobComment } })).http).toBe(403);
    });

    it('only the author, root, the creator or a group owner may reply to a contest comment', async () => {
      const carol = await call('POST', '/api/reply', 'carol', {
        reply: { commentId: bobComment, content: 'me too', toUid: 'bob' },
      });
      expect(carol.body).toMatchObject({ status: 403, msg: M.REPLY_DENIED });
      const adm2 = await call('POST', '/api/reply', 'adm2', {
        reply: { commentId: bobComment, content: 'hm', toUid: 'bob' },
      });
      expect(adm2.body).toMatchObject({ status: 403, msg: M.REPLY_DENIED });
      // Nobody but admins may answer on an admin's comment either.
      expect(
        (await call('POST', '/api/reply', 'bob', { reply: { commentId: creatorComment, content: 'q' } })).body
          .status,
      ).toBe(403);

      events.length = 0;
      const own = await call('POST', '/api/reply', 'bob', {
        reply: { commentId: bobComment, content: 'more detail 😀', toUid: 'nobody', toName: 'fake' },
      });
      expect(own.body.status).toBe(200);
      // An unknown addressee falls back to the comment's author.
      expect(own.body.data).toMatchObject({
        commentId: bobComment,
        fromUid: 'bob',
        toUid: 'bob',
        toName: 'bob',
        content: 'more detail &#128512;',
        fromRole: 'user',
      });
      bobReply = own.body.data.id;
      const answer = await call('POST', '/api/reply', 'creator', {
        reply: { commentId: bobComment, content: 'answer', toUid: 'bob' },
      });
      expect(answer.body.data).toMatchObject({ fromUid: 'creator', toUid: 'bob', toAvatar: '/img/bob.png' });
      creatorReply = answer.body.data.id;
      expect(events.map((e) => (e.payload as { replyId: number }).replyId)).toEqual([bobReply, creatorReply]);
      // Issue #26 item 13: the answer also goes to the asker's user room; bob's own reply to nobody else.
      expect(events.map((e) => (e.payload as { toUids?: string[] }).toUids)).toEqual([undefined, ['bob']]);
    });

    it('GET /api/reply applies the running filter (no group owners), needs a login and contest access', async () => {
      const ids = async (who: string) => {
        const r = await call('GET', `/api/reply?commentId=${bobComment}&cid=${running}`, who);
        expect(r.body.status).toBe(200);
        return (r.body.data as ReplyVO[]).map((x) => x.id);
      };
      expect(await ids('bob')).toEqual([creatorReply, bobReply]);
      expect(await ids('creator')).toEqual([creatorReply, bobReply]);
      expect(await ids('carol')).toEqual([creatorReply]);
      // Leaving out cid does not lift the filter: the comment's own contest decides.
      const noCid = await call('GET', `/api/reply?commentId=${bobComment}`, 'carol');
      expect((noCid.body.data as ReplyVO[]).map((x) => x.id)).toEqual([creatorReply]);
      expect((await call('GET', `/api/reply?commentId=${bobComment}&cid=${running}`)).http).toBe(401);
    });

    it('lists the latest replies inline with the live reply count', async () => {
      const bob = (await list(running, 'bob')).commentList.records.find((c) => c.id === bobComment)!;
      expect(bob.totalReplyNum).toBe(2);
      expect(bob.replyList.map((r) => r.id)).toEqual([creatorReply, bobReply]);
      for (let i = 0; i < 3; i++)
        await call('POST', '/api/reply', 'bob', { reply: { commentId: bobComment, content: `r${i}` } });
      const again = (await list(running, 'bob')).commentList.records.find((c) => c.id === bobComment)!;
      expect(again.totalReplyNum).toBe(5);
      expect(again.replyList.map((r) => r.content)).toEqual(['r2', 'r1', 'r0']);
    });

    it('deleting a reply: author and contest admins only', async () => {
      const del = (who: string, id: number | null) => call('DELETE', '/api/reply', who, { reply: { id } });
      expect((await del('carol', bobReply)).body).toMatchObject({ status: 403, msg: M.DELETE_REPLY_DENIED });
      expect((await del('adm2', creatorReply)).body.status).toBe(403);
      expect((await del('bob', creatorReply)).body.status).toBe(403);
      expect((await del('bob', null)).body.msg).toBe(M.DELETE_REPLY_EMPTY);
      expect((await del('bob', 999_999)).body.msg).toBe(M.DELETE_REPLY_GONE);
      expect((await del('bob', bobReply)).body.status).toBe(200);
      expect((await del('bob', bobReply)).body.msg).toBe(M.DELETE_REPLY_GONE);
      expect((await del('creator', creatorReply)).body.status).toBe(200);
      const r = await call('GET', `/api/reply?commentId=${bobComment}`, 'root');
      expect((r.body.data as ReplyVO[]).map((x) => x.content)).toEqual(['r2', 'r1', 'r0']);
    });
  });

  describe('group contests', () => {
    it('group owners: their comments show to participants, their replies do not; they reply and delete', async () => {
      const bobPost = await post('bob', groupCid, 'group question');
      expect(bobPost.body.status).toBe(200);
      expect((await post('owner', groupCid, 'owner note')).body.status).toBe(200);
      expect((await post('carol', groupCid, 'carol question')).body.status).toBe(200);
      // Not a member of group 5: the contest access check refuses.
      expect((await post('adm2', groupCid, 'x')).body).toMatchObject({
        status: 403,
        msg: CM.NOT_GROUP_MEMBER,
      });
      expect(await authorsSeen(groupCid, 'bob')).toEqual(['bob', 'owner']);
      // The owner is a contest admin but, not being root or the creator, is filtered too.
      expect(await authorsSeen(groupCid, 'owner')).toEqual(['owner']);
      expect(await authorsSeen(groupCid, 'creator')).toEqual(['bob', 'carol', 'owner']);

      const reply = await call('POST', '/api/reply', 'owner', {
        reply: { commentId: bobPost.body.data.id, content: 'answered', toUid: 'bob' },
      });
      expect(reply.body.status).toBe(200);
      const seen = async (who: string) =>
        ((await call('GET', `/api/reply?commentId=${bobPost.body.data.id}`, who)).body.data as ReplyVO[])
          .length;
      expect(await seen('bob')).toBe(0);
      expect(await seen('creator')).toBe(1);

      const carolComment = (await list(groupCid, 'creator')).commentList.records.find(
        (c) => c.fromUid === 'carol',
      )!;
      expect((await call('DELETE', '/api/comment', 'owner', { id: carolComment.id })).body.status).toBe(200);
      expect(await authorsSeen(groupCid, 'creator')).toEqual(['bob', 'owner']);
    });
  });

  describe('likes', () => {
    it('toggles per user, idempotently, and marks only the caller’s likes', async () => {
      const records = (await list(running, 'root')).commentList.records;
      const target = records.find((c) => c.fromUid === 'creator')!;
      const like = (who: string, toLike: boolean, id = target.id) =>
        call(
          'GET',
          `/api/comment-like?cid=${id}&toLike=${toLike}&sourceId=${running}&sourceType=Contest`,
          who,
        );
      expect((await like('', true)).http).toBe(401);
      expect((await like('bob', true)).body.status).toBe(200);
      expect((await like('bob', true)).body.status).toBe(200);
      expect((await like('carol', true)).body.status).toBe(200);
      const forBob = await list(running, 'bob');
      expect(forBob.commentList.records.find((c) => c.id === target.id)!.likeNum).toBe(2);
      // Most liked first.
      expect(forBob.commentList.records[0]!.id).toBe(target.id);
      expect(forBob.commentLikeMap).toEqual({ [String(target.id)]: true });
      expect((await list(running, 'adm2')).commentLikeMap).toEqual({});
      expect((await like('bob', false)).body.status).toBe(200);
      expect((await like('bob', false)).body.status).toBe(200);
      const after = await list(running, 'bob');
      expect(after.commentList.records.find((c) => c.id === target.id)!.likeNum).toBe(1);
      expect(after.commentLikeMap).toEqual({});
      expect((await like('bob', true, 999_999)).body).toMatchObject({ status: 400, msg: M.LIKE_FAILED });
    });
  });

  describe('deleting comments', () => {
    it('refuses other participants and site admins who are not contest admins', async () => {
      const records = (await list(running, 'root')).commentList.records;
      const bob = records.find((c) => c.fromUid === 'bob')!;
      for (const who of ['carol', 'adm2']) {
        const r = await call('DELETE', '/api/comment', who, { id: bob.id, fromUid: 'bob', cid: running });
        expect(r.body).toMatchObject({ status: 403, msg: M.DELETE_COMMENT_DENIED });
      }
      expect((await call('DELETE', '/api/comment', undefined, { id: bob.id })).http).toBe(401);
      expect((await call('DELETE', '/api/comment', 'bob', {})).body.msg).toBe(M.DELETE_COMMENT_ID);
    });

    it('the author deletes their own, with its replies; the creator deletes anyone’s', async () => {
      const records = (await list(running, 'root')).commentList.records;
      const bob = records.find((c) => c.fromUid === 'bob')!;
      const carol = records.find((c) => c.fromUid === 'carol')!;
      expect((await call('DELETE', '/api/comment', 'bob', { id: bob.id })).body.status).toBe(200);
      expect((await call('DELETE', '/api/comment', 'bob', { id: bob.id })).body.msg).toBe(
        M.DELETE_COMMENT_GONE,
      );
      const liveReplies = await tdb.db
        .selectFrom('discussion_reply')
        .select('id')
        .where('comment_id', '=', bob.id)
        .where('status', '=', 0)
        .execute();
      expect(liveReplies).toEqual([]);
      expect((await call('GET', `/api/reply?commentId=${bob.id}`, 'root')).body.data).toEqual([]);
      expect((await call('DELETE', '/api/comment', 'creator', { id: carol.id })).body.status).toBe(200);
      expect(await authorsSeen(running, 'root')).toEqual(['adm2', 'creator', 'root']);
    });
  });
});

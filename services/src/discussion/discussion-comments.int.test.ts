// The plain (discussion) comment path over HTTP. Discussion posts belong to a capability
// not built yet; this file plays it through the DiscussionPort with an in-memory post list,
// everything else is real (tables, accepted counts from `user_acproblem`, routes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import type { CommentVO } from '@oj/protocol/discussion/schemas';
import type { AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/support/db';
import { createDiscussionCapability, type CommentSwitches, type DiscussionPort } from './index';
import { M } from './messages';
import { testContext, tokenAuthenticator } from '../judge/test-harness';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const mk = (uid: string, roles: string[]): AuthUser => ({
  uid,
  username: uid,
  roleIds: [],
  roles,
  permissions: ['comment_add', 'reply_add'],
});
const USERS: Record<string, AuthUser> = {
  root: mk('root', ['root']),
  padmin: mk('padmin', ['problem_admin']),
  poster: mk('poster', ['default_user']),
  solver: mk('solver', ['default_user']),
  newbie: mk('newbie', ['default_user']),
  member: mk('member', ['default_user']),
  gadmin: mk('gadmin', ['default_user']),
};
const authenticator = tokenAuthenticator(USERS);

describe.each(DB_KINDS)('discussion comments on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  const switches: CommentSwitches = {
    openContestComment: true,
    openPublicDiscussion: true,
    openGroupDiscussion: true,
    defaultCreateCommentACInitValue: 2,
  };
  // Discussion 1 is public, 2 belongs to group 9 (members: member, gadmin; admin: gadmin).
  const commentNum = new Map<number, number>([
    [1, 0],
    [2, 0],
  ]);
  const posts: DiscussionPort = {
    find: async (did) => (commentNum.has(did) ? { id: did, uid: 'poster', gid: did === 2 ? 9 : null } : null),
    isGroupMember: async (gid, uid) => gid === 9 && ['member', 'gadmin'].includes(uid),
    isGroupAdmin: async (gid, uid) => gid === 9 && uid === 'gadmin',
    addCommentCount: async (did, delta) => void commentNum.set(did, commentNum.get(did)! + delta),
  };

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, who?: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: who ? { authorization: who } : {}, payload });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
  };
  const comment = (who: string, did: number, content = `by ${who}`) =>
    call('POST', '/api/comment', who, { did, content });
  const listed = async (did: number, who?: string) =>
    ((await call('GET', `/api/comments?did=${did}`, who)).body.data.commentList.records as CommentVO[]).map(
      (c) => c.fromUid,
    );

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    bus = createMemoryBus();
    for (const u of Object.values(USERS))
      await tdb.db
        .insertInto('users')
        .values({ uid: u.uid, username: u.username, password_hash: 'x' })
        .execute();
    // solver, member and gadmin have two accepted problems, newbie one.
    const ac = [
      ['solver', 1],
      ['solver', 2],
      ['member', 1],
      ['member', 3],
      ['gadmin', 1],
      ['gadmin', 2],
      ['newbie', 1],
    ] as const;
    let submit = 1;
    for (const [uid, pid] of ac)
      await tdb.db.insertInto('user_acproblem').values({ uid, pid, submit_id: submit++ }).execute();
    const ctx = testContext(tdb.db, bus, log);
    const cap = createDiscussionCapability(ctx, {
      discussions: posts,
      switches: async () => ({ ...switches }),
    });
    app = await buildApp({ authenticator });
    await cap.routes!(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await tdb?.drop();
  });

  it('non-admins need the accepted-problem threshold to comment; admins do not', async () => {
    expect((await comment('newbie', 1)).body).toMatchObject({ status: 403, msg: M.COMMENT_AC_LIMIT(2) });
    expect((await comment('solver', 1)).body.status).toBe(200);
    expect((await comment('padmin', 1)).body.status).toBe(200);
    expect(commentNum.get(1)).toBe(2);
    expect(await listed(1)).toEqual(['padmin', 'solver']);
  });

  it('group discussions: members only, for reading and writing', async () => {
    expect((await comment('solver', 2)).body).toMatchObject({ status: 403, msg: M.NO_PERMISSION });
    expect((await comment('member', 2)).body.status).toBe(200);
    expect((await call('GET', '/api/comments?did=2', 'solver')).body).toMatchObject({ status: 403 });
    expect((await call('GET', '/api/comments?did=2')).body).toMatchObject({ status: 403 });
    expect(await listed(2, 'member')).toEqual(['member']);
    expect(await listed(2, 'root')).toEqual(['member']);
  });

  it('obeys the public and group discussion switches', async () => {
    switches.openPublicDiscussion = false;
    try {
      expect((await call('GET', '/api/comments?did=1')).body).toMatchObject({
        status: 403,
        msg: M.PUBLIC_SWITCH_OFF,
      });
      expect((await comment('solver', 1)).body.msg).toBe(M.PUBLIC_SWITCH_OFF);
      expect(await listed(2, 'member')).toEqual(['member']);
    } finally {
      switches.openPublicDiscussion = true;
    }
    switches.openGroupDiscussion = false;
    try {
      expect((await comment('member', 2)).body.msg).toBe(M.GROUP_SWITCH_OFF);
    } finally {
      switches.openGroupDiscussion = true;
    }
  });

  it('anyone with the threshold may reply in a public discussion; counts follow', async () => {
    const target = (await call('GET', '/api/comments?did=1')).body.data.commentList.records.find(
      (c: CommentVO) => c.fromUid === 'solver',
    ) as CommentVO;
    const reply = (who: string) =>
      call('POST', '/api/reply', who, {
        reply: { commentId: target.id, content: 'agreed', toUid: 'solver' },
        did: 1,
      });
    expect((await reply('newbie')).body).toMatchObject({ status: 403, msg: M.REPLY_AC_LIMIT(2) });
    const ok = await reply('member');
    expect(ok.body).toMatchObject({ status: 200, data: { toUid: 'solver', fromUid: 'member' } });
    expect(commentNum.get(1)).toBe(3);
    const replies = await call('GET', `/api/reply?commentId=${target.id}`);
    expect(replies.body.data).toHaveLength(1);
  });

  it('deletes: author and site admins on public posts, group admins on group posts', async () => {
    const publicComments = (await call('GET', '/api/comments?did=1')).body.data.commentList
      .records as CommentVO[];
    const solvers = publicComments.find((c) => c.fromUid === 'solver')!;
    expect((await call('DELETE', '/api/comment', 'member', { id: solvers.id })).body.status).toBe(403);
    expect((await call('DELETE', '/api/comment', 'padmin', { id: solvers.id })).body.status).toBe(200);
    // The comment and its live reply left the counter.
    expect(commentNum.get(1)).toBe(1);

    const groupComment = (await call('GET', '/api/comments?did=2', 'root')).body.data.commentList
      .records[0] as CommentVO;
    expect((await call('DELETE', '/api/comment', 'padmin', { id: groupComment.id })).body).toMatchObject({
      status: 403,
      msg: M.DELETE_COMMENT_DENIED,
    });
    expect((await call('DELETE', '/api/comment', 'gadmin', { id: groupComment.id })).body.status).toBe(200);
    expect(commentNum.get(2)).toBe(0);
  });
});

// The REST decisions of issue #23 item 10 on the composed platform: self-tests only on problems the
// caller may read; a hidden problem's extras refused; the scroll board of an ended password contest
// with a closed board refused to outsiders; likes and reports only on what the caller may read; a
// reply addressed only to someone in the thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startSecurityPlatform, type SecurityPlatform, type Standing } from './platform';
import { MARK, seedProtected, type Seeded, type Variant } from './seed';

let env: SecurityPlatform;
let seeded: Seeded;
let publicDid: number;
let groupDid: number;
let publicCommentId: number;
let endedCid: number;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: any;

const HOUR = 3600_000;

function variant(name: string): Variant {
  return seeded.variants.find((x) => x.name === name)!;
}

async function call(who: Standing, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const headers: Record<string, string> = {};
  if (env.tokens[who]) headers.authorization = env.tokens[who];
  const res = await env.platform.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    http: res.statusCode,
    body: res.body,
    env: res.json() as { status: number; msg: string; data: unknown },
  };
}

beforeAll(async () => {
  env = await startSecurityPlatform();
  seeded = await seedProtected(env.platform.ctx.db as never, env.uids.participant);
  db = env.platform.ctx.db;
  let category = await db.selectFrom('discussion_category').select('id').limit(1).executeTakeFirst();
  if (!category)
    category = await db
      .insertInto('discussion_category')
      .values({ name: 'sec' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const post = async (gid: number | null) =>
    Number(
      (
        await db
          .insertInto('discussion')
          .values({
            category_id: category.id,
            title: 'p',
            description: 'p',
            content: 'p',
            uid: '1',
            author: 'root',
            gid,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  publicDid = await post(null);
  groupDid = await post(variant('group').gid!);
  publicCommentId = Number(
    (
      await db
        .insertInto('discussion_comment')
        .values({ did: publicDid, content: 'question', from_uid: '1', from_name: 'root', from_role: 'root' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  // An ended, sealed ACM password contest whose outside board is closed (its board is real again).
  const now = Date.now();
  endedCid = Number(
    (
      await db
        .insertInto('contest')
        .values({
          uid: '1',
          author: 'root',
          title: 'Ended private contest',
          description: 'd',
          type: 0,
          auth: 1,
          pwd: 'pw',
          start_time: new Date(now - 3 * HOUR),
          end_time: new Date(now - HOUR),
          duration: 7200,
          seal_rank: true,
          seal_rank_time: new Date(now - 2 * HOUR),
          open_rank: false,
          visible: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await db.insertInto('contest_register').values({ cid: endedCid, uid: env.uids.participant }).execute();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('what a caller may do with what they may not read (issue #23 item 10)', () => {
  const selfTest = (who: Standing, pid: number) =>
    call(who, 'POST', '/api/submit-problem-test-judge', {
      pid,
      type: 'public',
      code: 'int main(){return 0;}',
      language: 'C++',
      userInput: '1',
    });

  it('refuses a self-test on a hidden or another group’s problem, and runs one on a public problem', async () => {
    expect((await selfTest('user', variant('hidden-problem').pid)).env.msg).toBe(
      '当前题目不存在！不支持在线调试！',
    );
    expect((await selfTest('participant', variant('group').pid)).env.msg).toBe(
      '当前题目不存在！不支持在线调试！',
    );
    // A contest's own problem (auth 3): only for those its contest admits.
    expect((await selfTest('problemAdmin', variant('private').pid)).env.status).toBe(200);
    const publicPid = Number(
      (
        await sql<{
          id: number;
        }>`select id from problem where auth = 1 and not is_group order by id limit 1`.execute(db)
      ).rows[0]!.id,
    );
    expect((await selfTest('admin', publicPid)).env.status).toBe(200);
  });

  it("refuses a hidden problem's template, tags and languages to outsiders; staff read them", async () => {
    const { pid } = variant('hidden-problem');
    for (const path of ['get-problem-code-template', 'get-problem-tags', 'get-problem-languages']) {
      for (const who of ['anonymous', 'user'] as const) {
        const r = await call(who, 'GET', `/api/${path}?pid=${pid}`);
        expect(r.env.status, `${path} as ${who}`).toBe(403);
        expect(r.body).not.toContain(MARK.hiddenTemplate);
      }
    }
    const staff = await call('problemAdmin', 'GET', `/api/get-problem-code-template?pid=${pid}`);
    expect(staff.body).toContain(MARK.hiddenTemplate);
  });

  it('refuses the scroll board of an ended password contest with a closed board to the unregistered', async () => {
    for (const who of ['anonymous', 'user'] as const) {
      for (const path of ['get-contest-scroll-board-info', 'get-contest-scroll-board-submission']) {
        const r = await call(who, 'GET', `/api/${path}?cid=${endedCid}&removeStar=false`);
        expect(r.env.status, `${path} as ${who}`).not.toBe(200);
      }
    }
    expect(
      (await call('participant', 'GET', `/api/get-contest-scroll-board-info?cid=${endedCid}`)).env.status,
    ).toBe(200);
  });

  it("refuses likes on comments of a contest the caller may not enter, and reports of a group's post", async () => {
    const { commentId } = variant('private');
    const like = await call('user', 'GET', `/api/comment-like?cid=${commentId}&toLike=true`);
    expect(like.env.status).not.toBe(200);
    const likes = await sql<{
      n: number;
    }>`select like_num as n from discussion_comment where id = ${commentId}`.execute(db);
    expect(Number(likes.rows[0]!.n)).toBe(0);
    const report = await call('user', 'POST', '/api/discussion-report', { did: groupDid, content: 'spam' });
    expect(report.env.status).toBe(403);
    expect(
      (await call('user', 'POST', '/api/discussion-report', { did: publicDid, content: 'spam' })).env.status,
    ).toBe(200);
  });

  it("addresses a reply to the comment's author when toUid names someone outside the thread", async () => {
    const r = await call('admin', 'POST', '/api/reply', {
      did: publicDid,
      reply: { commentId: publicCommentId, content: 'an answer', toUid: env.uids.user },
    });
    expect(r.env.status).toBe(200);
    const row = await sql<{ to_uid: string }>`select to_uid from discussion_reply
        where comment_id = ${publicCommentId} order by id desc limit 1`.execute(db);
    expect(row.rows[0]!.to_uid).toBe('1');
  });
});

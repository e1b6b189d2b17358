// Group contests (/api/group/*contest*, served by the contest capability with the group's rules),
// the group submission list (members only), withdrawing a publication request and the group
// problem list's tags, over HTTP on real PostgreSQL with the real group, problem, contest and
// judge capabilities. Every viewer state is tried: anonymous, non-members (stranger, applying,
// refused), member, group admin, group root, owner and site root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { GCM } from '../contest/group-messages';
import { JudgeMessages as J } from '../judge/messages';
import { M } from './messages';
import { PM } from './problem-messages';
import { G_USERS, groupHarness, populatedGroup, VIEWERS, type GroupHarness, type Viewer } from './test-setup';

let tdb: TestDatabase;
let h: GroupHarness;
let gid = 0;
let otherGid = 0;

const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const contestBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'A group round',
  type: 0,
  auth: 0,
  startTime: iso(Date.now() - HOUR),
  endTime: iso(Date.now() + HOUR),
  duration: 7200,
  sealRank: false,
  autoRealRank: false,
  openPrint: false,
  openRank: false,
  allowEndSubmit: false,
  rankShowName: 'username',
  oiRankScoreType: 'Recent',
  starAccount: [],
  awardType: 0,
  openAccountLimit: false,
  visible: true,
  gid,
  ...extra,
});
const problemDto = (problemId: string, title: string, extra: Record<string, unknown> = {}) => ({
  problem: {
    problemId,
    title,
    description: 'Add two numbers.',
    input: 'a b',
    output: 'a+b',
    type: 0,
    auth: 1,
    timeLimit: 1000,
    memoryLimit: 256,
    stackLimit: 128,
    judgeMode: 'default',
    isRemote: false,
    gid,
    ...extra,
  },
  samples: [{ input: '1 2\n', output: '3\n' }],
  isUploadTestCase: false,
  judgeMode: 'default',
  languages: [],
  tags: [],
  codeTemplates: [],
});

const MEMBERS: Viewer[] = ['member', 'gadmin', 'groot', 'owner', 'root'];
const ADMINS: Viewer[] = ['gadmin', 'groot', 'owner', 'root'];
/** Creator (gadmin here), group root (groot, owner) and site root manage a contest. */
const MANAGERS: Viewer[] = ['gadmin', 'groot', 'owner', 'root'];

async function cidOf(title: string): Promise<number> {
  const r = await sql<{ id: number }>`select id from contest where title = ${title}`.execute(tdb.db);
  return Number(r.rows[0]!.id);
}
async function pidOf(problemId: string): Promise<number> {
  const r = await sql<{ id: number }>`select id from problem where problem_id = ${problemId}`.execute(tdb.db);
  return Number(r.rows[0]!.id);
}

beforeAll(async () => {
  tdb = await createTestDatabase('postgres');
  h = await groupHarness(tdb);
  gid = await populatedGroup(h);
  otherGid = await populatedGroup(h, { name: 'Other Coders', shortName: 'other' });
  const made = await h.call('POST', '/api/group/problem', 'gadmin', problemDto('1', 'Sum'));
  if (made.status !== 200) throw new Error(made.msg);
}, 90_000);
afterAll(async () => {
  await h?.close();
  await tdb?.drop();
});

describe('group contests', () => {
  it('group admins create (the creator is the caller); members, non-members and anonymous are refused', async () => {
    expect((await h.call('POST', '/api/group/contest', 'anonymous', contestBody('Nope'))).http).toBe(401);
    for (const v of ['stranger', 'applying', 'refused', 'member'] as const)
      expect(await h.call('POST', '/api/group/contest', v, contestBody('Nope')), v).toMatchObject({
        status: 403,
        msg: M.NO_PERMISSION,
      });
    expect(
      await h.call('POST', '/api/group/contest', 'gadmin', contestBody('Nope', { gid: null })),
    ).toMatchObject({
      status: 404,
      msg: GCM.ADD_NO_GID,
    });
    expect(
      await h.call('POST', '/api/group/contest', 'gadmin', contestBody('Nope', { gid: 99999 })),
    ).toMatchObject({
      status: 404,
      msg: GCM.BAN('添加失败，'),
    });
    expect(
      await h.call(
        'POST',
        '/api/group/contest',
        'gadmin',
        contestBody('Round One', { uid: G_USERS.owner.uid }),
      ),
    ).toMatchObject({ status: 200 });
    expect(
      await h.call('POST', '/api/group/contest', 'owner', contestBody('Hidden Round', { visible: false })),
    ).toMatchObject({ status: 200 });
    const row = await sql<{ uid: string; gid: number; is_group: boolean }>`
      select uid, gid, is_group from contest where title = 'Round One'`.execute(tdb.db);
    expect(row.rows[0]).toEqual({ uid: G_USERS.gadmin.uid, gid, is_group: true });
  });

  it('members list the visible contests, group admins every contest (with the password); others are refused', async () => {
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/group/get-contest-list?gid=${gid}`, v);
      const a = await h.call('GET', `/api/group/get-admin-contest-list?gid=${gid}`, v);
      if (v === 'anonymous') {
        expect([r.http, a.http]).toEqual([401, 401]);
        continue;
      }
      if (MEMBERS.includes(v))
        expect(
          r.data.records.map((c: { title: string }) => c.title),
          v,
        ).toEqual(['Round One']);
      else expect(r, v).toMatchObject({ status: 403, msg: M.NO_PERMISSION });
      if (ADMINS.includes(v))
        expect(
          a.data.records.map((c: { title: string }) => c.title),
          v,
        ).toEqual(['Hidden Round', 'Round One']);
      else expect(a, v).toMatchObject({ status: 403, msg: M.NO_PERMISSION });
    }
    // The other group's members see none of them.
    const other = await h.call('GET', `/api/group/get-contest-list?gid=${otherGid}`, 'member');
    expect(other.data.records).toEqual([]);
    // Group contests stay out of the site list.
    const site = await h.call('GET', '/api/get-contest-list', 'root');
    expect(JSON.stringify(site.data)).not.toContain('Round One');
  });

  it('members enter the running contest; non-members are refused by the contest access check', async () => {
    const cid = await cidOf('Round One');
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/get-contest-problem?cid=${cid}`, v);
      if (v === 'anonymous') expect(r, v).toMatchObject({ status: 403 });
      else if (MEMBERS.includes(v)) expect(r.status, v).toBe(200);
      else expect(r.status, v).toBe(403);
    }
  });

  it('the creator, the group root and site root read, edit, hide and manage problems and announcements', async () => {
    const cid = await cidOf('Round One');
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/group/contest?cid=${cid}`, v);
      if (v === 'anonymous') expect(r.http).toBe(401);
      else if (MANAGERS.includes(v)) expect(r.data.title, v).toBe('Round One');
      else expect(r, v).toMatchObject({ status: 403, msg: M.NO_PERMISSION });
    }
    // Another group's admin manages nothing here; a site contest is not a group contest.
    const site = await sql<{ id: number }>`
      insert into contest (uid, author, title, type, auth, start_time, end_time, duration, visible)
      values ('x', 'x', 'Site Round', 0, 0, now(), now() + interval '1 hour', 3600, true) returning id`.execute(
      tdb.db,
    );
    expect(await h.call('GET', `/api/group/contest?cid=${Number(site.rows[0]!.id)}`, 'root')).toMatchObject({
      status: 403,
      msg: GCM.GET_FOREIGN,
    });
    expect(await h.call('GET', '/api/group/contest?cid=999999', 'root')).toMatchObject({
      status: 404,
      msg: GCM.GET_MISSING,
    });
    const edit = (v: Viewer, title: string) =>
      h.call('PUT', '/api/group/contest', v, { ...contestBody(title), id: cid });
    expect(await edit('member', 'Hacked')).toMatchObject({ status: 403 });
    expect(await edit('groot', 'Round One')).toMatchObject({ status: 200 });
    expect(
      await h.call('PUT', `/api/group/change-contest-visible?cid=${cid}&visible=false`, 'member'),
    ).toMatchObject({
      status: 403,
    });

    // Problems: a public bank problem, a new contest-only group problem, one of the group's problems.
    const bank = await sql<{ id: number }>`
      insert into problem (problem_id, title, auth) values ('P1', 'Bank one', 1) returning id`.execute(
      tdb.db,
    );
    const bankPid = Number(bank.rows[0]!.id);
    expect(
      await h.call('POST', '/api/group/add-contest-problem-from-public', 'member', {
        pid: bankPid,
        cid,
        displayId: 'A',
      }),
    ).toMatchObject({ status: 403 });
    const addedBank = await h.call('POST', '/api/group/add-contest-problem-from-public', 'gadmin', {
      pid: bankPid,
      cid,
      displayId: 'A',
    });
    expect(addedBank).toMatchObject({ status: 200, data: { copied: true } });
    // the contest's own copy is what the contest links
    const linkedPid = Number(addedBank.data.pid);
    // A group admin gets a contest-owned copy: the bank problem stays public (compat E5);
    // another public problem under the same display id clashes.
    const bankAuth = await sql<{ auth: number }>`select auth from problem where id = ${bankPid}`.execute(
      tdb.db,
    );
    expect(bankAuth.rows[0]!.auth).toBe(1);
    const linked = await sql<{ problem_id: string; auth: number }>`
      select p.problem_id, p.auth from contest_problem cp join problem p on p.id = cp.pid
      where cp.cid = ${cid} and cp.display_id = 'A'`.execute(tdb.db);
    expect(linked.rows[0]).toEqual({ problem_id: `P1-C${cid}`, auth: 3 });
    const bank2 = await sql<{ id: number }>`
      insert into problem (problem_id, title, auth) values ('P2', 'Bank two', 1) returning id`.execute(
      tdb.db,
    );
    expect(
      await h.call('POST', '/api/group/add-contest-problem-from-public', 'gadmin', {
        pid: Number(bank2.rows[0]!.id),
        cid,
        displayId: 'A',
      }),
    ).toMatchObject({ status: 400 });
    expect(
      await h.call('POST', '/api/group/contest-problem', 'member', problemDto('C1', 'Contest only')),
    ).toMatchObject({
      status: 403,
    });
    const created = await h.call(
      'POST',
      '/api/group/contest-problem',
      'gadmin',
      problemDto('C1', 'Contest only'),
    );
    expect(created.status).toBe(200);
    const row = await sql<{ auth: number; gid: number; problem_id: string }>`
      select auth, gid, problem_id from problem where id = ${created.data.pid}`.execute(tdb.db);
    expect(row.rows[0]).toEqual({ auth: 3, gid, problem_id: 'ALPHAC1' });
    expect(
      await h.call('PUT', '/api/group/contest-problem', 'gadmin', {
        cid,
        pid: created.data.pid,
        displayId: 'B',
        displayTitle: 'Contest only',
      }),
    ).toMatchObject({ status: 200 });
    expect(
      await h.call('POST', '/api/group/problem', 'gadmin', problemDto('7', 'Own problem')),
    ).toMatchObject({
      status: 200,
    });
    expect(
      await h.call(
        'POST',
        `/api/group/add-contest-problem-from-group?problemId=ALPHA7&cid=${cid}&displayId=C`,
        'member',
      ),
    ).toMatchObject({ status: 403 });
    expect(
      await h.call(
        'POST',
        `/api/group/add-contest-problem-from-group?problemId=NOPE&cid=${cid}&displayId=C`,
        'gadmin',
      ),
    ).toMatchObject({ status: 404, msg: GCM.PROBLEM_NOT_GROUP });
    expect(
      await h.call(
        'POST',
        `/api/group/add-contest-problem-from-group?problemId=ALPHA7&cid=${cid}&displayId=C`,
        'gadmin',
      ),
    ).toMatchObject({ status: 200 });
    // It left the group problem list (auth 3).
    expect((await pidOf('ALPHA7')) > 0).toBe(true);
    const own = await sql<{ auth: number }>`select auth from problem where problem_id = 'ALPHA7'`.execute(
      tdb.db,
    );
    expect(own.rows[0]!.auth).toBe(3);
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/group/get-contest-problem-list?cid=${cid}`, v);
      if (v === 'anonymous') expect(r.http).toBe(401);
      else if (MANAGERS.includes(v))
        expect(
          Object.values(r.data.contestProblemMap)
            .map((p) => (p as { displayId: string }).displayId)
            .sort(),
          v,
        ).toEqual(['A', 'B', 'C']);
      else expect(r, v).toMatchObject({ status: 403 });
    }
    expect(
      await h.call('GET', `/api/group/contest-problem?cid=${cid}&pid=${linkedPid}`, 'owner'),
    ).toMatchObject({
      status: 200,
      data: { displayId: 'A' },
    });
    expect(
      await h.call('DELETE', `/api/group/contest-problem?cid=${cid}&pid=${linkedPid}`, 'member'),
    ).toMatchObject({
      status: 403,
    });
    expect(
      await h.call('DELETE', `/api/group/contest-problem?cid=${cid}&pid=${linkedPid}`, 'groot'),
    ).toMatchObject({
      status: 200,
    });
    expect(
      await h.call('GET', `/api/group/contest-problem?cid=${cid}&pid=${linkedPid}`, 'owner'),
    ).toMatchObject({
      status: 400,
      msg: GCM.CP_GONE,
    });

    // Announcements.
    const ann = (v: Viewer, title: string) =>
      h.call('POST', '/api/group/contest-announcement', v, { cid, announcement: { title, content: 'c' } });
    expect(await ann('member', 'No')).toMatchObject({ status: 403 });
    expect(await ann('gadmin', 'Welcome')).toMatchObject({ status: 200 });
    const list = await h.call('GET', `/api/group/get-contest-announcement-list?cid=${cid}`, 'groot');
    const aid = list.data.records[0].id as number;
    expect(list.data.records.map((a: { title: string }) => a.title)).toEqual(['Welcome']);
    expect(
      await h.call('GET', `/api/group/get-contest-announcement-list?cid=${cid}`, 'member'),
    ).toMatchObject({
      status: 403,
    });
    expect(
      await h.call('PUT', '/api/group/contest-announcement', 'owner', {
        cid,
        announcement: { id: aid, title: 'Welcome!', content: 'c' },
      }),
    ).toMatchObject({ status: 200 });
    expect(
      await h.call('DELETE', `/api/group/contest-announcement?aid=${aid}&cid=${cid}`, 'member'),
    ).toMatchObject({
      status: 403,
    });
    expect(
      await h.call('DELETE', `/api/group/contest-announcement?aid=${aid}&cid=${cid}`, 'gadmin'),
    ).toMatchObject({
      status: 200,
    });
    expect(
      await h.call('DELETE', `/api/group/contest-announcement?aid=${aid}&cid=${cid}`, 'gadmin'),
    ).toMatchObject({
      status: 404,
      msg: GCM.ANN_DELETE_MISSING,
    });
  });

  it('the group root hides and deletes a contest; the member list follows', async () => {
    const cid = await cidOf('Hidden Round');
    expect(
      await h.call('PUT', `/api/group/change-contest-visible?cid=${cid}&visible=true`, 'groot'),
    ).toMatchObject({
      status: 200,
    });
    const seen = await h.call('GET', `/api/group/get-contest-list?gid=${gid}`, 'member');
    expect(seen.data.records.map((c: { title: string }) => c.title)).toContain('Hidden Round');
    // gadmin did not create it and is not the group root.
    expect(await h.call('DELETE', `/api/group/contest?cid=${cid}`, 'gadmin')).toMatchObject({ status: 403 });
    expect(await h.call('DELETE', `/api/group/contest?cid=${cid}`, 'groot')).toMatchObject({ status: 200 });
    expect(await h.call('DELETE', `/api/group/contest?cid=${cid}`, 'groot')).toMatchObject({
      status: 404,
      msg: GCM.DELETE_MISSING,
    });
  });
});

describe('accepted-code download of a group contest', () => {
  it('is for the creator, the group root and site root', async () => {
    const cid = await cidOf('Round One');
    const url = `/api/file/download-contest-ac-submission?cid=${cid}&excludeAdmin=false&splitType=user`;
    for (const v of ['groot', 'owner', 'gadmin', 'root'] as const) {
      const res = await h.app.inject({ method: 'GET', url, headers: { authorization: v } });
      expect(res.statusCode, v).toBe(200);
      expect(res.headers['content-type'], v).toContain('application/x-download');
    }
    for (const v of ['member', 'stranger', 'siteAdmin'] as const) {
      const res = await h.app.inject({ method: 'GET', url, headers: { authorization: v } });
      expect(res.statusCode, v).toBe(400);
    }
  });
});

describe('a site admin (not root) outside the group', () => {
  it('is refused every group contest call and the group submission list', async () => {
    const cid = await cidOf('Round One');
    const calls: [string, string, object?][] = [
      ['GET', `/api/group/get-contest-list?gid=${gid}`],
      ['GET', `/api/group/get-admin-contest-list?gid=${gid}`],
      ['GET', `/api/group/contest?cid=${cid}`],
      ['POST', '/api/group/contest', contestBody('Admin Round')],
      ['PUT', '/api/group/contest', { ...contestBody('Round One'), id: cid }],
      ['PUT', `/api/group/change-contest-visible?cid=${cid}&visible=false`],
      ['GET', `/api/group/get-contest-problem-list?cid=${cid}`],
      ['GET', `/api/group/get-contest-announcement-list?cid=${cid}`],
      ['DELETE', `/api/group/contest?cid=${cid}`],
      ['GET', `/api/get-submission-list?onlyMine=false&gid=${gid}`],
    ];
    for (const [method, url, body] of calls)
      expect(await h.call(method as 'GET', url, 'siteAdmin', body), `${method} ${url}`).toMatchObject({
        status: 403,
      });
    expect((await h.call('GET', `/api/get-contest-problem?cid=${cid}`, 'siteAdmin')).status).toBe(403);
    // Nothing changed.
    const row = await sql<{ visible: boolean }>`select visible from contest where id = ${cid}`.execute(
      tdb.db,
    );
    expect(row.rows[0]!.visible).toBe(true);
  });
});

describe('group submissions', () => {
  it('lists the group’s submissions to members and site root only', async () => {
    const pid = await pidOf('ALPHA1');
    await sql`insert into judge (pid, display_pid, uid, username, status, code, language, gid, cid, length)
      values (${pid}, 'ALPHA1', ${G_USERS.member.uid}, 'gmember', 0, 'SECRETGROUPCODE', 'C', ${gid}, 0, 10)`.execute(
      tdb.db,
    );
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/get-submission-list?onlyMine=false&gid=${gid}`, v);
      if (v === 'anonymous') expect(r, v).toMatchObject({ status: 401 });
      else if (MEMBERS.includes(v))
        expect(
          r.data.records.map((s: { displayPid: string }) => s.displayPid),
          v,
        ).toEqual(['ALPHA1']);
      else expect(r, v).toMatchObject({ status: 403, msg: J.GROUP_LIST_DENIED });
    }
    // Members of another group are refused too; the site list never shows group submissions.
    const other = await sql<{
      n: number;
    }>`select count(*)::int as n from group_member where gid = ${otherGid}`.execute(tdb.db);
    expect(other.rows[0]!.n).toBeGreaterThan(0);
    const site = await h.call('GET', '/api/get-submission-list?onlyMine=false', 'stranger');
    expect(site.data.records).toEqual([]);
  });
});

describe('group problem list and publication requests', () => {
  it('shows each problem’s tags', async () => {
    const pid = await pidOf('ALPHA1');
    const tag = await sql<{
      id: number;
    }>`insert into tag (name, oj, gid) values ('greedy', 'ME', ${gid}) returning id`.execute(tdb.db);
    await sql`insert into problem_tag (pid, tid) values (${pid}, ${Number(tag.rows[0]!.id)})`.execute(tdb.db);
    const r = await h.call('GET', `/api/group/get-problem-list?gid=${gid}`, 'member');
    const row = r.data.records.find((p: { problemId: string }) => p.problemId === 'ALPHA1');
    expect(row.tags.map((t: { name: string }) => t.name)).toEqual(['greedy']);
    // The viewer's status icon reads the group's submissions (the member's accepted one above).
    const status = await h.call('POST', '/api/get-user-problem-status', 'member', {
      pidList: [pid],
      isContestProblemList: false,
      gid,
    });
    expect(status.data).toEqual({ [String(pid)]: { status: 0 } });
  });

  it('the author withdraws a pending request; the review queue no longer shows it', async () => {
    const pid = await pidOf('ALPHA1');
    expect(await h.call('PUT', `/api/group/apply-public?pid=${pid}&isApplied=false`, 'owner')).toMatchObject({
      status: 400,
      msg: PM.NOT_APPLYING,
    });
    expect(await h.call('PUT', `/api/group/apply-public?pid=${pid}&isApplied=true`, 'gadmin')).toMatchObject({
      status: 200,
    });
    const before = await h.call('GET', '/api/admin/group-problem/list', 'root');
    expect(before.data.records.map((p: { id: number }) => p.id)).toContain(pid);
    for (const v of ['stranger', 'member'] as const)
      expect(await h.call('PUT', `/api/group/apply-public?pid=${pid}&isApplied=false`, v), v).toMatchObject({
        status: 403,
      });
    expect(
      (await h.call('PUT', `/api/group/apply-public?pid=${pid}&isApplied=false`, 'anonymous')).http,
    ).toBe(401);
    expect(await h.call('PUT', `/api/group/apply-public?pid=${pid}&isApplied=false`, 'gadmin')).toMatchObject(
      {
        status: 200,
      },
    );
    const after = await h.call('GET', '/api/admin/group-problem/list', 'root');
    expect(after.data.records.map((p: { id: number }) => p.id)).not.toContain(pid);
    const row = await sql<{ is_group: boolean; apply_public_progress: number | null }>`
      select is_group, apply_public_progress from problem where id = ${pid}`.execute(tdb.db);
    expect(row.rows[0]).toEqual({ is_group: true, apply_public_progress: null });
  });
});

describe('disband', () => {
  it('removes the group’s contests and problems; nothing stays reachable under the dead gid', async () => {
    const problem = {
      ...problemDto('9', 'Other sum'),
      problem: { ...problemDto('9', 'Other sum').problem, gid: otherGid },
    };
    expect(await h.call('POST', '/api/group/problem', 'owner', problem)).toMatchObject({ status: 200 });
    expect(
      await h.call('POST', '/api/group/contest', 'owner', contestBody('Other Round', { gid: otherGid })),
    ).toMatchObject({ status: 200 });
    const cid = await cidOf('Other Round');
    const pid = await pidOf('OTHER9');
    expect(
      await h.call('PUT', '/api/group/contest-problem', 'owner', {
        cid,
        pid,
        displayId: 'A',
        displayTitle: 'Other sum',
      }),
    ).toMatchObject({ status: 200 });
    // Refused to anyone but the owner and site root.
    for (const v of ['member', 'gadmin', 'groot'] as const)
      expect((await h.call('DELETE', `/api/group?gid=${otherGid}`, v)).status, v).toBe(403);
    expect(await h.call('DELETE', `/api/group?gid=${otherGid}`, 'owner')).toMatchObject({ status: 200 });
    const left = await sql<{ contests: number; problems: number; links: number }>`
      select (select count(*)::int from contest where gid = ${otherGid}) as contests,
             (select count(*)::int from problem where gid = ${otherGid}) as problems,
             (select count(*)::int from contest_problem where cid = ${cid}) as links`.execute(tdb.db);
    expect(left.rows[0]).toEqual({ contests: 0, problems: 0, links: 0 });
    expect(await h.call('GET', `/api/group/get-contest-list?gid=${otherGid}`, 'member')).toMatchObject({
      status: 404,
    });
    expect(await h.call('GET', `/api/get-contest-problem?cid=${cid}`, 'member')).not.toMatchObject({
      status: 200,
    });
    // The first group keeps its contests.
    expect(
      (await h.call('GET', `/api/group/get-contest-list?gid=${gid}`, 'member')).data.records.length,
    ).toBe(1);
  });
});

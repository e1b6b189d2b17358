// Group problems over HTTP on real PostgreSQL, written by the real problem capability: create with
// the short-name prefix and forced gid, who may list, read, edit, delete, change the auth and ask
// publication, refusals for problems outside a group, and the site admin's review of a
// publication request (/api/admin/group-problem/*) ending in a public problem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { BAN, M } from './messages';
import { PM } from './problem-messages';
import { groupHarness, populatedGroup, VIEWERS, type GroupHarness, type Viewer } from './test-setup';

let tdb: TestDatabase;
let h: GroupHarness;
let gid = 0;

const dto = (problemId: string, title: string, extra: Record<string, unknown> = {}) => ({
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

beforeAll(async () => {
  tdb = await createTestDatabase('postgres');
  h = await groupHarness(tdb);
  gid = await populatedGroup(h);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await tdb?.drop();
});

async function pidOf(problemId: string): Promise<number> {
  const r = await sql<{ id: number }>`select id from problem where problem_id = ${problemId}`.execute(tdb.db);
  return Number(r.rows[0]!.id);
}

describe('group problems', () => {
  it('group admins create with the short-name prefix; the gid and author are forced; others are refused', async () => {
    for (const v of ['stranger', 'applying', 'refused', 'member'] as const)
      expect(await h.call('POST', '/api/group/problem', v, dto('1', 'Sum')), v).toMatchObject({
        status: 403,
        msg: M.NO_PERMISSION,
      });
    expect((await h.call('POST', '/api/group/problem', 'anonymous', dto('1', 'Sum'))).http).toBe(401);
    const noGid = dto('1', 'Sum');
    delete (noGid.problem as { gid?: number }).gid;
    expect(await h.call('POST', '/api/group/problem', 'gadmin', noGid)).toMatchObject({
      status: 403,
      msg: PM.ADD_NO_GID,
    });
    expect(
      await h.call(
        'POST',
        '/api/group/problem',
        'gadmin',
        dto('1', 'Sum', { author: 'someone', isGroup: false }),
      ),
    ).toMatchObject({ status: 200 });
    const row = await sql<{ problem_id: string; gid: number; is_group: boolean; author: string }>`
      select problem_id, gid, is_group, author from problem where title = 'Sum'`.execute(tdb.db);
    expect(row.rows[0]).toMatchObject({ problem_id: 'ALPHA1', gid, is_group: true, author: 'ggadmin' });
    expect(
      await h.call('POST', '/api/group/problem', 'owner', dto('2', 'Hidden one', { auth: 2 })),
    ).toMatchObject({
      status: 200,
    });
  });

  it('members list the public group problems; admins list all; non-members are refused', async () => {
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/group/get-problem-list?gid=${gid}`, v);
      const a = await h.call('GET', `/api/group/get-admin-problem-list?gid=${gid}`, v);
      if (v === 'anonymous') {
        expect([r.http, a.http]).toEqual([401, 401]);
        continue;
      }
      const member = ['member', 'gadmin', 'groot', 'owner', 'root'].includes(v);
      const admin = ['gadmin', 'groot', 'owner', 'root'].includes(v);
      if (member)
        expect(
          r.data.records.map((p: { problemId: string }) => p.problemId),
          v,
        ).toEqual(['ALPHA1']);
      else expect(r, v).toMatchObject({ status: 403, msg: M.NO_PERMISSION });
      if (admin)
        expect(a.data.records.map((p: { problemId: string }) => p.problemId).sort(), v).toEqual([
          'ALPHA1',
          'ALPHA2',
        ]);
      else expect(a, v).toMatchObject({ status: 403 });
      expect(JSON.stringify([member ? {} : r, admin ? {} : a]), v).not.toContain('Hidden one');
    }
  });

  it('reading, editing, test data, auth and deletion: author, group root and site root only', async () => {
    const pid = await pidOf('ALPHA1');
    const allowed: Viewer[] = ['gadmin', 'groot', 'owner', 'root']; // gadmin is the author
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/group/problem?pid=${pid}`, v);
      const c = await h.call('GET', `/api/group/get-problem-cases?pid=${pid}`, v);
      if (v === 'anonymous') expect(r.http).toBe(401);
      else if (allowed.includes(v)) {
        expect(r.data.problemId, v).toBe('ALPHA1');
        expect(c.data.length, v).toBe(1);
      } else {
        expect(r, v).toMatchObject({ status: 403, msg: M.NO_PERMISSION });
        expect(c, v).toMatchObject({ status: 403, msg: M.NO_PERMISSION });
      }
    }
    const edit = (v: Viewer) =>
      h.call('PUT', '/api/group/problem', v, {
        ...dto('1B', 'Sum edited'),
        problem: { ...dto('1B', 'Sum edited').problem, id: pid },
      });
    expect(await edit('member')).toMatchObject({ status: 403 });
    expect(await edit('groot')).toMatchObject({ status: 200 });
    const row = await sql<{ problem_id: string; author: string; modified_user: string }>`
      select problem_id, author, modified_user from problem where id = ${pid}`.execute(tdb.db);
    expect(row.rows[0]).toMatchObject({ problem_id: 'ALPHA1B', author: 'ggadmin', modified_user: 'ggroot' });
    expect(await h.call('PUT', `/api/group/change-problem-auth?pid=${pid}&auth=3`, 'owner')).toMatchObject({
      msg: PM.AUTH_RANGE,
    });
    expect(await h.call('PUT', `/api/group/change-problem-auth?pid=${pid}&auth=2`, 'member')).toMatchObject({
      status: 403,
    });
    expect(await h.call('PUT', `/api/group/change-problem-auth?pid=${pid}&auth=2`, 'owner')).toMatchObject({
      status: 200,
    });
    expect(await h.call('PUT', `/api/group/change-problem-auth?pid=${pid}&auth=1`, 'owner')).toMatchObject({
      status: 200,
    });
    const hidden = await pidOf('ALPHA2');
    expect(await h.call('DELETE', `/api/group/problem?pid=${hidden}`, 'gadmin')).toMatchObject({
      status: 403,
    }); // not the author
    expect(await h.call('DELETE', `/api/group/problem?pid=${hidden}`, 'owner')).toMatchObject({
      status: 200,
    });
    expect(await h.call('DELETE', `/api/group/problem?pid=${hidden}`, 'owner')).toMatchObject({
      status: 404,
      msg: PM.MISSING,
    });
  });

  it('lists site tags and the group’s own tags to group admins only', async () => {
    await sql`insert into tag (name, oj, gid) values ('site-tag', 'ME', null), ('own-tag', 'ME', ${gid}), ('other-tag', 'ME', ${gid + 1})`.execute(
      tdb.db,
    );
    const r = await h.call('GET', `/api/group/get-all-problem-tags?gid=${gid}`, 'gadmin');
    const names = r.data.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['site-tag', 'own-tag']));
    expect(names).not.toContain('other-tag');
    expect(await h.call('GET', `/api/group/get-all-problem-tags?gid=${gid}`, 'member')).toMatchObject({
      status: 403,
    });
  });

  it('compile-spj / compile-interactive: group admins get the verdict (G23); members and strangers are refused', async () => {
    const good = { code: 'int main() { return 0; }', language: 'C++' };
    const broken = { code: 'int main() { return undeclared; }', language: 'C++' };
    for (const kind of ['spj', 'interactive']) {
      const url = `/api/group/compile-${kind}?gid=${gid}`;
      expect(await h.call('POST', url, 'gadmin', good)).toMatchObject({ status: 200, msg: PM.COMPILED });
      const bad = await h.call('POST', url, 'gadmin', broken);
      expect(bad.status).toBe(500);
      expect(bad.msg).toContain('undeclared');
      expect(await h.call('POST', url, 'gadmin', { code: ' ', language: 'C++' })).toMatchObject({
        status: 400,
        msg: PM.COMPILE_EMPTY,
      });
      expect((await h.call('POST', url, 'anonymous', good)).http).toBe(401);
      for (const who of ['member', 'stranger', 'siteAdmin'] as const)
        expect(await h.call('POST', url, who, good)).toMatchObject({ status: 403 });
      expect(
        await h.call('POST', `/api/group/compile-${kind}?gid=${gid + 100000}`, 'gadmin', good),
      ).toMatchObject({
        msg: BAN('编译失败，'),
      });
    }
  });

  it('refuses site problems through the group endpoints', async () => {
    const site = await sql<{
      id: number;
    }>`insert into problem (problem_id, title, auth) values ('S1000', 'Site', 1) returning id`.execute(
      tdb.db,
    );
    const pid = Number(site.rows[0]!.id);
    expect(await h.call('GET', `/api/group/problem?pid=${pid}`, 'root')).toMatchObject({
      status: 403,
      msg: PM.GET_FOREIGN,
    });
    expect(await h.call('DELETE', `/api/group/problem?pid=${pid}`, 'root')).toMatchObject({
      status: 403,
      msg: PM.DELETE_FOREIGN,
    });
    expect(await h.call('PUT', `/api/group/apply-public?pid=${pid}&isApplied=true`, 'root')).toMatchObject({
      msg: PM.APPLY_FOREIGN,
    });
  });

  it('the author asks publication; a site admin approves it in the review list and the problem becomes public', async () => {
    const pid = await pidOf('ALPHA1B');
    expect(await h.call('PUT', `/api/group/apply-public?pid=${pid}&isApplied=true`, 'member')).toMatchObject({
      status: 403,
    });
    expect(await h.call('PUT', `/api/group/apply-public?pid=${pid}&isApplied=true`, 'gadmin')).toMatchObject({
      status: 200,
    });
    const review = await h.call('GET', '/api/admin/group-problem/list', 'root');
    expect(
      review.data.records.map((p: { id: number; applyPublicProgress: number }) => [
        p.id,
        p.applyPublicProgress,
      ]),
    ).toEqual([[pid, 1]]);
    expect(
      await h.call('PUT', '/api/admin/group-problem/change-progress', 'root', { pid, progress: 2 }),
    ).toMatchObject({ status: 200 });
    const row = await sql<{ is_group: boolean; apply_public_progress: number }>`
      select is_group, apply_public_progress from problem where id = ${pid}`.execute(tdb.db);
    expect(row.rows[0]).toEqual({ is_group: false, apply_public_progress: 2 });
    // Now public: the site's problem detail shows it to anyone.
    expect((await h.call('GET', '/api/get-problem-detail?problemId=ALPHA1B', 'stranger')).status).toBe(200);
  });
});

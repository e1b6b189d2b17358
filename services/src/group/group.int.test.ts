// The group endpoints over HTTP on real PostgreSQL: every endpoint's success and refusals for the
// nine viewer states (anonymous, non-member, applying, refused, member, group admin, group root,
// owner, super admin), the membership notices and pushes, the creation limits, the quirks fixed
// (docs/compat.md G1–G9), and an authorization matrix that checks no group secret reaches a
// non-member through any endpoint.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { BAN, M, NOTICE } from './messages';
import {
  G_USERS,
  groupHarness,
  populatedGroup,
  PROTECTED_GROUP,
  VIEWERS,
  type GroupHarness,
  type Viewer,
} from './test-setup';

let tdb: TestDatabase;
let h: GroupHarness;
let seq = 0;
/** A fresh populated group (unique name and short name). */
const fresh = async (over: Partial<typeof PROTECTED_GROUP> = {}) => {
  seq++;
  return populatedGroup(h, {
    name: `Group number ${seq}`,
    shortName: `grp${String(seq).padStart(3, '0')}`,
    ...over,
  });
};

beforeAll(async () => {
  tdb = await createTestDatabase('postgres');
  h = await groupHarness(tdb);
  h.limits.defaultCreateGroupDailyLimit = 1000;
  h.limits.defaultCreateGroupLimit = 1000;
}, 60_000);
afterAll(async () => {
  await h?.close();
  await tdb?.drop();
});

const OK = { status: 200 } as const;
const LOGIN = { http: 401 } as const;
const NOPERM = { status: 403, msg: M.NO_PERMISSION } as const;
type Expect = { http?: number; status?: number; msg?: string; data?: unknown };
const expectOutcome = (
  r: { http: number; status: number; msg: string; data: unknown },
  e: Expect,
  label: string,
) => {
  const got: Expect = {};
  if (e.http !== undefined) got.http = r.http;
  if (e.status !== undefined) got.status = r.status;
  if (e.msg !== undefined) got.msg = r.msg;
  if (e.data !== undefined) got.data = r.data;
  expect(got, label).toEqual(e);
};

describe('membership lifecycle through the API', () => {
  it('builds the nine viewer states and reports each through get-group-auth and get-group-access', async () => {
    const gid = await fresh();
    const auth: Partial<Record<Viewer, Expect>> = {
      anonymous: LOGIN,
      stranger: { data: 0 },
      applying: { data: 1 },
      refused: { data: 2 },
      member: { data: 3 },
      gadmin: { data: 4 },
      groot: { data: 5 },
      owner: { data: 5 },
      root: { data: 0 },
    };
    for (const v of VIEWERS)
      expectOutcome(await h.call('GET', `/api/get-group-auth?gid=${gid}`, v), auth[v]!, v);
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/get-group-access?gid=${gid}`, v);
      if (v === 'anonymous') expect(r.http).toBe(401);
      else expect(r.data, v).toEqual({ access: ['member', 'gadmin', 'groot', 'owner', 'root'].includes(v) });
    }
  });

  it('applying notifies the roots and pushes to the applicant and the admins; accepting welcomes and pushes', async () => {
    h.notices.length = 0;
    h.pushes.length = 0;
    const gid = await fresh();
    const applied = h.pushes.find(
      (p) => p.payload.uid === G_USERS.member.uid && p.payload.kind === 'applied',
    )!;
    expect(applied.payload.auth).toBe(1);
    expect(applied.payload.toUids).toEqual(expect.arrayContaining([G_USERS.member.uid, G_USERS.owner.uid]));
    const application = h.notices.find(
      (n) => n.title === NOTICE.APPLICATION && n.content.includes('gmember'),
    )!;
    expect(application.toUids).toContain(G_USERS.owner.uid);
    expect(application.kind).toBe('Mine');
    const welcome = h.notices.find(
      (n) => n.title === NOTICE.WELCOME && n.toUids.includes(G_USERS.member.uid),
    );
    expect(welcome).toBeDefined();
    const decided = h.pushes.find(
      (p) => p.payload.uid === G_USERS.member.uid && p.payload.kind === 'decided',
    )!;
    expect(decided.payload).toMatchObject({ gid, auth: 3 });
    expect(decided.payload.toUids).toEqual(expect.arrayContaining([G_USERS.member.uid, G_USERS.gadmin.uid]));
  });

  it('G2: a refusal sends a refusal notice, not the welcome notice', async () => {
    h.notices.length = 0;
    await fresh();
    const toRefused = h.notices.filter((n) => n.toUids.includes(G_USERS.refused.uid));
    expect(toRefused.map((n) => n.title)).toEqual([NOTICE.REFUSED]);
  });

  it('G1: a refused applicant applying again is refused plainly (no 500, row unchanged)', async () => {
    const gid = await fresh();
    const r = await h.call(
      'POST',
      `/api/group/member?gid=${gid}&code=ABC123&reason=once%20more%20please`,
      'refused',
    );
    expect(r).toMatchObject({ http: 200, status: 403, msg: M.APPLY_REFUSED });
    expect((await h.call('GET', `/api/get-group-auth?gid=${gid}`, 'refused')).data).toBe(2);
  });

  it('G3: a private group without a code answers the wrong-code message, not a 500', async () => {
    const gid = await fresh({ auth: 3 });
    const r = await h.call('POST', `/api/group/member?gid=${gid}&reason=let%20me%20in%20please`, 'stranger');
    expect(r).toMatchObject({ http: 200, status: 400, msg: M.APPLY_BAD_CODE });
    const wrong = await h.call('POST', `/api/group/member?gid=${gid}&code=ZZZZZZ`, 'stranger');
    expect(wrong.msg).toBe(M.APPLY_BAD_CODE);
    expect(
      (await h.call('POST', `/api/group/member?gid=${gid}&code=ABC123&reason=hello%20there`, 'stranger'))
        .status,
    ).toBe(200);
  });

  it('a public group joins at once with the welcome notice; a reason outside 5..100 is refused elsewhere', async () => {
    const gid = await fresh({ auth: 1 });
    h.notices.length = 0;
    expect((await h.call('POST', `/api/group/member?gid=${gid}`, 'stranger')).status).toBe(200);
    expect((await h.call('GET', `/api/get-group-auth?gid=${gid}`, 'stranger')).data).toBe(3);
    expect(h.notices.map((n) => n.title)).toEqual([NOTICE.WELCOME]);
    const prot = await fresh();
    const short = await h.call('POST', `/api/group/member?gid=${prot}&code=ABC123&reason=hey`, 'stranger');
    expect(short).toMatchObject({ status: 400, msg: M.APPLY_REASON_LENGTH });
  });

  it("a visitor's cached list page follows a join, an exit and a new group at once", async () => {
    const visitorCard = async (gid: number) => {
      const r = await h.call('GET', `/api/get-group-list?limit=120&currentPage=1`, 'anonymous');
      return (r.data.records as { id: number; memberCount: number }[]).find((g) => g.id === gid);
    };
    const gid = await fresh({ auth: 1 });
    const before = (await visitorCard(gid))!.memberCount;
    expect((await h.call('POST', `/api/group/member?gid=${gid}`, 'stranger')).status).toBe(200);
    expect((await visitorCard(gid))!.memberCount).toBe(before + 1);
    expect((await h.call('DELETE', `/api/group/member/exit?gid=${gid}`, 'stranger')).status).toBe(200);
    expect((await visitorCard(gid))!.memberCount).toBe(before);
    const another = await fresh({ auth: 1 });
    expect(await visitorCard(another)).toBeDefined();
  });

  it('hidden or missing groups cannot be applied to', async () => {
    const gid = await fresh({ visible: false });
    expect((await h.call('POST', `/api/group/member?gid=${gid}&code=ABC123`, 'stranger')).msg).toBe(
      M.APPLY_GROUP_HIDDEN,
    );
    expect((await h.call('POST', `/api/group/member?gid=999999`, 'stranger')).msg).toBe(
      M.APPLY_GROUP_MISSING,
    );
  });

  it('auth changes follow §6.2: admins grant ≤3, roots ≤4, site root 5; the owner is untouchable; no demotion to pending', async () => {
    const gid = await fresh();
    const put = (by: Viewer, who: keyof typeof G_USERS, auth: number) =>
      h.call('PUT', '/api/group/member', by, { gid, uid: G_USERS[who].uid, auth });
    expect(await put('gadmin', 'member', 4)).toMatchObject(NOPERM);
    expect(await put('gadmin', 'groot', 3)).toMatchObject(NOPERM);
    expect(await put('groot', 'owner', 3)).toMatchObject({ status: 404, msg: M.MEMBER_OWNER });
    expect(await put('root', 'member', 1)).toMatchObject({ status: 403, msg: M.MEMBER_DEMOTE });
    expect(await put('owner', 'stranger', 3)).toMatchObject({ status: 404, msg: M.MEMBER_MISSING });
    expect(await put('owner', 'member', 9)).toMatchObject({ status: 400, msg: M.MEMBER_BAD_AUTH });
    expect(await put('groot', 'member', 4)).toMatchObject(OK);
    expect(await put('groot', 'member', 5)).toMatchObject(NOPERM);
    expect(await put('root', 'member', 5)).toMatchObject(OK);
    expect((await h.call('GET', `/api/get-group-auth?gid=${gid}`, 'member')).data).toBe(5);
  });

  it('removal and exit: never oneself or the owner, only lower rows; the owner cannot exit', async () => {
    const gid = await fresh();
    const del = (by: Viewer, who: keyof typeof G_USERS) =>
      h.call('DELETE', `/api/group/member?gid=${gid}&uid=${G_USERS[who].uid}`, by);
    expect(await del('gadmin', 'gadmin')).toMatchObject({ status: 404, msg: M.REMOVE_SELF });
    expect(await del('groot', 'owner')).toMatchObject({ status: 404, msg: M.REMOVE_OWNER });
    expect(await del('gadmin', 'groot')).toMatchObject(NOPERM);
    expect(await del('member', 'applying')).toMatchObject(NOPERM);
    expect(await del('owner', 'stranger')).toMatchObject({ status: 404, msg: M.MEMBER_MISSING });
    h.notices.length = 0;
    expect(await del('gadmin', 'member')).toMatchObject(OK);
    expect(h.notices.map((n) => [n.title, n.toUids])).toEqual([[NOTICE.REMOVED, [G_USERS.member.uid]]]);
    expect((await h.call('GET', `/api/get-group-auth?gid=${gid}`, 'member')).data).toBe(0);
    const exit = (who: Viewer) => h.call('DELETE', `/api/group/member/exit?gid=${gid}`, who);
    expect(await exit('owner')).toMatchObject({ status: 404, msg: M.EXIT_OWNER });
    expect(await exit('applying')).toMatchObject({ status: 403, msg: M.EXIT_NOT_MEMBER });
    expect(await exit('groot')).toMatchObject(OK);
    expect((await h.call('GET', `/api/get-group-auth?gid=${gid}`, 'groot')).data).toBe(0);
  });

  it('disband: owner or site root only; members get the notice and the rows go', async () => {
    const gid = await fresh();
    for (const v of ['groot', 'gadmin', 'member', 'stranger'] as const)
      expect(await h.call('DELETE', `/api/group?gid=${gid}`, v), v).toMatchObject(NOPERM);
    h.notices.length = 0;
    expect(await h.call('DELETE', `/api/group?gid=${gid}`, 'owner')).toMatchObject(OK);
    const n = h.notices.find((x) => x.title === NOTICE.DISBANDED)!;
    expect([...n.toUids].sort()).toEqual([G_USERS.gadmin.uid, G_USERS.groot.uid, G_USERS.member.uid].sort());
    const left = await sql<{ n: string }>`select count(*) as n from group_member where gid = ${gid}`.execute(
      tdb.db,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    expect(await h.call('GET', `/api/get-group-detail?gid=${gid}`, 'owner')).toMatchObject({
      status: 404,
      msg: BAN('访问团队失败，'),
    });
    const other = await fresh();
    expect(await h.call('DELETE', `/api/group?gid=${other}`, 'root')).toMatchObject(OK);
  });
});

describe('groups: create, update, list, detail', () => {
  it('validates the fields of §5 and refuses duplicates', async () => {
    const base = { ...PROTECTED_GROUP, name: 'Validation group', shortName: 'valid' };
    const bad: [object, string][] = [
      [{ name: 'abc' }, M.NAME_LENGTH],
      [{ shortName: 'ab' }, M.SHORT_NAME_LENGTH],
      [{ brief: 'x' }, M.BRIEF_LENGTH],
      [{ auth: 4 }, M.AUTH_RANGE],
      [{ code: '12345' }, M.CODE_REQUIRED],
      [{ description: 'd' }, M.DESCRIPTION_LENGTH],
    ];
    for (const [over, msg] of bad)
      expect(await h.call('POST', '/api/group', 'newbie', { ...base, ...over })).toMatchObject({
        status: 400,
        msg,
      });
    expect(await h.call('POST', '/api/group', 'newbie', base)).toMatchObject(OK);
    expect(await h.call('POST', '/api/group', 'newbie', { ...base, shortName: 'other' })).toMatchObject({
      msg: M.NAME_TAKEN,
    });
    expect(await h.call('POST', '/api/group', 'newbie', { ...base, name: 'Another name' })).toMatchObject({
      msg: M.SHORT_NAME_TAKEN,
    });
    expect((await h.call('POST', '/api/group', 'anonymous', base)).http).toBe(401);
  });

  it('enforces the per-user limits of §9.1 (AC count, daily, total) except for site admins', async () => {
    const saved = { ...h.limits };
    try {
      Object.assign(h.limits, { defaultCreateGroupACInitValue: 3 });
      const body = { ...PROTECTED_GROUP, name: 'Limited group', shortName: 'limit' };
      expect(await h.call('POST', '/api/group', 'stranger', body)).toMatchObject({
        status: 403,
        msg: M.CREATE_AC_LIMIT(3),
      });
      Object.assign(h.limits, { defaultCreateGroupACInitValue: 0, defaultCreateGroupDailyLimit: 1 });
      // newbie created one group in the test above (within 24 h).
      expect(await h.call('POST', '/api/group', 'newbie', body)).toMatchObject({
        status: 403,
        msg: M.CREATE_DAILY_LIMIT(1),
      });
      Object.assign(h.limits, { defaultCreateGroupDailyLimit: 100, defaultCreateGroupLimit: 1 });
      expect(await h.call('POST', '/api/group', 'newbie', body)).toMatchObject({
        status: 403,
        msg: M.CREATE_TOTAL_LIMIT(1),
      });
      Object.assign(h.limits, { defaultCreateGroupACInitValue: 50, defaultCreateGroupLimit: 0 });
      expect(await h.call('POST', '/api/group', 'root', body)).toMatchObject(OK);
    } finally {
      Object.assign(h.limits, saved);
    }
  });

  it('G5: an update writes profile fields only, never owner/uid/status; groot, owner and root only', async () => {
    const gid = await fresh();
    const body = {
      ...PROTECTED_GROUP,
      id: gid,
      name: `Renamed ${gid}`,
      shortName: `rn${gid}`,
      status: 1,
      owner: 'gmember',
      uid: G_USERS.member.uid,
    };
    for (const v of ['stranger', 'member', 'gadmin'] as const)
      expect(await h.call('PUT', '/api/group', v, body), v).toMatchObject(NOPERM);
    expect(await h.call('PUT', '/api/group', 'groot', body)).toMatchObject(OK);
    const d = await h.call('GET', `/api/get-group-detail?gid=${gid}`, 'owner');
    expect(d.data).toMatchObject({
      name: `Renamed ${gid}`,
      owner: 'gowner',
      uid: G_USERS.owner.uid,
      status: 0,
      code: 'ABC123',
    });
    expect(await h.call('PUT', '/api/group', 'owner', { ...body, code: '123' })).toMatchObject({
      msg: M.CODE_LENGTH,
    });
  });

  it('detail: the code only for roots; a hidden group only for members and site root', async () => {
    const gid = await fresh({ visible: false });
    const codes: Partial<Record<Viewer, string | null>> = {
      member: null,
      gadmin: null,
      groot: 'ABC123',
      owner: 'ABC123',
      root: 'ABC123',
    };
    for (const [v, code] of Object.entries(codes))
      expect((await h.call('GET', `/api/get-group-detail?gid=${gid}`, v as Viewer)).data.code, v).toBe(code);
    for (const v of ['stranger', 'applying', 'refused'] as const)
      expect(await h.call('GET', `/api/get-group-detail?gid=${gid}`, v), v).toMatchObject({
        status: 403,
        msg: M.NOT_PUBLIC,
      });
  });

  it('list: filters by auth and keyword, hides hidden groups from non-members, onlyMine, counts members, G4 onlyMine optional', async () => {
    const hidden = await fresh({ visible: false, name: 'Zeta hidden group', shortName: 'zetah' });
    const names = async (v: Viewer, q: string) =>
      ((await h.call('GET', `/api/get-group-list?limit=120&${q}`, v)).data.records as { name: string }[]).map(
        (g) => g.name,
      );
    expect(await names('stranger', 'keyword=zeta')).toEqual([]);
    expect(await names('anonymous', 'keyword=zeta&onlyMine=false')).toEqual([]);
    expect(await names('member', 'keyword=zeta')).toEqual(['Zeta hidden group']);
    expect(await names('root', 'keyword=ZETA')).toEqual(['Zeta hidden group']);
    expect(await names('anonymous', 'onlyMine=true')).toEqual([]);
    const mine = await names('applying', 'onlyMine=true');
    expect(mine).toEqual([]);
    const card = (await h.call('GET', `/api/get-group-list?keyword=zeta`, 'owner')).data.records[0];
    expect(card).toMatchObject({ id: hidden, memberCount: 4, visible: false, auth: 2, owner: 'gowner' });
    expect(card.code).toBeUndefined();
    const priv = await fresh({ auth: 3, name: 'Private filter group', shortName: 'pfilt' });
    const onlyPrivate = (await h.call('GET', `/api/get-group-list?auth=3&limit=120`, 'stranger')).data
      .records as { id: number; auth: number }[];
    expect(onlyPrivate.map((g) => g.id)).toContain(priv);
    expect(onlyPrivate.every((g) => g.auth === 3)).toBe(true);
    const page = (await h.call('GET', `/api/get-group-list?limit=9&currentPage=1`, 'stranger')).data;
    expect(page.size).toBe(9);
    expect(page.records.length).toBeLessThanOrEqual(9);
  });

  it("a member's pages are the visible groups and the member's hidden ones by id, at any page size, and follow a change at once", async () => {
    type Card = { id: number; visible: boolean };
    const walk = async (v: Viewer, query: string, limit: number) => {
      const ids: number[] = [];
      let total = -1;
      for (let page = 1; page < 500; page++) {
        const d = (await h.call('GET', `/api/get-group-list?limit=${limit}&currentPage=${page}&${query}`, v))
          .data as { total: number; records: Card[] };
        total = d.total;
        ids.push(...d.records.map((r) => r.id));
        if (d.records.length < limit) break;
      }
      return { ids, total };
    };
    const hiddenA = await fresh({ visible: false });
    await fresh({ visible: true });
    const hiddenB = await fresh({ visible: false });
    // Expected from the other list paths: the visible groups (anonymous) and the member's own groups.
    const expected = async () => {
      const visible = (await walk('anonymous', '', 50)).ids;
      const mine = (await h.call('GET', `/api/get-group-list?limit=120&onlyMine=true`, 'member')).data
        .records as Card[];
      return [...visible, ...mine.filter((g) => !g.visible).map((g) => g.id)].sort((a, b) => a - b);
    };
    const want = await expected();
    expect(want).toEqual(expect.arrayContaining([hiddenA, hiddenB]));
    for (const limit of [1, 3, 7, 120]) {
      const got = await walk('member', '', limit);
      expect(got.ids, `limit ${limit}`).toEqual(want);
      expect(got.total, `limit ${limit}`).toBe(want.length);
    }
    // a stranger sees neither hidden group; once accepted into one, it is on their next page at once
    expect((await walk('stranger', '', 7)).ids).not.toContain(hiddenA);
    const joined = await fresh({ visible: false, auth: 1 });
    expect((await walk('stranger', '', 7)).ids).not.toContain(joined);
    await tdb.db
      .insertInto('group_member' as never)
      .values({ gid: joined, uid: G_USERS.stranger.uid, auth: 3 } as never)
      .execute();
    // the row was written behind the service's back: the member's hidden groups are read per request
    expect((await walk('stranger', '', 7)).ids).toContain(joined);
    expect((await walk('stranger', 'keyword=no-such-group-name', 7)).ids).toEqual([]);
    // onlyMine: one query carries the page and its count; a page past the end still has the count
    const mineAll = (await h.call('GET', `/api/get-group-list?limit=120&onlyMine=true`, 'member')).data;
    const mineWalk = await walk('member', 'onlyMine=true', 2);
    expect(mineWalk.ids).toEqual((mineAll.records as Card[]).map((g) => g.id));
    expect(mineWalk.total).toBe(mineAll.total);
    const past = (await h.call('GET', `/api/get-group-list?limit=2&currentPage=400&onlyMine=true`, 'member'))
      .data;
    expect(past).toMatchObject({ total: mineAll.total, records: [] });
  });
});

describe('group avatar', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = async (who: Viewer, gid: number, bytes: Buffer, filename = 'avatar.png') => {
    const boundary = '----oj-group-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/file/upload-group-avatar?gid=${gid}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: who },
      payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return res.json() as { status: number; msg: string; data: { avatar: string } };
  };

  it('group roots and site root set it (image bytes only, ≤2 MB); it is served from the blob store', async () => {
    const gid = await fresh();
    for (const v of ['member', 'gadmin', 'stranger'] as const)
      expect(await upload(v, gid, PNG), v).toMatchObject({ status: 403, msg: M.NO_PERMISSION });
    expect(await upload('owner', gid, Buffer.from('<svg onload=alert(1)>'))).toMatchObject({
      status: 400,
      msg: M.AVATAR_TYPE,
    });
    expect(await upload('owner', gid, Buffer.alloc(2 * 1024 * 1024 + 10, 1))).toMatchObject({
      msg: M.AVATAR_TOO_BIG,
    });
    const ok = await upload('groot', gid, PNG);
    expect(ok.status).toBe(200);
    expect(ok.data.avatar).toMatch(/^\/api\/public\/group-avatar\/[0-9a-f]{64}\.png$/);
    const img = await h.app.inject({ method: 'GET', url: ok.data.avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    const card = (await h.call('GET', `/api/get-group-list?limit=120`, 'stranger')).data.records.find(
      (g: { id: number }) => g.id === gid,
    );
    expect(card.avatar).toBe(ok.data.avatar);
  });
});

describe('announcements and rank', () => {
  it('lists visible announcements to members, all to admins; authors and roots edit; G6 the author is the caller', async () => {
    const gid = await fresh();
    expect(
      await h.call('POST', '/api/group/announcement', 'member', { gid, title: 'x', content: 'y' }),
    ).toMatchObject(NOPERM);
    expect(
      await h.call('POST', '/api/group/announcement', 'gadmin', { gid, title: '', content: 'y' }),
    ).toMatchObject({
      msg: M.ANNOUNCEMENT_TITLE_EMPTY,
    });
    expect(
      await h.call('POST', '/api/group/announcement', 'gadmin', {
        gid,
        title: 'Shown',
        content: 'c',
        uid: G_USERS.owner.uid,
      }),
    ).toMatchObject(OK);
    expect(
      await h.call('POST', '/api/group/announcement', 'owner', {
        gid,
        title: 'Hidden',
        content: 'c',
        status: 1,
      }),
    ).toMatchObject(OK);
    const pub = (await h.call('GET', `/api/group/get-announcement-list?gid=${gid}`, 'member')).data.records;
    expect(pub.map((a: { title: string }) => a.title)).toEqual(['Shown']);
    expect(pub[0]).toMatchObject({ username: 'ggadmin', uid: G_USERS.gadmin.uid });
    expect(await h.call('GET', `/api/group/get-admin-announcement-list?gid=${gid}`, 'member')).toMatchObject(
      NOPERM,
    );
    const all = (await h.call('GET', `/api/group/get-admin-announcement-list?gid=${gid}`, 'gadmin')).data
      .records;
    expect(all.map((a: { title: string }) => a.title).sort()).toEqual(['Hidden', 'Shown']);
    const shown = all.find((a: { title: string }) => a.title === 'Shown');
    const hiddenA = all.find((a: { title: string }) => a.title === 'Hidden');
    expect(
      await h.call('PUT', '/api/group/announcement', 'gadmin', { ...hiddenA, title: 'Hijack' }),
    ).toMatchObject(NOPERM);
    expect(
      await h.call('PUT', '/api/group/announcement', 'gadmin', { ...shown, title: 'Shown 2' }),
    ).toMatchObject(OK);
    expect(await h.call('PUT', '/api/group/announcement', 'groot', { ...hiddenA, status: 0 })).toMatchObject(
      OK,
    );
    expect(await h.call('DELETE', `/api/group/announcement?aid=${shown.id}`, 'member')).toMatchObject(NOPERM);
    expect(await h.call('DELETE', `/api/group/announcement?aid=${shown.id}`, 'gadmin')).toMatchObject(OK);
    expect(await h.call('DELETE', `/api/group/announcement?aid=${shown.id}`, 'owner')).toMatchObject({
      status: 404,
      msg: M.ANNOUNCEMENT_GONE_DELETE,
    });
  });

  it('ranks members by ACM (ac desc, total asc) and OI (score desc), 30 a page, searchable', async () => {
    const gid = await fresh();
    const sub = (uid: string, pid: number, status: number, score: number | null, cid = 0) =>
      sql`insert into judge (pid, display_pid, uid, username, status, length, code, language, cid, gid, oi_rank_score)
          values (${pid}, ${'P' + pid}, ${uid}, 'x', ${status}, 1, 'c', 'C', ${cid}, ${gid}, ${score})`.execute(
        tdb.db,
      );
    // member: 2 AC out of 3 submissions; gadmin: 2 AC out of 2; groot: 1 AC, OI best 100+60.
    await sub(G_USERS.member.uid, 1, -1, 0);
    await sub(G_USERS.member.uid, 1, 0, 100);
    await sub(G_USERS.member.uid, 2, 0, 100);
    await sub(G_USERS.gadmin.uid, 1, 0, 100);
    await sub(G_USERS.gadmin.uid, 2, 0, 100);
    await sub(G_USERS.groot.uid, 1, 0, 100);
    await sub(G_USERS.groot.uid, 2, 8, 60);
    await sub(G_USERS.groot.uid, 3, 8, 90, 5); // contest submission: no OI score here
    // outsiders and non-group submissions do not count
    await sub(G_USERS.stranger.uid, 1, 0, 100);
    const acm = (await h.call('GET', `/api/get-group-rank-list?gid=${gid}&type=0`, 'member')).data;
    expect(acm.size).toBe(30);
    expect(
      acm.records.map((r: { username: string; ac: number; total: number }) => [r.username, r.ac, r.total]),
    ).toEqual([
      ['ggadmin', 2, 2],
      ['gmember', 2, 3],
      ['ggroot', 1, 3],
      ['gowner', 0, 0],
    ]);
    const oi = (await h.call('GET', `/api/get-group-rank-list?gid=${gid}&type=1`, 'member')).data;
    expect(oi.records.map((r: { username: string; score: number }) => [r.username, r.score])).toEqual([
      ['ggadmin', 200],
      ['gmember', 200],
      ['ggroot', 160],
      ['gowner', 0],
    ]);
    const search = (
      await h.call('GET', `/api/get-group-rank-list?gid=${gid}&type=0&searchUser=gmem`, 'owner')
    ).data;
    expect(search.records.map((r: { username: string }) => r.username)).toEqual(['gmember']);
    // Searches and pages slice the one ranked list: case-insensitive, in rank order, counted.
    const upper = (await h.call('GET', `/api/get-group-rank-list?gid=${gid}&type=0&searchUser=GMEM`, 'owner'))
      .data;
    expect(upper.total).toBe(1);
    const paged = (
      await h.call(
        'GET',
        `/api/get-group-rank-list?gid=${gid}&type=1&searchUser=g&limit=2&currentPage=2`,
        'owner',
      )
    ).data;
    expect(paged.total).toBe(4);
    expect(paged.records.map((r: { username: string }) => r.username)).toEqual(['ggroot', 'gowner']);
    expect(await h.call('GET', `/api/get-group-rank-list?gid=${gid}&type=2`, 'member')).toMatchObject({
      msg: M.RANK_TYPE,
    });
    expect(await h.call('GET', `/api/get-group-rank-list?gid=${gid}&type=0`, 'stranger')).toMatchObject(
      NOPERM,
    );
  });
});

describe('authorization matrix: every group endpoint × nine viewer states, no secret reaches a non-member', () => {
  const SECRET = 'SECRET-7f3a';
  const NON_MEMBERS: Viewer[] = ['anonymous', 'stranger', 'applying', 'refused'];
  let gid = 0;
  let aid = 0;
  let pid = 0;

  beforeAll(async () => {
    gid = await fresh({ code: 'SEC123' });
    await h.call('POST', '/api/group/announcement', 'owner', {
      gid,
      title: `Ann ${SECRET}`,
      content: `Body ${SECRET}`,
    });
    aid = (await h.call('GET', `/api/group/get-admin-announcement-list?gid=${gid}`, 'owner')).data.records[0]
      .id;
    const shortName = (await h.call('GET', `/api/get-group-detail?gid=${gid}`, 'owner')).data
      .shortName as string;
    const row = await sql<{
      id: number;
    }>`insert into problem (problem_id, title, description, author, auth, is_group, gid)
      values (${shortName.toUpperCase() + '1'}, ${'Problem ' + SECRET}, ${SECRET}, 'gowner', 1, true, ${gid}) returning id`.execute(
      tdb.db,
    );
    pid = Number(row.rows[0]!.id);
    await sql`insert into judge (pid, display_pid, uid, username, status, length, code, language, cid, gid)
      values (${pid}, 'X', ${G_USERS.member.uid}, 'gmember', 0, 1, ${'code ' + SECRET}, 'C', 0, ${gid})`.execute(
      tdb.db,
    );
  });

  /** Non-mutating endpoints: expected outcome per viewer (absent = 200). */
  const reads = (): { url: string; deny: Partial<Record<Viewer, Expect>> }[] => {
    const members = { anonymous: LOGIN, stranger: NOPERM, applying: NOPERM, refused: NOPERM };
    const admins = { ...members, member: NOPERM };
    return [
      { url: `/api/get-group-list?onlyMine=false&limit=120`, deny: {} },
      { url: `/api/get-group-list?onlyMine=true&limit=120`, deny: {} },
      { url: `/api/get-group-detail?gid=${gid}`, deny: { anonymous: LOGIN } },
      { url: `/api/get-group-access?gid=${gid}`, deny: { anonymous: LOGIN } },
      { url: `/api/get-group-auth?gid=${gid}`, deny: { anonymous: LOGIN } },
      { url: `/api/group/get-member-list?gid=${gid}`, deny: members },
      { url: `/api/group/get-apply-list?gid=${gid}`, deny: admins },
      { url: `/api/group/get-announcement-list?gid=${gid}`, deny: members },
      { url: `/api/group/get-admin-announcement-list?gid=${gid}`, deny: admins },
      { url: `/api/get-group-rank-list?gid=${gid}&type=0`, deny: members },
      { url: `/api/get-group-rank-list?gid=${gid}&type=1`, deny: members },
    ];
  };

  it('read endpoints answer each viewer as expected and never show a secret to a non-member', async () => {
    for (const { url, deny } of reads()) {
      for (const v of VIEWERS) {
        const r = await h.call('GET', url, v);
        expectOutcome(r, deny[v] ?? OK, `${v} ${url}`);
        if (NON_MEMBERS.includes(v)) expect(JSON.stringify(r), `${v} ${url}`).not.toContain(SECRET);
        if (NON_MEMBERS.includes(v)) expect(JSON.stringify(r), `${v} ${url}`).not.toContain('SEC123');
      }
    }
  });

  it('group problems and their test data reach members only', async () => {
    const display =
      (await h.call('GET', `/api/get-group-detail?gid=${gid}`, 'owner')).data.shortName.toUpperCase() + '1';
    for (const v of VIEWERS) {
      const r = await h.call('GET', `/api/get-problem-detail?problemId=${display}&gid=${gid}`, v);
      const member = ['member', 'gadmin', 'groot', 'owner', 'root'].includes(v);
      if (member) expect(r.status, v).toBe(200);
      else expect(JSON.stringify(r), v).not.toContain(SECRET);
      if (!member && v !== 'anonymous') expect(r.status, v).toBe(403);
      // Without the group id the problem is never shown outside the group.
      const bare = await h.call('GET', `/api/get-problem-detail?problemId=${display}`, v);
      if (v !== 'root') expect(JSON.stringify(bare), v).not.toContain(SECRET);
      const data = await h.call('GET', `/api/file/download-testcase?pid=${pid}`, v);
      if (!member) expect(data.http, v).not.toBe(200);
      if (!member && v !== 'anonymous') expect(data.msg, v).toBe(M.NO_PERMISSION);
    }
  });

  it('writes: each viewer gets its answer; refused writes change nothing', async () => {
    type W = {
      name: string;
      run: (v: Viewer, g: number) => Promise<{ http: number; status: number; msg: string; data: unknown }>;
      ok: Viewer[];
      other?: Partial<Record<Viewer, Expect>>;
    };
    const writes: W[] = [
      {
        name: 'update group',
        run: (v, g) => h.call('PUT', '/api/group', v, { id: g, auth: 2, brief: 'A changed brief' }),
        ok: ['groot', 'owner', 'root'],
      },
      { name: 'disband', run: (v, g) => h.call('DELETE', `/api/group?gid=${g}`, v), ok: ['owner', 'root'] },
      {
        name: 'apply',
        run: (v, g) => h.call('POST', `/api/group/member?gid=${g}&code=ABC123&reason=let%20me%20in`, v),
        ok: ['stranger', 'root'],
        other: {
          applying: { status: 403, msg: M.APPLY_AGAIN },
          refused: { status: 403, msg: M.APPLY_REFUSED },
          member: { status: 403, msg: M.APPLY_MEMBER },
          gadmin: { status: 403, msg: M.APPLY_MEMBER },
          groot: { status: 403, msg: M.APPLY_MEMBER },
          owner: { status: 403, msg: M.APPLY_MEMBER },
        },
      },
      {
        name: 'accept application',
        run: (v, g) => h.call('PUT', '/api/group/member', v, { gid: g, uid: G_USERS.applying.uid, auth: 3 }),
        ok: ['gadmin', 'groot', 'owner', 'root'],
        other: { applying: NOPERM },
      },
      {
        name: 'remove member',
        run: (v, g) => h.call('DELETE', `/api/group/member?gid=${g}&uid=${G_USERS.member.uid}`, v),
        ok: ['gadmin', 'groot', 'owner', 'root'],
        other: { member: { status: 404, msg: M.REMOVE_SELF } },
      },
      {
        name: 'exit',
        run: (v, g) => h.call('DELETE', `/api/group/member/exit?gid=${g}`, v),
        ok: ['member', 'gadmin', 'groot'],
        other: {
          stranger: { status: 403, msg: M.EXIT_NOT_MEMBER },
          applying: { status: 403, msg: M.EXIT_NOT_MEMBER },
          refused: { status: 403, msg: M.EXIT_NOT_MEMBER },
          root: { status: 403, msg: M.EXIT_NOT_MEMBER },
          owner: { status: 404, msg: M.EXIT_OWNER },
        },
      },
      {
        name: 'add announcement',
        run: (v, g) => h.call('POST', '/api/group/announcement', v, { gid: g, title: 'T', content: 'C' }),
        ok: ['gadmin', 'groot', 'owner', 'root'],
      },
    ];
    for (const w of writes) {
      for (const v of VIEWERS) {
        const g = await fresh();
        const r = await w.run(v, g);
        const e: Expect = v === 'anonymous' ? LOGIN : w.ok.includes(v) ? OK : (w.other?.[v] ?? NOPERM);
        expectOutcome(r, e, `${w.name} by ${v}`);
        if (!w.ok.includes(v)) {
          // Nothing changed: the group and its rows are as populated.
          const d = await h.call('GET', `/api/get-group-detail?gid=${g}`, 'root');
          expect(d.data?.brief, `${w.name} by ${v}`).toBe(PROTECTED_GROUP.brief);
          const rows = await h.call('GET', `/api/group/get-apply-list?gid=${g}&limit=50`, 'root');
          expect(rows.data.total, `${w.name} by ${v}`).toBe(6);
        }
      }
    }
  }, 120_000);

  it('announcement edit and delete by viewer', async () => {
    for (const v of VIEWERS) {
      const put = await h.call('PUT', '/api/group/announcement', v, {
        id: aid,
        gid,
        title: `Ann ${SECRET}`,
        content: `Body ${SECRET}`,
      });
      const ok = ['groot', 'owner', 'root'].includes(v);
      expectOutcome(put, v === 'anonymous' ? LOGIN : ok ? OK : NOPERM, `edit by ${v}`);
      if (NON_MEMBERS.includes(v)) expect(JSON.stringify(put)).not.toContain(SECRET);
    }
    for (const v of ['anonymous', 'stranger', 'applying', 'refused', 'member', 'gadmin'] as const) {
      const del = await h.call('DELETE', `/api/group/announcement?aid=${aid}`, v);
      expectOutcome(del, v === 'anonymous' ? LOGIN : NOPERM, `delete by ${v}`);
    }
    expect(await h.call('DELETE', `/api/group/announcement?aid=${aid}`, 'groot')).toMatchObject(OK);
  });
});

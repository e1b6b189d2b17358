// Similarity reports on the composed platform (issue #28): the group's own admin, who is no site
// admin, starts and reads an analysis of a group problem; a plain member of the group and a stranger
// are refused the same calls (the composition root's answers: group standing, contest admin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@oj/protocol';
import { MemberAuth } from '@oj/protocol/group';
import { createUser } from '../../src/account/seed';
import { PASSWORD, startSecurityPlatform, type SecurityPlatform } from './platform';
import { seedProtected, type Variant } from './seed';

let env: SecurityPlatform;
let group: Variant;
const tokens: Record<'groupAdmin' | 'member' | 'stranger', string> = {
  groupAdmin: '',
  member: '',
  stranger: '',
};

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await env.platform.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });
  return { http: res.statusCode, env: res.json() as { status: number; data: unknown } };
}

beforeAll(async () => {
  env = await startSecurityPlatform();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = env.platform.ctx.db as any;
  const seeded = await seedProtected(db, env.uids.participant);
  group = seeded.variants.find((v) => v.name === 'group')!;
  await createUser(db, {
    username: 'sec_sim_stranger',
    password: PASSWORD,
    email: 'sec_sim_stranger@example.com',
    roleIds: [Role.DEFAULT_USER],
  });
  await db
    .insertInto('group_member')
    .values([
      { gid: group.gid, uid: env.uids.user, auth: MemberAuth.ADMIN },
      { gid: group.gid, uid: env.uids.participant, auth: MemberAuth.MEMBER },
    ])
    .execute();
  tokens.groupAdmin = env.tokens.user;
  tokens.member = env.tokens.participant;
  const res = await env.platform.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'sec_sim_stranger', password: PASSWORD },
    remoteAddress: '10.9.77.77',
  });
  tokens.stranger = String(res.headers.authorization ?? '');
  expect(tokens.stranger).not.toBe('');
}, 120_000);

afterAll(async () => {
  await env?.close();
}, 60_000);

describe('similarity for a group admin who is not a site admin', () => {
  it('lets the group admin start and read a group problem analysis; a member and a stranger are refused', async () => {
    const scope = { scope: 'problem', scopeId: group.pid };
    const list = `/api/admin/similarity/list?scope=problem&scopeId=${group.pid}`;
    for (const who of ['member', 'stranger'] as const) {
      const start = await call(tokens[who], 'POST', '/api/admin/similarity/start', scope);
      expect([who, start.http, start.env.status]).toEqual([who, 200, 403]);
      expect([who, (await call(tokens[who], 'GET', list)).env.status]).toEqual([who, 403]);
      const contest = await call(tokens[who], 'POST', '/api/admin/similarity/start', {
        scope: 'contest',
        scopeId: group.cid,
      });
      expect([who, contest.env.status]).toEqual([who, 403]);
    }

    const started = await call(tokens.groupAdmin, 'POST', '/api/admin/similarity/start', scope);
    expect(started.env.status).toBe(200);
    const id = (started.env.data as { id: number }).id;
    const listed = await call(tokens.groupAdmin, 'GET', list);
    expect(listed.env.status).toBe(200);
    expect((listed.env.data as { id: number }[]).map((a) => a.id)).toContain(id);
    const report = `/api/admin/similarity/report?id=${id}`;
    expect((await call(tokens.groupAdmin, 'GET', report)).env.status).toBe(200);
    // The analysis itself is refused to the member and the stranger.
    for (const who of ['member', 'stranger'] as const)
      expect([who, (await call(tokens[who], 'GET', report)).env.status]).toEqual([who, 403]);
    // An unscoped list is the site staff's only.
    expect((await call(tokens.groupAdmin, 'GET', '/api/admin/similarity/list')).env.status).toBe(403);
  }, 60_000);
});

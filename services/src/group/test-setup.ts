// Shared set-up of the group integration tests and the bench: a migrated database, the group and
// problem capabilities on one app with fixed-token users, a notice port that records, and the
// nine viewer states of a group built through the API itself.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDiskBlobStore, createMemoryBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import type { NoticePort } from '../platform/shared-ports';
import type { TestDatabase } from '../../test/support/db';
import { makeUser, seedUsers, testContext, tokenAuthenticator } from '../judge/test-harness';
import { createProblemCapability } from '../problem';
import { createContestCapability } from '../contest';
import { createJudgeCapability } from '../judge';
import { problemPortFromProblemCapability } from '../judge/problem-adapter';
import { compilerFrontEndPort } from '../admin/compile-check';
import { createGroupCapability, groupProblemPort, type GroupCapability } from './index';
import { DEFAULT_GROUP_LIMITS, type GroupLimits } from './ports';

/** The nine viewer states of the issue, anonymous aside, as fixed users. */
export const G_USERS = {
  owner: makeUser('g-owner', 'gowner', 1002),
  groot: makeUser('g-groot', 'ggroot', 1002),
  gadmin: makeUser('g-gadmin', 'ggadmin', 1002),
  member: makeUser('g-member', 'gmember', 1002),
  applying: makeUser('g-applying', 'gapplying', 1002),
  refused: makeUser('g-refused', 'grefused', 1002),
  stranger: makeUser('g-stranger', 'gstranger', 1002),
  root: makeUser('g-root', 'groot_site', 1000),
  newbie: makeUser('g-newbie', 'gnewbie', 1002),
  /** A site admin (not root): no group rights (reference §3: only site root bypasses group checks). */
  siteAdmin: makeUser('g-siteadmin', 'gsiteadmin', 1001),
} satisfies Record<string, AuthUser>;
export type Viewer = keyof typeof G_USERS | 'anonymous';
export const VIEWERS: Viewer[] = [
  'anonymous',
  'stranger',
  'applying',
  'refused',
  'member',
  'gadmin',
  'groot',
  'owner',
  'root',
];

export interface Notice {
  toUids: readonly string[];
  title: string;
  content: string;
  kind: string;
}

/** Loose on purpose: each call reads a few fields of a different response shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyData = any;

export interface GroupHarness {
  app: App;
  bus: Bus;
  group: GroupCapability;
  limits: GroupLimits;
  notices: Notice[];
  pushes: {
    subject: string;
    payload: { gid: number; uid: string; auth: number; kind: string; toUids: string[] };
  }[];
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: Viewer,
    payload?: object,
  ): Promise<{ http: number; status: number; msg: string; data: AnyData }>;
  close(): Promise<void>;
}

export async function groupHarness(tdb: TestDatabase): Promise<GroupHarness> {
  const bus = createMemoryBus();
  // Test data of group problems goes to a blob store on a temp dir.
  const ctx = {
    ...testContext(tdb.db, bus),
    blobs: createDiskBlobStore(mkdtempSync(join(tmpdir(), 'oj-group-'))),
  };
  const notices: Notice[] = [];
  const noticePort: NoticePort = { notify: async (n) => void notices.push(n) };
  const limits: GroupLimits = { ...DEFAULT_GROUP_LIMITS, defaultCreateGroupACInitValue: 0 };
  const group = createGroupCapability(ctx, { notices: noticePort, limits: async () => limits });
  // The judge capability: the group submission list, and the problem capability's status icons.
  const judge = createJudgeCapability(ctx, {
    problems: problemPortFromProblemCapability(ctx.db),
    groups: {
      isMember: (gid, uid) => group.membership.isMember(uid, gid),
      isGroupRoot: async (gid, uid) => (await group.roles.standing(uid, gid)) === 'root',
    },
    live: false,
    outbox: false,
  });
  const problem = createProblemCapability(
    ctx,
    { groups: group.membership, status: judge.problemStatus },
    { seedSamples: false },
  );
  // The compile check compose.ts plugs in (the admin's compiler front end).
  group.useProblems(
    groupProblemPort(tdb.db as never, problem.admin, (input) => compilerFrontEndPort.compile(input)),
  );
  // Group contests: the contest capability with the group's rules plugged in as compose.ts does
  // (routes only; no consumers started).
  const contest = createContestCapability(ctx, {
    groupRoles: group.roles,
    groups: {
      isMember: (gid, uid) => group.membership.isMember(uid, gid),
      ownerUids: async () => [],
      isGroupRoot: async (gid, uid) => (await group.roles.standing(uid, gid)) === 'root',
    },
  });
  group.onDisband((gid) => contest.groupContests.removeGroup(gid));
  const app = await buildApp({
    authenticator: tokenAuthenticator(Object.fromEntries(Object.entries(G_USERS).map(([k, u]) => [k, u]))),
  });
  await group.routes!(app);
  await problem.routes!(app);
  await contest.routes!(app);
  await judge.routes!(app);
  await app.ready();
  await seedUsers(tdb, Object.values(G_USERS));
  const pushes: GroupHarness['pushes'] = [];
  const unsub = await bus.subscribe<GroupHarness['pushes'][number]['payload']>(
    Subjects.groupMembershipAll,
    (payload, subject) => void pushes.push({ subject, payload }),
  );
  return {
    app,
    bus,
    group,
    limits,
    notices,
    pushes,
    async call(method, url, who, payload) {
      const res = await app.inject({
        method,
        url,
        headers: who === 'anonymous' ? {} : { authorization: who },
        payload,
      });
      const body = res.json() as { status: number; msg: string; data: AnyData };
      return { http: res.statusCode, ...body };
    },
    async close() {
      await unsub();
      await app.close();
      await bus.close();
    },
  };
}

export const PROTECTED_GROUP = {
  name: 'Alpha Coders',
  shortName: 'alpha',
  brief: 'A protected test group',
  description: 'Members solve problems together.',
  auth: 2,
  code: 'ABC123',
  visible: true,
};

/**
 * Creates a protected group owned by `owner` and brings every other viewer into its state through
 * the API: groot (5, granted by site root), gadmin (4), member (3), applying (1), refused (2).
 */
export async function populatedGroup(
  h: GroupHarness,
  over: Partial<typeof PROTECTED_GROUP> = {},
): Promise<number> {
  const wanted = { ...PROTECTED_GROUP, ...over };
  // Built as a visible protected group (every state reachable), then switched to what was asked.
  const body = { ...wanted, auth: 2, visible: true };
  const created = await h.call('POST', '/api/group', 'owner', body);
  if (created.status !== 200) throw new Error(`create: ${created.msg}`);
  const list = await h.call('GET', `/api/get-group-list?onlyMine=true&limit=120`, 'owner');
  const gid = (list.data.records as { id: number; name: string }[]).find((g) => g.name === body.name)!.id;
  for (const who of ['groot', 'gadmin', 'member', 'applying', 'refused'] as const) {
    const r = await h.call(
      'POST',
      `/api/group/member?gid=${gid}&code=${body.code}&reason=please%20let%20me%20in`,
      who,
    );
    if (r.status !== 200) throw new Error(`apply ${who}: ${r.msg}`);
  }
  const set = async (who: keyof typeof G_USERS, auth: number, by: Viewer) => {
    const r = await h.call('PUT', '/api/group/member', by, { gid, uid: G_USERS[who].uid, auth });
    if (r.status !== 200) throw new Error(`set ${who} ${auth}: ${r.msg}`);
  };
  await set('groot', 3, 'owner');
  await set('groot', 5, 'root');
  await set('gadmin', 3, 'owner');
  await set('gadmin', 4, 'owner');
  await set('member', 3, 'gadmin');
  await set('refused', 2, 'owner');
  if (wanted.auth !== 2 || !wanted.visible) {
    const r = await h.call('PUT', '/api/group', 'root', {
      id: gid,
      auth: wanted.auth,
      visible: wanted.visible,
      code: wanted.code,
    });
    if (r.status !== 200) throw new Error(`switch: ${r.msg}`);
  }
  return gid;
}

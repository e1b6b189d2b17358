// The GroupProblemPort over the problem capability: facts and pages are read-only views of the
// problem and judge tables (as other capabilities' adapters read tables they do not own); every
// write goes through the problem capability's admin service, which the composition root passes in.
import { sql, type Kysely } from 'kysely';
import type { Problem, ProblemCase, ProblemDTO, Tag } from '@oj/protocol/problem/schemas';
import type { AuthUser } from '../platform/http/access';
import { camelDb } from '../platform/db/camel';
import type { GroupProblemFacts, GroupProblemPort } from './ports';

interface ProblemView {
  /** The problem table's columns the group area reads: exactly its facts. */
  problem: GroupProblemFacts;
  judge: { pid: number; gid: number | null; cid: number; status: number };
  problemTag: { pid: number; tid: number };
  tag: {
    id: number;
    name: string;
    color: string | null;
    oj: string;
    gid: number | null;
    tcid: number | null;
    gmtCreate: Date;
    gmtModified: Date;
  };
}

/** The problem capability's back office, as compose hands it over. */
export interface ProblemBackOffice {
  get(user: AuthUser, pid: number): Promise<Problem>;
  create(user: AuthUser, dto: ProblemDTO): Promise<void>;
  update(user: AuthUser, dto: ProblemDTO): Promise<void>;
  remove(pid: number): Promise<void>;
  cases(pid: number): Promise<ProblemCase[]>;
  changeAuth(user: AuthUser, id: number, auth: number): Promise<void>;
  changeGroupProblemProgress(
    pid: number | null | undefined,
    progress: number | null | undefined,
  ): Promise<void>;
  withdrawGroupProblemApplication(pid: number): Promise<boolean>;
}

const FACTS = [
  'id',
  'problemId',
  'title',
  'author',
  'auth',
  'gid',
  'isGroup',
  'applyPublicProgress',
  'difficulty',
  'type',
  'gmtCreate',
  'modifiedUser',
] as const;

/** A tag row as the wire has it: dates as ISO text (what JSON.stringify made of them before). */
const tagOf = (t: ProblemView['tag']): Tag => ({
  ...t,
  gmtCreate: t.gmtCreate.toISOString(),
  gmtModified: t.gmtModified.toISOString(),
});

/** Without a compiler: the reference's "no judge available" answer. */
const NO_JUDGE = { ok: false, status: 400, msg: '没有可用的判题服务器，请重新尝试！' } as const;

/**
 * The back office checks its own staff rule (site problem admins or the author); the group rules
 * were checked by the group service before, so the call is made as a problem admin acting for
 * the caller (the caller's username stays the modifying user).
 */
const actingFor = (user: AuthUser): AuthUser => ({ ...user, roles: [...user.roles, 'problem_admin'] });

export function groupProblemPort(
  db: Kysely<unknown>,
  office: ProblemBackOffice,
  compiler?: GroupProblemPort['compileChecker'],
): GroupProblemPort {
  const pdb = camelDb<ProblemView>(db);
  return {
    compileChecker: compiler ?? (async () => NO_JUDGE),
    async find(pid) {
      const row = await pdb.selectFrom('problem').select(FACTS).where('id', '=', pid).executeTakeFirst();
      return (row as GroupProblemFacts | undefined) ?? null;
    },
    async page(gid, publicOnly, page, limit) {
      let q = pdb.selectFrom('problem').where('gid', '=', gid).where('isGroup', '=', true);
      if (publicOnly) q = q.where('auth', '=', 1);
      const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
      const rows = await q
        .select(FACTS)
        .select((eb) => [
          eb
            .selectFrom('judge')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('judge.pid', '=', 'problem.id')
            .where('judge.gid', '=', gid)
            .where('judge.cid', '=', 0)
            .as('total'),
          eb
            .selectFrom('judge')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('judge.pid', '=', 'problem.id')
            .where('judge.gid', '=', gid)
            .where('judge.cid', '=', 0)
            .where('judge.status', '=', 0)
            .as('ac'),
        ])
        .orderBy(sql`length(problem_id)`)
        .orderBy('problemId')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return {
        total,
        rows: rows.map((r) => ({
          ...(r as GroupProblemFacts),
          total: Number(r.total ?? 0),
          ac: Number(r.ac ?? 0),
        })),
      };
    },
    get: (pid) =>
      office.get(actingFor({ uid: '', username: '', roleIds: [], roles: [], permissions: [] }), pid),
    cases: (pid) => office.cases(pid),
    async tags(gid) {
      const rows = await pdb
        .selectFrom('tag')
        .selectAll()
        .where((eb) => eb.or([eb('gid', 'is', null), eb('gid', '=', gid)]))
        .orderBy('id')
        .execute();
      return rows.map(tagOf);
    },
    create: (user, dto) => office.create(actingFor(user), dto),
    update: (user, dto) => office.update(actingFor(user), dto),
    remove: (pid) => office.remove(pid),
    changeAuth: (user, pid, auth) => office.changeAuth(actingFor(user), pid, auth),
    applyPublic: (pid) => office.changeGroupProblemProgress(pid, 1),
    withdrawPublic: (pid) => office.withdrawGroupProblemApplication(pid),
    async tagsOf(pids) {
      const out = new Map<number, Tag[]>();
      if (pids.length === 0) return out;
      const rows = await pdb
        .selectFrom('problemTag')
        .innerJoin('tag', 'tag.id', 'problemTag.tid')
        .select(['problemTag.pid as pid'])
        .selectAll('tag')
        .where('problemTag.pid', 'in', [...pids])
        .orderBy('tag.id')
        .execute();
      for (const { pid, ...tag } of rows) out.set(pid, [...(out.get(pid) ?? []), tagOf(tag)]);
      return out;
    },
    async idOf(problemId, gid) {
      const row = await pdb
        .selectFrom('problem')
        .select('id')
        .where('problemId', '=', problemId)
        .where('gid', '=', gid)
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },
  };
}

/** Until plugged in: no group has problems. */
export const NO_GROUP_PROBLEMS: GroupProblemPort = {
  find: async () => null,
  page: async () => ({ total: 0, rows: [] }),
  get: async () => null,
  cases: async () => [],
  tags: async () => [],
  create: async () => undefined,
  update: async () => undefined,
  remove: async () => undefined,
  changeAuth: async () => undefined,
  applyPublic: async () => undefined,
  withdrawPublic: async () => false,
  tagsOf: async () => new Map(),
  idOf: async () => null,
  compileChecker: async () => NO_JUDGE,
};

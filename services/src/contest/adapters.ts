// Default port implementations: read-only views over tables owned by the account,
// judge and problem capabilities (the one write is the reference's "contest-only"
// auth flag on a problem). The composition root can replace any of them.
import { sql, type Kysely } from 'kysely';
import { superAdminUids } from '../account/repository';
import { toProblem } from '../problem/mappers';
import { copyProblem, findProblemByDisplayId } from '../problem/repository';
import type { Database } from '../platform/db/schema';
import type { Problem, ProblemDTO } from '@oj/protocol/problem/schemas';
import type { AuthUser } from '../platform/http/access';
import { fail } from '../platform/http/errors';
import type {
  ContestProblemAuthoring,
  ContestSubmissionRow,
  ProblemCatalog,
  ProblemSummary,
  SubmissionSource,
  UserDirectory,
} from './ports';

function submissionQuery(db: Kysely<Database>) {
  return db
    .selectFrom('judge')
    .select(['submit_id', 'uid', 'username', 'cid', 'cpid', 'pid', 'submit_time', 'status', 'score', 'time']);
}

type SubmissionRecord = {
  submit_id: number;
  uid: string;
  username: string;
  cid: number;
  cpid: number;
  pid: number;
  submit_time: Date;
  status: number;
  score: number | null;
  time: number | null;
};

function toRow(r: SubmissionRecord): ContestSubmissionRow {
  return {
    submitId: r.submit_id,
    uid: r.uid,
    username: r.username,
    cid: r.cid,
    cpid: r.cpid,
    pid: r.pid,
    submitTime: r.submit_time,
    status: r.status,
    score: r.score,
    time: r.time,
  };
}

export function judgeTableSubmissions(db: Kysely<Database>): SubmissionSource {
  return {
    async ofContest(cid) {
      const rows = await submissionQuery(db).where('cid', '=', cid).orderBy('submit_id').execute();
      return rows.map(toRow);
    },
    async boardRowsOf(cid) {
      // Epoch milliseconds computed in SQL: parsing 500k timestamps into Dates was ~40% of a board load.
      const rows = await db
        .selectFrom('judge')
        .select([
          'submit_id as submitId',
          'uid',
          'username',
          'cpid',
          sql<number>`(extract(epoch from date_trunc('milliseconds', submit_time)) * 1000)::float8`.as(
            'submitTime',
          ),
          'status',
          'score',
          'time',
        ])
        .where('cid', '=', cid)
        .orderBy('submit_id')
        .execute();
      return rows;
    },
    async participantCounts(cids) {
      const out = new Map<number, number>();
      if (cids.length === 0) return out;
      const rows = await db
        .selectFrom('judge')
        .select(['cid', (eb) => eb.fn.count<number>('uid').distinct().as('n')])
        .where('cid', 'in', [...cids])
        .groupBy('cid')
        .execute();
      for (const r of rows) out.set(Number(r.cid), Number(r.n));
      return out;
    },
    async byId(submitId) {
      const r = await submissionQuery(db).where('submit_id', '=', submitId).executeTakeFirst();
      return r ? toRow(r) : null;
    },
    async firstAcceptedId(cid, uid, cpid) {
      const r = await db
        .selectFrom('judge')
        .select((eb) => eb.fn.min<number>('submit_id').as('id'))
        .where('cid', '=', cid)
        .where('uid', '=', uid)
        .where('cpid', '=', cpid)
        .where('status', '=', 0)
        .executeTakeFirst();
      return r?.id ?? null;
    },
    async withCode(cid, from, to) {
      const rows = await db
        .selectFrom('judge')
        .select([
          'submit_id',
          'uid',
          'username',
          'cid',
          'cpid',
          'pid',
          'submit_time',
          'status',
          'score',
          'time',
          'code',
          'language',
        ])
        .where('cid', '=', cid)
        .where('submit_time', '>=', from)
        .where('submit_time', '<=', to)
        .orderBy('submit_id')
        .execute();
      return rows.map((r) => ({ ...toRow(r), code: r.code, language: r.language }));
    },
    async statusCounts(cid, q) {
      let sel = db
        .selectFrom('judge')
        .select(['cpid', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('cid', '=', cid)
        .where('submit_time', '>=', q.from);
      if (q.before) sel = sel.where('submit_time', '<', q.before);
      if (q.cpid !== undefined) sel = sel.where('cpid', '=', q.cpid);
      if (q.excludedUids.length > 0) sel = sel.where('uid', 'not in', [...q.excludedUids]);
      const rows = await sel.groupBy(['cpid', 'status']).execute();
      return rows.map((r) => ({ cpid: r.cpid, status: r.status, n: Number(r.n) }));
    },
  };
}

export function accountTableUsers(db: Kysely<Database>): UserDirectory {
  return {
    async profiles(uids) {
      if (uids.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(['uid', 'username', 'realname', 'nickname', 'school', 'gender', 'avatar'])
        .where('uid', 'in', [...uids])
        .execute();
      return rows;
    },
    superAdminUids: () => superAdminUids(db),
  };
}

export function problemTableCatalog(db: Kysely<Database>): ProblemCatalog {
  return {
    async summaries(pids) {
      const out = new Map<number, ProblemSummary>();
      if (pids.length === 0) return out;
      const rows = await db
        .selectFrom('problem')
        .select(['id', 'problem_id', 'title', 'auth', 'type', 'gid', 'author', 'is_remote'])
        .where('id', 'in', [...pids])
        .execute();
      for (const r of rows)
        out.set(r.id, {
          id: r.id,
          problemId: r.problem_id,
          title: r.title,
          auth: r.auth,
          type: r.type,
          gid: r.gid,
          author: r.author,
          isRemote: r.is_remote,
        });
      return out;
    },
    async problemRow(pid) {
      const row = await db.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
      return row ? toProblem(row) : null;
    },
    async candidates(q) {
      const REMOTE = ['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE'];
      let sel = db
        .selectFrom('problem')
        .where('is_group', '=', false)
        .where('auth', '!=', 2)
        .where((eb) => eb.or([eb('type', '=', q.problemType), eb('is_remote', '=', true)]));
      if (q.excludeContestOnly) sel = sel.where('auth', '!=', 3);
      if (q.exceptPids.length > 0) sel = sel.where('id', 'not in', [...q.exceptPids]);
      const oj = q.oj?.trim();
      if (oj && oj !== 'All') {
        if (REMOTE.includes(oj))
          sel = sel.where('is_remote', '=', true).where('problem_id', 'like', `${oj}%`);
        else sel = sel.where('is_remote', '=', false);
      }
      const keyword = q.keyword?.trim();
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        sel = sel.where((eb) =>
          eb.or([eb('title', 'ilike', like), eb('problem_id', 'ilike', like), eb('author', 'ilike', like)]),
        );
      }
      const total = await sel.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await sel
        .selectAll()
        .orderBy('id', 'desc')
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute();
      return {
        total: Number(total.n),
        records: rows.map(toProblem),
      };
    },
    async extras() {
      return { tags: [], languages: [], codeTemplate: {} };
    },
    async markContestOnly(pid) {
      await db.updateTable('problem').set({ auth: 3 }).where('id', '=', pid).execute();
    },
    async copyForContest(pid, o) {
      const src = await db
        .selectFrom('problem')
        .select('problem_id')
        .where('id', '=', pid)
        .executeTakeFirst();
      if (!src) throw fail('添加失败');
      // `<id>-C<cid>`, or `<id>-C<cid>-2`… when the contest already holds a copy of it.
      let problemId = `${src.problem_id}-C${o.cid}`.toUpperCase();
      for (let n = 2; await findProblemByDisplayId(db, problemId); n++) {
        if (n > 50) throw fail('添加失败');
        problemId = `${src.problem_id}-C${o.cid}-${n}`.toUpperCase();
      }
      const row = await copyProblem(db, pid, { problemId, author: o.author, auth: 3 });
      if (!row) throw fail('添加失败');
      return {
        id: row.id,
        problemId: row.problem_id,
        title: row.title,
        auth: row.auth,
        type: row.type,
        gid: row.gid,
        author: row.author,
        isRemote: row.is_remote,
      };
    },
    groupProblem: (problemId, gid) => groupProblemByDisplayId(db, problemId, gid),
  };
}

/** The problem back office as the contest sees it (structural: the problem admin service fits). */
export interface ProblemAdminLike {
  get(user: AuthUser, pid: number): Promise<Problem>;
  create(user: AuthUser, dto: ProblemDTO): Promise<void>;
  update(user: AuthUser, dto: ProblemDTO): Promise<void>;
}

/**
 * Contest problem authoring over the problem capability's admin service; the new id is
 * found by the stored (upper-cased) problem id, which the problem rules require.
 */
export function problemAdminAuthoring(
  admin: ProblemAdminLike,
  lookup: { findPidByDisplayId(problemId: string): Promise<number | null> },
): ContestProblemAuthoring {
  return {
    get: (user, pid) => admin.get(user, pid),
    async create(user, dto) {
      await admin.create(user, dto);
      const pid = await lookup.findPidByDisplayId((dto.problem?.problemId ?? '').trim().toUpperCase());
      if (pid === null) throw fail('添加失败');
      return pid;
    },
    update: (user, dto) => admin.update(user, dto),
  };
}

/** No problem back office plugged in. */
export const noAuthoring: ContestProblemAuthoring = {
  get: async () => {
    throw fail('查询失败！');
  },
  create: async () => {
    throw fail('添加失败');
  },
  update: async () => {
    throw fail('修改失败');
  },
};

/** A group's own problem by its full display id (add-contest-problem-from-group). */
export async function groupProblemByDisplayId(
  db: Kysely<Database>,
  problemId: string,
  gid: number,
): Promise<{ id: number; problemId: string; title: string } | null> {
  const r = await db
    .selectFrom('problem')
    .select(['id', 'problem_id', 'title'])
    .where('problem_id', '=', problemId)
    .where('gid', '=', gid)
    .where('is_group', '=', true)
    .executeTakeFirst();
  return r ? { id: r.id, problemId: r.problem_id, title: r.title } : null;
}

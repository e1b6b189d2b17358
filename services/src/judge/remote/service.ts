// The remote judge's back office: problem import (crawl, preview, save through the problem
// capability's back office) and the super admin's account pool (passwords sealed at rest).
import { sql, type Kysely } from 'kysely';
import type { ProblemDTO } from '@oj/protocol/problem/schemas';
import type { RemoteAccountBody, RemoteAccountView, RemoteProblemPreview } from '@oj/protocol/judge/remote';
import { REMOTE_ACCOUNT_POOLS } from '@oj/protocol/judge/remote';
import type { AuthUser } from '../../platform/http/access';
import { fail } from '../../platform/http/errors';
import * as repo from './repository';
import type { SecretBox } from './secret';
import { RemoteMessages as RM } from './messages';
import {
  accountPoolOf,
  isRemoteJudgeName,
  type CrawledProblem,
  type RemoteAdapter,
  type RemoteJudgeName,
} from './types';

/** The problem capability's back office, as far as the import needs it. */
export interface RemoteProblemAuthoring {
  create(user: AuthUser, dto: ProblemDTO): Promise<void>;
}

/** The training back office: link a problem to a training (add-problem-from-public). */
export interface RemoteTrainingLink {
  addFromPublic(user: AuthUser, body: { pid: number; tid: number; displayId: string }): Promise<unknown>;
}

/** The contest back office: who may administer a contest, and linking a problem to it. */
export interface RemoteContestLink {
  requireAdmin(user: AuthUser, cid: number): Promise<unknown>;
  addFromPublic(body: { pid: number; cid: number; displayId: string }): Promise<unknown>;
}

export interface RemoteJudgeServiceDeps {
  db: Kysely<unknown>;
  adapters: Partial<Record<RemoteJudgeName, RemoteAdapter>>;
  secrets: () => Promise<SecretBox>;
  problems?: RemoteProblemAuthoring;
  trainings?: RemoteTrainingLink;
  contests?: RemoteContestLink;
}

export function createRemoteJudgeService(deps: RemoteJudgeServiceDeps) {
  const { db, adapters } = deps;

  function judgeOf(name: string): [RemoteJudgeName, RemoteAdapter] {
    const oj = name.trim().toUpperCase();
    const adapter = isRemoteJudgeName(oj) ? adapters[oj] : undefined;
    if (!adapter) throw fail(RM.IMPORT_UNKNOWN_OJ);
    return [oj as RemoteJudgeName, adapter];
  }

  async function crawl(name: string, problemId: string): Promise<CrawledProblem> {
    const [, adapter] = judgeOf(name);
    try {
      return await adapter.fetchProblem(adapter.session(), problemId.trim());
    } catch {
      throw fail(RM.IMPORT_FAILED);
    }
  }

  async function problemExists(problemId: string): Promise<number | null> {
    const r = await sql<{
      id: number;
    }>`select id from problem where upper(problem_id) = upper(${problemId})`.execute(db);
    return r.rows[0] ? Number(r.rows[0].id) : null;
  }

  /** The language rows of a judge (created on first import), ids of the crawled names. */
  async function languageIds(oj: string, names: string[]): Promise<number[]> {
    if (!names.length) return [];
    const values = names.map(
      (n, i) => sql`(${n}, ${n}, 'text/plain', ${oj}, ${names.length - i}::int, false)`,
    );
    await sql`insert into language (name, description, content_type, oj, seq, is_spj)
              values ${sql.join(values)} on conflict (oj, name) do nothing`.execute(db);
    const r = await sql<{ id: number; name: string }>`select id, name from language where oj = ${oj}`.execute(
      db,
    );
    const byName = new Map(r.rows.map((row) => [row.name, Number(row.id)]));
    return names.flatMap((n) => (byName.has(n) ? [byName.get(n)!] : []));
  }

  async function preview(name: string, problemId: string): Promise<RemoteProblemPreview> {
    return crawl(name, problemId);
  }

  /** Imports `NAME-problemId`; returns the new problem's pid. */
  async function importProblem(user: AuthUser, name: string, problemId: string): Promise<number> {
    const [oj] = judgeOf(name);
    const key = `${oj}-${problemId.trim()}`;
    if ((await problemExists(key)) !== null) throw fail(RM.IMPORT_DUPLICATE);
    const p = await crawl(oj, problemId);
    if (!deps.problems) throw fail(RM.IMPORT_FAILED);
    const ids = await languageIds(accountPoolOf(oj), p.languages);
    await deps.problems.create(user, {
      problem: {
        problemId: p.problemId,
        title: p.title,
        type: 0,
        auth: 1,
        timeLimit: p.timeLimit,
        memoryLimit: p.memoryLimit,
        stackLimit: 128,
        description: p.description,
        input: p.input,
        output: p.output,
        examples: p.examples,
        hint: p.hint,
        source: p.source,
        isRemote: true,
        judgeMode: 'default',
        judgeCaseMode: 'default',
        difficulty: 0,
      },
      samples: [],
      isUploadTestCase: false,
      languages: ids.map((id) => ({ id })),
      tags: (p.tags.length ? p.tags : [oj]).map((t) => ({ name: t })),
      codeTemplates: [],
    } as ProblemDTO);
    const pid = await problemExists(p.problemId);
    if (pid === null) throw fail(RM.IMPORT_FAILED);
    return pid;
  }

  /** Training variant: imports `NAME-problemId` unless known, then links it with displayId = its problemId. */
  async function importIntoTraining(
    user: AuthUser,
    name: string,
    problemId: string,
    tid: number,
  ): Promise<void> {
    const [oj] = judgeOf(name);
    const key = `${oj}-${problemId.trim()}`.toUpperCase();
    const pid = (await problemExists(key)) ?? (await importProblem(user, oj, problemId));
    if (!deps.trainings) throw fail(RM.IMPORT_FAILED);
    const r = await sql<{ problem_id: string }>`select problem_id from problem where id = ${pid}`.execute(db);
    await deps.trainings.addFromPublic(user, { pid, tid, displayId: r.rows[0]?.problem_id ?? key });
  }

  /** Contest variant: the caller must administer the contest; imports unless known, links with `displayId`. */
  async function importIntoContest(
    user: AuthUser,
    name: string,
    problemId: string,
    cid: number,
    displayId: string,
  ) {
    const [oj] = judgeOf(name);
    if (!deps.contests) throw fail(RM.IMPORT_FAILED);
    await deps.contests.requireAdmin(user, cid);
    const key = `${oj}-${problemId.trim()}`.toUpperCase();
    const pid = (await problemExists(key)) ?? (await importProblem(user, oj, problemId));
    await deps.contests.addFromPublic({ pid, cid, displayId });
  }

  // ---------- accounts (super admin) ----------

  function poolOf(oj: string): string {
    const upper = oj.trim().toUpperCase();
    if (!(REMOTE_ACCOUNT_POOLS as readonly string[]).includes(upper)) throw fail(RM.IMPORT_UNKNOWN_OJ);
    return upper;
  }

  async function listAccounts(oj: string | undefined): Promise<RemoteAccountView[]> {
    const rows = await repo.listAccounts(db, oj ? poolOf(oj) : undefined);
    return rows.map((r) => ({
      id: r.id,
      oj: r.oj,
      username: r.username,
      status: r.status === 1 || (r.leaseUntil !== null && r.leaseUntil < new Date()) ? 1 : 0,
      leasedBy: r.status === 1 ? null : r.leasedBy,
      gmtModified: new Date(r.gmtModified).toISOString(),
    }));
  }

  async function saveAccount(body: RemoteAccountBody): Promise<void> {
    const oj = poolOf(body.oj);
    const username = body.username.trim();
    const password = body.password ?? '';
    if (!username || (body.id === undefined && !password)) throw fail(RM.ACCOUNT_FIELDS);
    const box = await deps.secrets();
    if (body.id === undefined) {
      await repo.insertAccount(db, oj, username, box.encrypt(password));
      return;
    }
    if (!(await repo.updateAccount(db, body.id, username, password ? box.encrypt(password) : null)))
      throw fail(RM.ACCOUNT_MISSING);
  }

  async function deleteAccount(id: number): Promise<void> {
    if (!(await repo.deleteAccount(db, id))) throw fail(RM.ACCOUNT_MISSING);
  }

  return {
    preview,
    importProblem,
    importIntoTraining,
    importIntoContest,
    listAccounts,
    saveAccount,
    deleteAccount,
  };
}

export type RemoteJudgeService = ReturnType<typeof createRemoteJudgeService>;

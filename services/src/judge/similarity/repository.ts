// Queries of the similarity reports: analyses, pairs, and the submissions an analysis reads.
import { sql, type Kysely, type Selectable } from 'kysely';
import { JudgeStatus } from '@oj/protocol';
import type { SimilarityAnalysis, SimilarityPair, SimilarityFragment } from '@oj/protocol/judge';
import type { SimilarityAnalysisTable, SimilarityPairTable, SimilarityTables } from './tables';

export type Db = Kysely<SimilarityTables>;
type AnalysisRow = Selectable<SimilarityAnalysisTable>;
type PairRow = Selectable<SimilarityPairTable>;

export interface ScopeRef {
  scope: 'contest' | 'problem' | 'training';
  scopeId: number;
}

export interface StoredSubmission {
  submitId: number;
  pid: number;
  displayPid: string;
  uid: string;
  username: string;
  code: string;
  language: string;
}

export interface NewPair {
  pid: number;
  displayPid: string;
  language: string;
  left: StoredSubmission;
  right: StoredSubmission;
  similarity: number;
  longest: number;
  fragments: SimilarityFragment[];
}

export const toAnalysis = (r: AnalysisRow): SimilarityAnalysis => ({
  id: r.id,
  scope: r.scope,
  scopeId: r.scopeId,
  allAccepted: r.allAccepted,
  state: r.state,
  done: r.done,
  total: r.total,
  submissions: r.submissions,
  pairs: r.pairs,
  error: r.error,
  createdBy: r.createdBy,
  createdAt: r.gmtCreate.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
});

export const toPair = (r: PairRow): SimilarityPair => ({
  id: r.id,
  pid: r.pid,
  displayPid: r.displayPid,
  language: r.language,
  leftSubmitId: Number(r.leftSubmitId),
  rightSubmitId: Number(r.rightSubmitId),
  leftUid: r.leftUid,
  rightUid: r.rightUid,
  leftUsername: r.leftUsername,
  rightUsername: r.rightUsername,
  similarity: r.similarity,
  longest: r.longest,
  reviewed: r.reviewed,
});

export function createSimilarityRepository(db: Db) {
  return {
    async createAnalysis(
      ref: ScopeRef,
      allAccepted: boolean,
      baseCode: string | null,
      createdBy: string,
    ): Promise<AnalysisRow> {
      return db
        .insertInto('similarityAnalysis')
        .values({ scope: ref.scope, scopeId: ref.scopeId, allAccepted, baseCode, createdBy })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findAnalysis(id: number): Promise<AnalysisRow | undefined> {
      return db.selectFrom('similarityAnalysis').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listAnalyses(ref: Partial<ScopeRef>, limit = 50): Promise<AnalysisRow[]> {
      let q = db.selectFrom('similarityAnalysis').selectAll();
      if (ref.scope) q = q.where('scope', '=', ref.scope);
      if (ref.scopeId) q = q.where('scopeId', '=', ref.scopeId);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    /** A worker takes the analysis: running, counted as one more run, earlier partial pairs dropped. */
    async begin(id: number): Promise<AnalysisRow | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('similarityAnalysis')
          .set({
            state: 'running',
            runs: sql<number>`runs + 1`,
            done: 0,
            total: 0,
            pairs: 0,
            error: null,
            gmtModified: new Date(),
          })
          .where('id', '=', id)
          .where('state', 'in', ['queued', 'running'])
          .returningAll()
          .executeTakeFirst();
        if (!row) return null;
        await trx.deleteFrom('similarityPair').where('analysisId', '=', id).execute();
        return row;
      });
    },

    async progress(id: number, done: number, total: number, submissions?: number): Promise<void> {
      await db
        .updateTable('similarityAnalysis')
        .set({ done, total, ...(submissions !== undefined ? { submissions } : {}), gmtModified: new Date() })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .execute();
    },

    async insertPairs(analysisId: number, pairs: readonly NewPair[]): Promise<void> {
      for (let i = 0; i < pairs.length; i += 200) {
        await db
          .insertInto('similarityPair')
          .values(
            pairs.slice(i, i + 200).map((p) => ({
              analysisId,
              pid: p.pid,
              displayPid: p.displayPid,
              language: p.language,
              leftSubmitId: p.left.submitId,
              rightSubmitId: p.right.submitId,
              leftUid: p.left.uid,
              rightUid: p.right.uid,
              leftUsername: p.left.username,
              rightUsername: p.right.username,
              similarity: p.similarity,
              longest: p.longest,
              fragments: JSON.stringify(p.fragments),
            })),
          )
          .onConflict((oc) => oc.columns(['analysisId', 'leftSubmitId', 'rightSubmitId']).doNothing())
          .execute();
      }
    },

    async finish(
      id: number,
      state: 'done' | 'failed',
      error: string | null = null,
    ): Promise<AnalysisRow | undefined> {
      const count = await db
        .selectFrom('similarityPair')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('analysisId', '=', id)
        .executeTakeFirstOrThrow();
      return db
        .updateTable('similarityAnalysis')
        .set({ state, error, pairs: Number(count.n), finishedAt: new Date(), gmtModified: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Analyses not finished whose row has not moved for `staleMs` (their job may be lost). */
    stale(staleMs: number): Promise<AnalysisRow[]> {
      return db
        .selectFrom('similarityAnalysis')
        .selectAll()
        .where('state', 'in', ['queued', 'running'])
        .where('gmtModified', '<', new Date(Date.now() - staleMs))
        .execute();
    },

    async touch(id: number): Promise<void> {
      await db
        .updateTable('similarityAnalysis')
        .set({ gmtModified: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Accepted submissions of the scope, oldest first. */
    acceptedSubmissions(ref: ScopeRef): Promise<StoredSubmission[]> {
      let q = db
        .selectFrom('judge')
        .select(['submitId', 'pid', 'displayPid', 'uid', 'username', 'code', 'language'])
        .where('status', '=', JudgeStatus.ACCEPTED);
      if (ref.scope === 'contest') q = q.where('cid', '=', ref.scopeId);
      else if (ref.scope === 'training') q = q.where('tid', '=', ref.scopeId);
      else q = q.where('pid', '=', ref.scopeId);
      return q.orderBy('submitId', 'asc').execute();
    },

    pairs(analysisId: number): Promise<PairRow[]> {
      return db
        .selectFrom('similarityPair')
        .selectAll()
        .where('analysisId', '=', analysisId)
        .orderBy('similarity', 'desc')
        .orderBy('longest', 'desc')
        .orderBy('id', 'asc')
        .execute();
    },

    findPair(id: number): Promise<PairRow | undefined> {
      return db.selectFrom('similarityPair').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async review(id: number, reviewed: boolean, by: string): Promise<void> {
      await db
        .updateTable('similarityPair')
        .set({ reviewed, reviewedBy: reviewed ? by : null })
        .where('id', '=', id)
        .execute();
    },

    async codes(ids: readonly number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('judge')
        .select(['submitId', 'code'])
        .where('submitId', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [Number(r.submitId), r.code]));
    },

    /** The user's submissions counted in the analysis's scope (every status but cancelled ones). */
    async userSubmissions(ref: ScopeRef, uid: string): Promise<{ submitId: number; status: number }[]> {
      let q = db.selectFrom('judge').select(['submitId', 'status']).where('uid', '=', uid);
      if (ref.scope === 'contest') q = q.where('cid', '=', ref.scopeId);
      else if (ref.scope === 'training') q = q.where('tid', '=', ref.scopeId);
      else q = q.where('pid', '=', ref.scopeId);
      const rows = await q.orderBy('submitId', 'asc').execute();
      return rows.map((r) => ({ submitId: Number(r.submitId), status: r.status }));
    },
  };
}

export type SimilarityRepository = ReturnType<typeof createSimilarityRepository>;

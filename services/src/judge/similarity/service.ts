// Rules of the similarity reports (issue #28): who may start and read an analysis (decided from
// stored rows through the owners' ports), starting one (row committed, then queued), the report,
// review marks, and cancelling a participant's submissions as cheating through the judge's cancel
// action. The only layer of the reports that publishes events.
import type { Bus } from '@oj/protocol/bus';
import {
  SIMILARITY_QUEUE,
  similarityProgressSubject,
  type SimilarityAnalysis,
  type SimilarityCheatResult,
  type SimilarityFragment,
  type SimilarityPairDetail,
  type SimilarityProgress,
  type SimilarityReport,
  type StartSimilarityBody,
} from '@oj/protocol/judge';
import { JudgeStatus } from '@oj/protocol';
import { isSiteAdmin, type AuthUser } from '../../platform/http/access';
import { denied, fail } from '../../platform/http/errors';
import { SimilarityMessages as M } from './messages';
import { toAnalysis, toPair, type ScopeRef, type SimilarityRepository } from './repository';

/** Answers of the capabilities that own each scope: is this user an admin of it? (null: no such scope) */
export interface SimilarityAccessPort {
  contestAdmin(user: AuthUser, cid: number): Promise<boolean | null>;
  trainingAdmin(user: AuthUser, tid: number): Promise<boolean | null>;
  problemAdmin(user: AuthUser, pid: number): Promise<boolean | null>;
}

/** The judge's cancel action (submission-actions.ts): board updates and pushes follow as for a rejudge. */
export interface SimilarityCancelPort {
  cancelJudge(admin: AuthUser, submitId: number): Promise<unknown>;
}

export interface SimilarityJobData {
  analysisId: number;
}

export interface SimilarityServiceDeps {
  repo: SimilarityRepository;
  bus: Bus;
  access: SimilarityAccessPort;
  cancel: SimilarityCancelPort;
}

const FINAL_OR_RUNNING_SKIPPED = new Set<number>([
  JudgeStatus.CANCELLED,
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
]);

export function createSimilarityService(deps: SimilarityServiceDeps) {
  const { repo, bus, access } = deps;

  /** Site admins always; otherwise the scope's owner decides (contest admin, training admin, group admin). */
  async function requireScopeAdmin(user: AuthUser, ref: ScopeRef): Promise<void> {
    const answer =
      ref.scope === 'contest'
        ? await access.contestAdmin(user, ref.scopeId)
        : ref.scope === 'training'
          ? await access.trainingAdmin(user, ref.scopeId)
          : await access.problemAdmin(user, ref.scopeId);
    if (answer === null) {
      if (isSiteAdmin(user)) throw fail(M.SCOPE_MISSING);
      throw denied(M.NO_PERMISSION);
    }
    if (!answer && !isSiteAdmin(user)) throw denied(M.NO_PERMISSION);
  }

  async function analysisFor(user: AuthUser, id: number) {
    const row = await repo.findAnalysis(id);
    if (!row) {
      if (!isSiteAdmin(user)) throw denied(M.NO_PERMISSION);
      throw fail(M.ANALYSIS_MISSING);
    }
    await requireScopeAdmin(user, { scope: row.scope as ScopeRef['scope'], scopeId: row.scopeId });
    return row;
  }

  async function enqueue(id: number, runs: number): Promise<void> {
    await bus.enqueue(SIMILARITY_QUEUE, { analysisId: id } satisfies SimilarityJobData, {
      id: `similarity:${id}:${runs}`,
    });
  }

  async function start(user: AuthUser, body: StartSimilarityBody): Promise<SimilarityAnalysis> {
    const ref: ScopeRef = { scope: body.scope, scopeId: body.scopeId };
    await requireScopeAdmin(user, ref);
    const row = await repo.createAnalysis(
      ref,
      !!body.allAccepted,
      body.baseCode?.trim() ? body.baseCode : null,
      user.uid,
    );
    // Committed first: a lost enqueue is found again by the worker's sweep of stale analyses.
    await enqueue(row.id, 0).catch(() => undefined);
    return toAnalysis(row);
  }

  async function list(user: AuthUser, q: { scope?: ScopeRef['scope']; scopeId?: number }) {
    if (!isSiteAdmin(user)) {
      if (!q.scope || !q.scopeId) throw denied(M.NO_PERMISSION);
      await requireScopeAdmin(user, { scope: q.scope, scopeId: q.scopeId });
    }
    return (await repo.listAnalyses(q)).map(toAnalysis);
  }

  async function report(user: AuthUser, id: number): Promise<SimilarityReport> {
    const row = await analysisFor(user, id);
    return { analysis: toAnalysis(row), pairs: (await repo.pairs(id)).map(toPair) };
  }

  async function pairDetail(user: AuthUser, pairId: number): Promise<SimilarityPairDetail> {
    const pair = await repo.findPair(pairId);
    if (!pair) {
      if (!isSiteAdmin(user)) throw denied(M.NO_PERMISSION);
      throw fail(M.PAIR_MISSING);
    }
    await analysisFor(user, pair.analysisId);
    const view = toPair(pair);
    const codes = await repo.codes([view.leftSubmitId, view.rightSubmitId]);
    return {
      pair: view,
      leftCode: codes.get(view.leftSubmitId) ?? '',
      rightCode: codes.get(view.rightSubmitId) ?? '',
      fragments: pair.fragments as SimilarityFragment[],
    };
  }

  async function review(user: AuthUser, pairId: number, reviewed: boolean): Promise<void> {
    const pair = await repo.findPair(pairId);
    if (!pair) {
      if (!isSiteAdmin(user)) throw denied(M.NO_PERMISSION);
      throw fail(M.PAIR_MISSING);
    }
    await analysisFor(user, pair.analysisId);
    await repo.review(pairId, reviewed, user.uid);
  }

  /** Cancel every judged submission of `uid` in the analysis's scope (already cancelled or still judging: skipped). */
  async function cancelAsCheating(
    user: AuthUser,
    analysisId: number,
    uid: string,
  ): Promise<SimilarityCheatResult> {
    const row = await analysisFor(user, analysisId);
    const subs = await repo.userSubmissions(
      { scope: row.scope as ScopeRef['scope'], scopeId: row.scopeId },
      uid,
    );
    const cancelled: number[] = [];
    const skipped: number[] = [];
    for (const s of subs) {
      if (FINAL_OR_RUNNING_SKIPPED.has(s.status)) {
        skipped.push(s.submitId);
        continue;
      }
      try {
        await deps.cancel.cancelJudge(user, s.submitId);
        cancelled.push(s.submitId);
      } catch {
        skipped.push(s.submitId);
      }
    }
    return { cancelled, skipped };
  }

  async function publishProgress(uid: string, p: SimilarityProgress): Promise<void> {
    await bus.publish(similarityProgressSubject(uid), p).catch(() => undefined);
  }

  return { start, list, report, pairDetail, review, cancelAsCheating, publishProgress, enqueue };
}

export type SimilarityService = ReturnType<typeof createSimilarityService>;

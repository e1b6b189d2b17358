// The judge service: the rules of submissions, composed from one module per use case. The
// use cases are the only part of the judge capability that publishes its events.
//   submit.ts, self-test.ts (+ submit-checks.ts)   submitting code, self-tests
//   submission-reads.ts                            detail, cases, lists, last AC code, watch rights
//   submission-actions.ts                          share, resubmit, rejudge, manual verdict, cancel
//   hand-off.ts                                    queueing judgings, outbox sweep, runner claims
//   verdict-path.ts                                verdicts and progress from the runners
//   ranks.ts                                       rank lists and last week's statistics
import { createJudgeContext, type JudgeServiceDeps } from './service-context';
import { createVerdictPath } from './verdict-path';
import { createHandOff } from './hand-off';
import { createSubmitGates } from './submit-checks';
import { createSubmitting } from './submit';
import { createSelfTests } from './self-test';
import { createSubmissionReads } from './submission-reads';
import { createSubmissionActions } from './submission-actions';
import { createRanks } from './ranks';

export type { JudgeServiceDeps } from './service-context';
export { OUTBOX_FIRST_DUE_MS, OUTBOX_SWEEP_AFTER_MS, OUTBOX_RETRY_MS, type ResultWaiting } from './hand-off';
export { acCodeFooter, type WatchDecision } from './submission-reads';

export function createJudgeService(deps: JudgeServiceDeps) {
  const ctx = createJudgeContext(deps);
  const gates = createSubmitGates(ctx);
  const selfTests = createSelfTests(ctx, gates);
  const verdicts = createVerdictPath(ctx, selfTests.finishTest);
  const handOff = createHandOff(ctx, verdicts);
  const submitting = createSubmitting(ctx, gates, handOff.dispatch);
  const reads = createSubmissionReads(ctx);
  const actions = createSubmissionActions(ctx, handOff.dispatch);
  const ranks = createRanks(ctx);

  return {
    submit: submitting.submit,
    testSubmit: selfTests.testSubmit,
    testResult: selfTests.testResult,
    detail: reads.detail,
    allCaseResult: reads.allCaseResult,
    checkStatus: reads.checkStatus,
    list: reads.list,
    lastAcCode: reads.lastAcCode,
    share: actions.share,
    resubmit: actions.resubmit,
    rejudge: actions.rejudge,
    rejudgeContestProblem: actions.rejudgeContestProblem,
    manualJudge: actions.manualJudge,
    cancelJudge: actions.cancelJudge,
    applyResult: verdicts.applyResult,
    applyProgress: verdicts.applyProgress,
    sweepOutbox: handOff.sweepOutbox,
    rebuildQueue: handOff.rebuildQueue,
    claimTask: handOff.claimTask,
    renewLeases: handOff.renewLeases,
    holdJudged: handOff.holdJudged,
    noteResultWaiting: handOff.noteResultWaiting,
    announceResultWaiting: handOff.announceResultWaiting,
    forgetProblems: verdicts.forgetProblems,
    canWatchSubmission: reads.canWatchSubmission,
    canWatchProblem: reads.canWatchProblem,
    rankList: ranks.rankList,
    recentSevenAcRank: ranks.recentSevenAcRank,
    lastWeekStatistics: ranks.lastWeekStatistics,
  };
}

export type JudgeService = ReturnType<typeof createJudgeService>;

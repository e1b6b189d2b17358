// Submitting code for judging: site, group, training and contest submissions. The row and its
// outbox row commit together, then the hand-off queues it (hand-off.ts).
//
// No ghost submissions (issue #22.3): a submit is accepted (committed) within `submitBoundMs`
// (default 5 s) or refused with a message saying nothing was stored, and never both: the
// transaction runs with that statement and lock timeout, checks the bound right before it commits,
// and a refusal already sent makes it roll back. Handing the committed row to the bus waits at
// most what is left of the bound: the outbox queues it later when the bus is slow or down. A
// client's `Idempotency-Key` commits with the row, so a retry of the same submit (same user, same
// key) answers the first submission, stored and judged once.
import { JudgeStatus } from '@oj/protocol';
import type { JudgeView } from '@oj/protocol/submission/schemas';
import { isRoot, type AuthUser } from '../platform/http/access';
import { BusyError, denied, fail, notFound } from '../platform/http/errors';
import * as repo from './repository';
import * as outbox from './outbox-repository';
import { JudgeMessages as M, submitNotAccepted } from './messages';
import type { JudgeProblem } from './ports';
import { judgeView } from './views';
import { OUTBOX_FIRST_DUE_MS, type Dispatch } from './hand-off';
import { checkCode, checkLanguage, type SubmitGates } from './submit-checks';
import type { JudgeContext } from './service-context';

const S = JudgeStatus;

/** A submit not committed within this long is refused (issue #22.3). */
export const SUBMIT_BOUND_MS = 5000;

/** PostgreSQL's query_canceled (statement_timeout) and lock_not_available (lock_timeout). */
const TIMED_OUT_CODES = new Set(['57014', '55P03']);

class KeyTaken extends Error {}

type Phase = { at: 'open' | 'committing' | 'refused' };
/** Read through a call: the phase changes while the transaction awaits (the timer refuses). */
const refusedIn = (phase: Phase) => phase.at === 'refused';

export function createSubmitting(ctx: JudgeContext, gates: SubmitGates, dispatch: Dispatch) {
  const { db, problems } = ctx;
  const { checkSwitch, takeWindow } = gates;
  const boundMs = ctx.submitBoundMs ?? SUBMIT_BOUND_MS;
  const refusal = () =>
    new BusyError(Math.max(1, Math.ceil(boundMs / 1000)), submitNotAccepted(Math.ceil(boundMs / 1000)));

  /** The problem a site or group submission targets, with the visibility rules applied. */
  async function problemForSubmit(
    user: AuthUser,
    displayId: string,
    gid: number | null,
  ): Promise<JudgeProblem> {
    const pid = await problems.findPidByDisplayId(displayId.trim());
    const problem = pid === null ? null : await problems.getProblemForJudge(pid);
    if (!problem) throw denied(M.PROBLEM_GONE);
    if (problem.auth === 2) throw denied(M.PROBLEM_PRIVATE);
    if (problem.gid !== null) {
      if (gid === null) throw denied(M.GROUP_PROBLEM_NEEDS_GID);
      if (gid !== problem.gid) throw denied(M.NOT_GROUP_MEMBER);
      if (!isRoot(user) && !(await ctx.groups?.isMember(problem.gid, user.uid)))
        throw denied(M.NOT_GROUP_MEMBER);
    }
    return problem;
  }

  async function trainingTarget(user: AuthUser, tid: number, displayId: string) {
    if (!ctx.trainings) throw fail(M.TRAINING_MISSING);
    return ctx.trainings.resolveSubmission(user, tid, displayId.trim());
  }

  async function contestTarget(user: AuthUser, cid: number, displayId: string) {
    if (!ctx.contests) throw notFound(M.CONTEST_MISSING);
    return ctx.contests.resolveSubmission(user, cid, displayId.trim());
  }

  /**
   * Stores and queues a submission, or refuses it within the bound leaving nothing behind.
   * `idempotencyKey`: the client's key of this submit; a retry with it answers the first row.
   */
  async function submit(
    user: AuthUser,
    body: Parameters<typeof accept>[1],
    ip: string | null,
    idempotencyKey: string | null = null,
  ): Promise<JudgeView> {
    const phase: Phase = { at: 'open' };
    const deadline = Date.now() + boundMs;
    let timer: NodeJS.Timeout | undefined;
    const refused = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Committing: the commit's own answer decides (a refusal now could be a ghost).
        if (phase.at !== 'open') return;
        phase.at = 'refused';
        reject(refusal());
      }, boundMs);
    });
    const work = accept(user, body, ip, idempotencyKey, phase, deadline);
    // Whichever loses the race must not become an unhandled rejection.
    refused.catch(() => undefined);
    work.catch((err: unknown) => {
      if (phase.at === 'refused') ctx.log.debug({ err }, 'refused submit rolled back');
    });
    try {
      return await Promise.race([work, refused]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function accept(
    user: AuthUser,
    body: {
      pid: string;
      language: string;
      code: string;
      cid?: number | null;
      tid?: number | null;
      gid?: number | null;
      isRemote?: boolean | null;
    },
    ip: string | null,
    key: string | null,
    phase: Phase,
    deadline: number,
  ): Promise<JudgeView> {
    if (key !== null) {
      const first = await repo.findSubmissionByKey(db, user.uid, key);
      if (first) return judgeView(first);
    }
    const cid = body.cid ?? 0;
    const gid = body.gid ?? null;
    const sw = await checkSwitch(cid !== 0 ? 'contest' : gid !== null ? 'group' : 'public');
    checkCode(body.code);
    // Remote problems (the client says isRemote) take their judge's languages, checked below.
    if (!body.isRemote) checkLanguage(body.language, null);
    const target = cid !== 0 ? await contestTarget(user, cid, body.pid) : null;
    // Site and group submissions share one frequency window, consumed before the problem checks (as in HOJ).
    if (!target) await takeWindow('submit', user.uid, sw.defaultSubmitInterval, M.SUBMIT_TOO_FAST);
    // A training submission (core.md submit rule 7): the training capability's access rules decide.
    const tid = !target && body.tid ? body.tid : null;
    const inTraining = tid !== null ? await trainingTarget(user, tid, body.pid) : null;
    const problem = target
      ? await problems.getProblemForJudge(target.pid)
      : inTraining
        ? await problems.getProblemForJudge(inTraining.pid)
        : await problemForSubmit(user, body.pid, gid);
    if (!problem) throw denied(M.PROBLEM_GONE);
    checkLanguage(body.language, problem);
    // The submission and its outbox row commit together: whatever dies next, it gets judged.
    let row: repo.JudgeRow;
    try {
      row = await db.transaction().execute(async (trx) => {
        const left = deadline - Date.now();
        if (refusedIn(phase) || left <= 0) throw refusal();
        await repo.boundTransaction(trx, left);
        const inserted = await repo.insertSubmission(trx, {
          pid: problem.id,
          display_pid: target ? target.displayId : problem.problemId,
          uid: user.uid,
          username: user.username,
          status: S.PENDING,
          length: body.code.length,
          code: body.code,
          language: body.language,
          cid: target ? cid : 0,
          cpid: target ? target.cpid : 0,
          gid: target ? target.gid : inTraining ? inTraining.gid : problem.gid,
          tid,
          ip,
          is_remote: problem.isRemote,
        });
        await outbox.addJudging(trx, inserted.submit_id, inserted.version, OUTBOX_FIRST_DUE_MS);
        if (key !== null && !(await repo.claimSubmitKey(trx, user.uid, key, inserted.submit_id)))
          throw new KeyTaken();
        // The last word before COMMIT: past the bound, or already refused, nothing is kept.
        if (refusedIn(phase) || Date.now() > deadline) throw refusal();
        phase.at = 'committing';
        return inserted;
      });
    } catch (err) {
      if (err instanceof KeyTaken) {
        // A concurrent retry with the same key committed first: its submission is the answer.
        const first = await repo.findSubmissionByKey(db, user.uid, key!);
        if (first) return judgeView(first);
      }
      if (TIMED_OUT_CODES.has((err as { code?: string }).code ?? '')) throw refusal();
      throw err;
    }
    // Committed: the bus gets what is left of the bound; past it, or failing, the outbox queues the row.
    const queued = dispatch(row, 'submitted', problem).catch((err: unknown) => {
      ctx.log.warn({ err, submitId: row.submit_id }, 'hand-off at submit failed; the outbox queues it');
      return row;
    });
    let wait: NodeJS.Timeout | undefined;
    const later = new Promise<repo.JudgeRow>((resolve) => {
      wait = setTimeout(() => resolve(row), Math.max(0, deadline - Date.now()));
    });
    try {
      return judgeView(await Promise.race([queued, later]));
    } finally {
      clearTimeout(wait);
    }
  }

  return { submit };
}

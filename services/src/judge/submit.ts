// Submitting code for judging: site, group, training and contest submissions. The row and its
// outbox row commit together, then the hand-off queues it (hand-off.ts).
import { JudgeStatus } from '@oj/protocol';
import type { JudgeView } from '@oj/protocol/submission/schemas';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, notFound } from '../platform/http/errors';
import * as repo from './repository';
import * as outbox from './outbox-repository';
import { JudgeMessages as M } from './messages';
import type { JudgeProblem } from './ports';
import { judgeView } from './views';
import { OUTBOX_FIRST_DUE_MS, type Dispatch } from './hand-off';
import { checkCode, checkLanguage, type SubmitGates } from './submit-checks';
import type { JudgeContext } from './service-context';

const S = JudgeStatus;

export function createSubmitting(ctx: JudgeContext, gates: SubmitGates, dispatch: Dispatch) {
  const { db, problems } = ctx;
  const { checkSwitch, takeWindow } = gates;

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

  async function submit(
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
  ): Promise<JudgeView> {
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
    const row = await db.transaction().execute(async (trx) => {
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
      return inserted;
    });
    const queued = await dispatch(row, 'submitted', problem);
    return judgeView(queued);
  }

  return { submit };
}

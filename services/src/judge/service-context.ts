// What every use case of the judge service shares: its dependencies, the feature switches with
// their defaults, the one way a submission's change is published, and the paging arguments.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '@oj/protocol/bus';
import { Subjects, MAX_PAGE_SIZE } from '@oj/protocol';
import type { SubmissionUpdate, SubmissionUpdateReason } from '@oj/protocol/realtime/events';
import type { Database } from '../platform/db/schema';
import type * as repo from './repository';
import {
  DEFAULT_SWITCHES,
  type ContestSubmitPort,
  type ContestViewPort,
  type GroupPort,
  type TrainingSubmitPort,
  type JudgeSwitches,
  type ProblemPort,
} from './ports';

export interface JudgeServiceDeps {
  db: Kysely<Database>;
  bus: Bus;
  log: FastifyBaseLogger;
  problems: ProblemPort;
  groups?: GroupPort;
  /** Contest submissions are refused (404 contest missing) until the contest capability provides this. */
  contests?: ContestSubmitPort;
  /** Training submissions (tid) are refused as missing trainings until the training capability provides this. */
  trainings?: TrainingSubmitPort;
  /** The contest rules for reading contest submissions (the reading guard's contest facts). */
  contestViews?: ContestViewPort;
  /** Current feature switches; defaults when absent. */
  switches?: () => Promise<JudgeSwitches>;
  /** A submit not accepted (committed) within this many ms is refused and leaves nothing (default 5000). */
  submitBoundMs?: number;
}

export type PublishUpdate = (
  row: repo.VerdictState,
  reason: SubmissionUpdateReason,
  extra?: Pick<SubmissionUpdate, 'casesDone' | 'casesTotal'>,
) => Promise<void>;

/** The deps, with the switches' defaults filled in, and the event publisher every use case calls. */
export interface JudgeContext extends Omit<JudgeServiceDeps, 'switches'> {
  switches: () => Promise<JudgeSwitches>;
  publishUpdate: PublishUpdate;
}

export function createJudgeContext(deps: JudgeServiceDeps): JudgeContext {
  const { bus, log } = deps;
  const switches = async () => ({ ...DEFAULT_SWITCHES, ...(await deps.switches?.()) });

  async function publishUpdate(
    row: repo.VerdictState,
    reason: SubmissionUpdateReason,
    extra: Pick<SubmissionUpdate, 'casesDone' | 'casesTotal'> = {},
  ): Promise<void> {
    const event: SubmissionUpdate = {
      submitId: row.submit_id,
      uid: row.uid,
      pid: row.pid,
      cid: row.cid,
      gid: row.gid,
      status: row.status,
      version: row.version,
      reason,
      time: row.time,
      memory: row.memory,
      score: row.score,
      judger: row.judger,
      ...extra,
      at: Date.now(),
    };
    try {
      await bus.publish(Subjects.submissionUpdated(row.submit_id), event);
    } catch (err) {
      // The row is already committed; a lost push only delays the client until it polls.
      log.warn({ err, submitId: row.submit_id }, 'publishing a submission update failed');
    }
  }

  return { ...deps, switches, publishUpdate };
}

export function pageArgs(currentPage: number | undefined, limit: number | undefined, defaultLimit: number) {
  const size = Math.min(limit !== undefined && limit >= 1 ? limit : defaultLimit, MAX_PAGE_SIZE);
  const current = currentPage !== undefined && currentPage >= 1 ? currentPage : 1;
  return { size, current, offset: (current - 1) * size };
}

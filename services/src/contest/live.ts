// The contest capability's bus side: answering gateways' "may this viewer join the
// contest rooms?" and announcing first accepted submissions to the admin helper.
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import {
  CONTEST_WATCH_CHECK_SUBJECT,
  type ContestWatchCheckRequest,
  type ContestWatchDecision,
  type SubmissionUpdate,
} from '@oj/protocol/realtime/events';
import type { AuthUser } from '../platform/http/access';
import type { ContestService } from './service';

/** Answers contest watch checks (one answer per request across service processes). */
export async function serveContestWatchChecks(bus: Bus, service: ContestService): Promise<Unsubscribe> {
  return bus.reply<ContestWatchCheckRequest, ContestWatchDecision>(
    CONTEST_WATCH_CHECK_SUBJECT,
    (q) => {
      if (!q || typeof q.cid !== 'number' || !Number.isInteger(q.cid) || q.cid < 1)
        return Promise.resolve('not-found' as const);
      return service.canWatchContest((q.viewer ?? null) as AuthUser | null, q.cid);
    },
    { queue: 'contest-watch-check' },
  );
}

/** Watches verdicts for first accepted submissions; a queue group so each is announced once. */
export async function startFirstAcAnnouncer(
  bus: Bus,
  service: ContestService,
  log?: { warn(obj: object, msg?: string): void },
): Promise<Unsubscribe> {
  return bus.subscribe<SubmissionUpdate>(
    Subjects.submissionUpdatedAll,
    async (u) => {
      try {
        await service.announceFirstAccepted(u);
      } catch (err) {
        log?.warn({ err, submitId: u?.submitId }, 'first-AC announcement failed');
      }
    },
    { queue: 'contest-first-ac' },
  );
}

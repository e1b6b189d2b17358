// The training capability's bus side: boards follow verdicts (every process), progress goes to
// the user's room (one process per verdict), gateways ask who may join a training's room.
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import type { TrainingRankPushed } from '@oj/protocol/training/schemas';
import type { AuthUser } from '../platform/http/access';
import type { TrainingService } from './service';

export interface TrainingWatchCheckRequest {
  tid: number;
  viewer: AuthUser | null;
}

export async function startTrainingLive(
  bus: Bus,
  service: TrainingService,
  log: { warn(obj: object, msg?: string): void },
): Promise<Unsubscribe[]> {
  return [
    await bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, async (u) => {
      try {
        await service.applyToBoards(u);
      } catch (err) {
        log.warn({ err, submitId: u?.submitId }, 'training rank update failed');
      }
    }),
    await bus.subscribe<SubmissionUpdate>(
      Subjects.submissionUpdatedAll,
      async (u) => {
        try {
          await service.pushProgress(u);
        } catch (err) {
          log.warn({ err, submitId: u?.submitId }, 'training progress push failed');
        }
      },
      { queue: 'training-progress' },
    ),
    // Another process rebuilt a board (registrations, problems, settings): drop ours too.
    await bus.subscribe<TrainingRankPushed>(Subjects.trainingRankAll, (e) => {
      if (e && 'reset' in e && typeof e.tid === 'number') service.dropBoard(e.tid);
    }),
    await bus.reply<TrainingWatchCheckRequest, 'ok' | 'not-found' | 'denied'>(
      Subjects.trainingWatchCheck,
      (q) => {
        if (!q || typeof q.tid !== 'number' || !Number.isInteger(q.tid) || q.tid < 1)
          return Promise.resolve('not-found' as const);
        return service.canWatch(q.viewer ?? null, q.tid);
      },
      { queue: 'training-watch-check' },
    ),
  ];
}

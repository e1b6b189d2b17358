// The live path: final results from the durable result queue and transient progress
// from the runners, handed to the service (which persists, then publishes).
import { Value } from '@sinclair/typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import {
  JudgeProgressSchema,
  JudgeResultSchema,
  type JudgeProgress,
  type JudgeResult,
} from '@oj/protocol/judge/schemas';
import { WATCH_CHECK_SUBJECT, type WatchCheckRequest } from '@oj/protocol/realtime/events';
import type { JudgeService, WatchDecision } from './service';
import { markVerdict } from './trace';

export interface LiveOptions {
  /**
   * Results applied at once by this process (default 16). Each waits on the database most of the
   * time, and results in flight together share one follow-up transaction: on PostgreSQL + NATS 16
   * took ~400-500 verdicts/s where 4 took ~230-340 (bench/verdict-push.ts, saturated, 2 cores under
   * load); PGlite, one session, gains nothing and loses nothing measurable.
   */
  concurrency?: number;
}

/** Starts both consumers; the returned function stops them. */
export async function startLivePath(
  bus: Bus,
  service: JudgeService,
  log: FastifyBaseLogger,
  opts: LiveOptions = {},
): Promise<Unsubscribe> {
  const stopResults = await bus.consume<unknown>(
    Subjects.judgeResultQueue,
    async (job) => {
      if (!Value.Check(JudgeResultSchema, job.data)) {
        log.error({ id: job.id }, 'malformed judge result dropped');
        await job.term('malformed judge result');
        return;
      }
      const result = job.data as JudgeResult;
      if (result.submitId !== undefined) markVerdict(result.submitId, 'consumed');
      try {
        await service.applyResult(result);
        await job.ack();
      } catch (err) {
        // Database trouble: give it back; applying is idempotent, so a redelivery is safe.
        log.error({ err, id: job.id }, 'applying a judge result failed');
        await job.nak(1000);
      }
    },
    { concurrency: opts.concurrency ?? 16 },
  );
  // A queue group: with several service processes each progress event is stored once.
  const stopProgress = await bus.subscribe<unknown>(
    Subjects.judgeProgressAll,
    async (payload) => {
      if (!Value.Check(JudgeProgressSchema, payload)) {
        log.warn('malformed judge progress dropped');
        return;
      }
      try {
        await service.applyProgress(payload as JudgeProgress);
      } catch (err) {
        log.warn({ err }, 'applying judge progress failed');
      }
    },
    { queue: 'judge-progress' },
  );
  return async () => {
    await stopResults();
    await stopProgress();
  };
}

/** Answers the visibility questions of gateways running in their own processes. */
export async function serveWatchChecks(bus: Bus, service: JudgeService): Promise<Unsubscribe> {
  return bus.reply<WatchCheckRequest, WatchDecision>(
    WATCH_CHECK_SUBJECT,
    (q) =>
      q.kind === 'submission'
        ? service.canWatchSubmission(q.viewer, q.id)
        : service.canWatchProblem(q.viewer, q.id),
    { queue: 'watch-check' },
  );
}

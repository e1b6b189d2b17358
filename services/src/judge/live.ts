// The live path: final results from the durable result queue and transient progress
// from the runners, handed to the service (which persists, then publishes).
import { Value } from '@sinclair/typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, Job, Unsubscribe } from '@oj/protocol/bus';
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

/** A result the database refuses is tried again after 0.25, 0.5, 1, 2, 4, 4, ... s (issue #23). */
const RESULT_RETRY_FIRST_MS = 250;
const RESULT_RETRY_MAX_MS = 4_000;
/** How long one delivery of a result waits for the database before it is given back to the queue. */
const RESULT_HOLD_MS = 120_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
        log.warn({ err, id: job.id }, 'applying a judge result failed: it waits for the database');
        await waitForDatabase(job, result);
      }
    },
    { concurrency: opts.concurrency ?? 16 },
  );
  /**
   * Database trouble (issue #23): the result is held and applied again with a growing pause, its
   * ack deadline kept alive, and announced so no process queues or judges it again meanwhile;
   * after RESULT_HOLD_MS it is given back to the queue (applying is idempotent).
   */
  async function waitForDatabase(job: Job<unknown>, result: JudgeResult): Promise<void> {
    const started = Date.now();
    let pause = RESULT_RETRY_FIRST_MS;
    for (let tries = 1; ; tries++) {
      if (result.submitId !== undefined)
        await service.announceResultWaiting(result.submitId, result.version ?? 0);
      await sleep(pause);
      if (stopping) return job.nak(0); // another process takes it over
      await job.working();
      try {
        await service.applyResult(result);
        await job.ack();
        log.info(
          { id: job.id, tries, waitedMs: Date.now() - started },
          'judge result applied after waiting for the database',
        );
        return;
      } catch (err) {
        if (Date.now() - started >= RESULT_HOLD_MS) {
          log.error(
            { err, id: job.id, tries },
            'applying a judge result still fails: given back to the queue',
          );
          return job.nak(RESULT_RETRY_MAX_MS);
        }
      }
      pause = Math.min(pause * 2, RESULT_RETRY_MAX_MS);
    }
  }
  let stopping = false;

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
    stopping = true;
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

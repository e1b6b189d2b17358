// The durable hand-off to the judge queue (issue #11), as background work of every process that
// runs the judge capability: the sweeper that queues due outbox rows (never queued, bus was down,
// lost message, holder gone), the claims runners ask for before judging, and their lease renewals.
// In the one-process start the in-process queue dies with the process, so it is rebuilt from the
// outbox at start.
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { JudgeLeaseRenewal, TaskClaimAnswer, TaskClaimRequest } from '@oj/protocol/judge/lease';
import type { JudgeService, ResultWaiting } from './service';

export interface OutboxOptions {
  /** The queue lives in this process only (in-process bus): queue every unfinished judging at start. */
  rebuild: boolean;
  /** Pause between sweeps when nothing was due (default 1 s). */
  intervalMs?: number;
}

const isClaim = (q: unknown): q is TaskClaimRequest => {
  const c = q as Partial<TaskClaimRequest> | null;
  return (
    !!c &&
    Number.isInteger(c.submitId) &&
    Number.isInteger(c.version) &&
    typeof c.runner === 'string' &&
    c.runner !== ''
  );
};

const isRenewal = (r: unknown): r is JudgeLeaseRenewal => {
  const l = r as Partial<JudgeLeaseRenewal> | null;
  return (
    !!l &&
    typeof l.runner === 'string' &&
    Array.isArray(l.tasks) &&
    l.tasks.every((t) => Number.isInteger(t?.submitId) && Number.isInteger(t?.version))
  );
};

export async function startOutbox(
  bus: Bus,
  service: JudgeService,
  log: FastifyBaseLogger,
  opts: OutboxOptions,
): Promise<Unsubscribe> {
  const intervalMs = opts.intervalMs ?? 1000;
  if (opts.rebuild) {
    const n = await service.rebuildQueue();
    if (n > 0) log.info(`judge queue rebuilt from the database: ${n} unfinished judging(s) queued again`);
  }
  const stopClaims = await bus.reply<unknown, TaskClaimAnswer>(
    Subjects.judgeTaskClaim,
    (q) => {
      if (!isClaim(q)) throw new Error('malformed task claim');
      return service.claimTask(q);
    },
    { queue: 'judge-claim' },
  );
  const stopLeases = await bus.subscribe<unknown>(
    Subjects.judgeLeaseAll,
    async (renewal) => {
      if (!isRenewal(renewal)) return log.warn('malformed lease renewal dropped');
      try {
        await (renewal.judged === true ? service.holdJudged(renewal) : service.renewLeases(renewal));
      } catch (err) {
        log.warn({ err, runner: renewal.runner }, 'renewing judge leases failed');
      }
    },
    { queue: 'judge-lease' },
  );

  // Results other processes hold until the database is back: not queued or judged again meanwhile.
  const stopWaiting = await bus.subscribe<unknown>(Subjects.judgeResultWaiting, (w) => {
    const r = w as Partial<ResultWaiting> | null;
    if (r && Number.isInteger(r.submitId) && Number.isInteger(r.version))
      service.noteResultWaiting({ submitId: r.submitId!, version: r.version! });
  });

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    timer = undefined;
    running = (async () => {
      let busy = false;
      try {
        busy = (await service.sweepOutbox()) > 0;
      } catch (err) {
        log.warn({ err }, 'judge outbox sweep failed');
      }
      // A full sweep may have left more due rows: go again at once.
      if (!stopped) timer = setTimeout(tick, busy ? 0 : intervalMs);
    })();
  };
  tick();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    await stopClaims();
    await stopLeases();
    await stopWaiting();
  };
}

// A judge result the database refuses waits for it (issue #23): it is applied again with a growing
// pause instead of being given back until its attempts run out and it lands in the dead letters
// (after which the outbox queued the task again and it was judged a second time).
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus, type DeadLetter } from '@oj/protocol/bus';
import { JudgeStatus, Subjects } from '@oj/protocol';
import type { JudgeResult } from '@oj/protocol/judge/schemas';
import { startLivePath } from './live';
import type { JudgeService } from './service';

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const result: JudgeResult = {
  kind: 'submission',
  submitId: 41,
  version: 0,
  dedupeId: 'submission:41:0',
  status: JudgeStatus.ACCEPTED,
  time: 10,
  memory: 1000,
  score: null,
  errorMessage: null,
  cases: [],
  judger: 'r1',
};

describe('live path: a result while the database is away', () => {
  let bus: Bus;
  afterEach(async () => {
    await bus?.close();
  });

  it('is applied once the database answers again, announced meanwhile, never dead-lettered', async () => {
    bus = createMemoryBus({ onHandlerError: () => {} });
    // The database refuses the first six writes (about 12 s of retries), then takes it.
    let calls = 0;
    const announced: number[] = [];
    let applied!: () => void;
    const appliedOnce = new Promise<void>((resolve) => (applied = resolve));
    const service = {
      applyResult: async () => {
        calls++;
        if (calls <= 6) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        applied();
      },
      applyProgress: async () => {},
      announceResultWaiting: async (submitId: number) => void announced.push(submitId),
    } as unknown as JudgeService;
    const dead: DeadLetter[] = [];
    const stopDead = await bus.onDeadLetter(Subjects.judgeResultQueue, (dl) => void dead.push(dl));
    const stop = await startLivePath(bus, service, silent);
    try {
      await bus.enqueue(Subjects.judgeResultQueue, result, { id: result.dedupeId });
      // Formerly: given back five times a second apart, then dead-lettered; never applied.
      const outcome = await Promise.race([
        appliedOnce.then(() => 'applied'),
        new Promise<string>((resolve) => {
          const check = setInterval(() => {
            if (dead.length > 0) {
              clearInterval(check);
              resolve('dead-lettered');
            }
          }, 20);
          void appliedOnce.then(() => clearInterval(check));
        }),
      ]);
      expect(outcome).toBe('applied');
      expect(calls).toBe(7);
      expect(announced.length).toBeGreaterThanOrEqual(6);
      expect(new Set(announced)).toEqual(new Set([41]));
      expect(dead).toEqual([]);
    } finally {
      await stop();
      await stopDead();
    }
  }, 30_000);
});

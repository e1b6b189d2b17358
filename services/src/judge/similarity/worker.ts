// The similarity worker: consumes `oj.queue.similarity` (a process of its own in the cluster,
// processes/similarity.ts; in-process in the one-process start). A job is acked only after its
// analysis is stored as done; a worker killed meanwhile leaves the job unacked, so the queue
// redelivers it after the ack deadline and the next worker starts the analysis again from a clean
// slate (its partial pairs dropped in the same transaction that takes it).
import { setImmediate as yieldLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, Job } from '@oj/protocol/bus';
import { SIMILARITY_QUEUE } from '@oj/protocol/judge';
import { analyseGroup } from './analysis';
import { groupSubmissions } from './selection';
import type { SimilarityRepository } from './repository';
import type { SimilarityJobData, SimilarityService } from './service';

export interface SimilarityWorkerOptions {
  repo: SimilarityRepository;
  bus: Bus;
  service: SimilarityService;
  log: FastifyBaseLogger;
  /** A job not acked (nor kept alive) within this time goes to another worker. */
  ackDeadlineMs?: number;
  /** An unfinished analysis whose row has not moved for this long is queued again (a lost enqueue). */
  staleMs?: number;
  sweepEveryMs?: number;
  /** Test hook (OJ_SIMILARITY_GROUP_DELAY_MS in the process): a pause after each group. */
  groupDelayMs?: number;
  /** Test hook: called after each group is stored. */
  afterGroup?: (analysisId: number, done: number, total: number) => Promise<void> | void;
}

export interface SimilarityWorker {
  stop(): Promise<void>;
}

const MAX_ATTEMPTS = 5;

export async function startSimilarityWorker(opts: SimilarityWorkerOptions): Promise<SimilarityWorker> {
  const { repo, bus, service, log } = opts;
  const ackDeadlineMs = opts.ackDeadlineMs ?? 30_000;

  async function run(job: Job<SimilarityJobData>): Promise<void> {
    const id = job.data?.analysisId;
    if (typeof id !== 'number') return job.term('malformed similarity job');
    const row = await repo.begin(id);
    if (!row) return job.ack(); // finished or gone: a duplicate delivery
    let lastBeat = Date.now();
    const tick = async () => {
      if (Date.now() - lastBeat > ackDeadlineMs / 4) {
        lastBeat = Date.now();
        await job.working();
        await repo.touch(id);
      }
      await yieldLoop();
    };
    try {
      const groups = groupSubmissions(
        await repo.acceptedSubmissions({ scope: row.scope as 'contest', scopeId: row.scopeId }),
        row.allAccepted,
      );
      const submissions = groups.reduce((n, g) => n + g.subs.length, 0);
      await repo.progress(id, 0, groups.length, submissions);
      await service.publishProgress(row.createdBy, { id, state: 'running', done: 0, total: groups.length });
      for (let i = 0; i < groups.length; i++) {
        const g = groups[i]!;
        const byId = new Map(g.subs.map((s) => [s.submitId, s]));
        const pairs = await analyseGroup(g.language, g.subs, { baseCode: row.baseCode ?? undefined, tick });
        await repo.insertPairs(
          id,
          pairs.map((p) => ({
            pid: g.pid,
            displayPid: g.displayPid,
            language: g.language,
            left: byId.get(p.left)!,
            right: byId.get(p.right)!,
            similarity: p.similarity,
            longest: p.longest,
            fragments: p.fragments,
          })),
        );
        await repo.progress(id, i + 1, groups.length);
        await job.working();
        lastBeat = Date.now();
        await service.publishProgress(row.createdBy, {
          id,
          state: 'running',
          done: i + 1,
          total: groups.length,
        });
        await opts.afterGroup?.(id, i + 1, groups.length);
        if (opts.groupDelayMs) await new Promise((r) => setTimeout(r, opts.groupDelayMs));
      }
      await repo.finish(id, 'done');
      await job.ack();
      await service.publishProgress(row.createdBy, {
        id,
        state: 'done',
        done: groups.length,
        total: groups.length,
      });
    } catch (err) {
      log.warn({ err, analysisId: id, attempt: job.attempt }, 'similarity analysis failed');
      if (job.attempt < MAX_ATTEMPTS) return job.nak(1000 * job.attempt);
      await repo.finish(id, 'failed', err instanceof Error ? err.message.slice(0, 500) : String(err));
      await job.ack();
      await service.publishProgress(row.createdBy, { id, state: 'failed', done: 0, total: 0 });
    }
  }

  const unsubscribe = await bus.consume<SimilarityJobData>(SIMILARITY_QUEUE, run, {
    concurrency: 1,
    ackDeadlineMs,
    maxAttempts: MAX_ATTEMPTS + 1,
  });

  // Analyses whose enqueue was lost (the bus down after the row committed) are queued again.
  const staleMs = opts.staleMs ?? 10 * 60_000;
  const sweep = setInterval(() => {
    void (async () => {
      for (const r of await repo.stale(staleMs)) {
        await repo.touch(r.id);
        await service.enqueue(r.id, r.runs + 1);
      }
    })().catch((err: unknown) => log.warn({ err }, 'similarity sweep failed'));
  }, opts.sweepEveryMs ?? 60_000);
  sweep.unref();

  return {
    async stop() {
      clearInterval(sweep);
      await unsubscribe();
    },
  };
}

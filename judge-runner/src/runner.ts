/**
 * The judge runner process: takes tasks from the durable judge queue, judges them,
 * publishes progress, enqueues the final result (de-duplicated per judging) and only
 * then acknowledges the task. Heartbeats advertise what this runner can do.
 */
import { loadavg, cpus, freemem, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import type { Bus, Job } from '@oj/protocol/bus';
import { BusNoRespondersError, type BlobStore } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol/subjects';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import {
  JudgeTaskSchema,
  type JudgeHeartbeat,
  type JudgeResult,
  type JudgeTask,
} from '@oj/protocol/judge/schemas';
import {
  TASK_ACK_DEADLINE_MS,
  TASK_RENEW_EVERY_MS,
  TASK_RESULT_HOLD_MS,
  type JudgeLeaseRenewal,
  type TaskClaimAnswer,
  type TaskClaimRequest,
} from '@oj/protocol/judge/lease';
import { TestDataMemory, judgeTask } from './judge/index';
import { CompileCache, detectLanguages, type LanguageSupport } from './languages/index';
import { Sandbox, sweepStaleWorkspaces } from './sandbox/index';
import { BlobFileCache } from './blob-cache';

/**
 * A claim nobody answered in time is asked again after this pause, the task kept in hand (its
 * in-progress acks keep it ours), for up to the runner's claim patience; past that the task goes
 * back to the queue after CLAIM_RETRY_MS.
 */
const CLAIM_ASK_AGAIN_MS = 250;
const CLAIM_RETRY_MS = 2_000;
/** How often the runner logs its claim figures (while claims come in). */
const CLAIM_STATS_EVERY_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const RUNNER_VERSION = '0.1.0';

export interface RunnerOptions {
  bus: Bus;
  blobs: BlobStore;
  name: string;
  concurrency?: number;
  /** Base directory for per-task tmpfs workspaces (every ancestor needs o+x). */
  workDir?: string;
  /** Compile cache directory and byte budget. */
  cacheDir?: string;
  cacheMaxBytes?: number;
  /** Local copies of test data blobs, and their byte budget. */
  blobCacheDir?: string;
  blobCacheMaxBytes?: number;
  /** Expected outputs kept in memory (default OJ_JUDGE_TESTDATA_MEMORY_MB, 256 MiB). */
  testDataMemoryBytes?: number;
  /**
   * Cases of one task judged at once (default OJ_CASE_PARALLELISM, else the concurrency): the
   * cases beyond a task's first one only use slots no other task holds, so there are never more
   * runs at once than `concurrency` (interactive cases aside, which take two slots).
   */
  caseParallelism?: number;
  heartbeatMs?: number;
  /** Called after each heartbeat that reached the bus (a container health check watches it). */
  onHeartbeat?: () => void;
  /**
   * A task not acknowledged within this time goes to another runner (default 6 s: the runner
   * acknowledges progress every few seconds while it works, so only a dead runner loses its task).
   */
  ackDeadlineMs?: number;
  /**
   * How long to wait for the judge service's answer to one claim request (default 3 s, inside the
   * 5 s lease the claim grants); an unanswered claim is asked again (see claimPatienceMs).
   */
  claimTimeoutMs?: number;
  /**
   * How long a task is kept in hand while its claim goes unanswered, asked again every time the
   * previous request timed out (default 60 s); past it the task goes back to the queue (2 s pause).
   */
  claimPatienceMs?: number;
  /**
   * Tasks taken from the queue and claimed ahead of a free judging slot (default OJ_JUDGE_PREFETCH,
   * else 0: a task is taken only when a slot is free). Claims wait on the judge
   * service's process; claimed ahead, a slot that frees finds its next task ready. A task waiting
   * here keeps its lease and its in-progress acks like one being judged.
   */
  prefetch?: number;
  maxAttempts?: number;
  sandbox?: Sandbox;
  languages?: LanguageSupport;
  log?: (msg: string) => void;
}

export interface Runner {
  readonly name: string;
  readonly languages: LanguageSupport;
  inFlight(): number;
  /** This runner's cgroup subtrees (memory, pids, cpuacct). */
  sandboxRoots(): Record<string, string>;
  /** Stop taking tasks, finish the ones in flight, release the sandbox. */
  stop(): Promise<void>;
}

/** The runner process as the back office's service info shows it (sent with every heartbeat). */
function processFigures(): Pick<
  JudgeHeartbeat,
  'pid' | 'rssBytes' | 'heapUsedBytes' | 'uptimeSeconds' | 'cpuCores' | 'memoryPercent'
> {
  const mem = process.memoryUsage();
  return {
    pid: process.pid,
    rssBytes: mem.rss,
    heapUsedBytes: mem.heapUsed,
    uptimeSeconds: Math.round(process.uptime()),
    cpuCores: cpus().length,
    memoryPercent: Math.round((1 - freemem() / totalmem()) * 10_000) / 100,
  };
}

function progressKey(task: JudgeTask): string {
  if (task.kind === 'verify') return task.verifyKey;
  if (task.kind === 'generate') return task.generateKey;
  return task.kind === 'submission' ? String(task.submitId) : task.testKey;
}

/** Make a best effort to identify a malformed task so its submitter still learns the outcome. */
function malformedResult(data: unknown, name: string, reason: string): JudgeResult | null {
  const d = (data ?? {}) as Record<string, unknown>;
  if (typeof d.submitId !== 'number') return null;
  const version = typeof d.version === 'number' ? d.version : 0;
  return {
    kind: 'submission',
    submitId: d.submitId,
    version,
    dedupeId: `submission:${d.submitId}:${version}`,
    status: JudgeStatus.SYSTEM_ERROR,
    time: 0,
    memory: 0,
    score: null,
    errorMessage: `invalid judge task: ${reason}`,
    cases: [],
    judger: name,
  };
}

/** OJ_JUDGE_PREFETCH: tasks claimed ahead of a free slot (0 allowed). */
function envPrefetch(): number | undefined {
  const raw = process.env.OJ_JUDGE_PREFETCH;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`OJ_JUDGE_PREFETCH must be an integer ≥ 0, got ${raw}`);
  return n;
}

export async function startRunner(opts: RunnerOptions): Promise<Runner> {
  const log = opts.log ?? ((m: string) => console.log(`[judge ${opts.name}] ${m}`));
  const concurrency = opts.concurrency ?? cpus().length;
  const base = join(tmpdir(), 'oj-judge');
  const workDir = opts.workDir ?? join(base, 'work');
  // One slot per task that can run at once (an interactive case takes a second one on demand).
  const sandbox = opts.sandbox ?? (await Sandbox.create({ slots: concurrency, log }));
  await sweepStaleWorkspaces(workDir);
  const languages = opts.languages ?? detectLanguages();
  const cache = new CompileCache(opts.cacheDir ?? join(base, 'compile-cache'), opts.cacheMaxBytes);
  const testData = new BlobFileCache(opts.blobs, opts.blobCacheDir ?? join(base, 'blobs'), {
    maxBytes: opts.blobCacheMaxBytes,
  });
  const testDataMemory = new TestDataMemory(opts.testDataMemoryBytes);
  const caseParallelism = opts.caseParallelism ?? (Number(process.env.OJ_CASE_PARALLELISM) || concurrency);
  const ackDeadlineMs = opts.ackDeadlineMs ?? TASK_ACK_DEADLINE_MS;
  const renewEveryMs = Math.min(TASK_RENEW_EVERY_MS, Math.max(500, Math.floor(ackDeadlineMs / 3)));
  // Not by default: a task claimed ahead waits for this runner's slot even when another runner
  // stands idle (two runners of one slot: the second submission of two waited for the first).
  const prefetch = Math.max(0, Math.floor(opts.prefetch ?? envPrefetch() ?? 0));
  const claimPatienceMs = opts.claimPatienceMs ?? 60_000;
  let inFlight = 0;
  /** Judging slots: `concurrency` tasks judged at once; tasks claimed ahead wait here for one. */
  let freeSlots = concurrency;
  const slotWaiters: (() => void)[] = [];
  const takeSlot = (): Promise<void> | void => {
    if (freeSlots > 0) {
      freeSlots--;
      return;
    }
    return new Promise<void>((resolve) => slotWaiters.push(resolve));
  };
  const giveSlot = () => {
    const next = slotWaiters.shift();
    if (next) next();
    else freeSlots++;
  };
  /** Claim figures since the last log line, the judging and hand-off times, and the slots' busy time. */
  const claimStats = {
    answered: [] as number[],
    unanswered: 0,
    judged: [] as number[],
    handedOff: [] as number[],
    busyMs: 0,
    since: Date.now(),
  };
  let busySince = Date.now();
  const noteBusy = () => {
    const now = Date.now();
    claimStats.busyMs += inFlight * (now - busySince);
    busySince = now;
  };
  const logClaimStats = () => {
    noteBusy();
    const { answered, unanswered, judged, handedOff } = claimStats;
    const windowMs = Date.now() - claimStats.since;
    if (answered.length + unanswered + judged.length > 0) {
      const figures = (xs: number[]) => {
        const sorted = [...xs].sort((a, b) => a - b);
        const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
        return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1) ?? 0} ms`;
      };
      const busy = Math.round((100 * claimStats.busyMs) / (windowMs * concurrency));
      log(
        `claims in ${Math.round(windowMs / 1000)} s: ${answered.length} answered (${figures(answered)}), ${unanswered} unanswered in time; ${judged.length} judged (${figures(judged)}), result hand-off ${figures(handedOff)}; judging slots busy ${busy}%`,
      );
    }
    claimStats.answered = [];
    claimStats.unanswered = 0;
    claimStats.judged = [];
    claimStats.handedOff = [];
    claimStats.busyMs = 0;
    claimStats.since = Date.now();
  };
  const statsTimer = setInterval(logClaimStats, CLAIM_STATS_EVERY_MS);
  statsTimer.unref();
  /** Extra case runs under way (besides each task's own). */
  let extraRuns = 0;
  const caseBudget = {
    take: () => (inFlight + extraRuns < concurrency ? (extraRuns++, true) : false),
    give: () => void extraRuns--,
  };
  let draining = false;
  /** Submission judgings this runner holds a lease on (key `submitId:version`). */
  const leased = new Map<string, { submitId: number; version: number }>();
  /** Judgings this runner is claiming or judging (`submitId:version`). */
  const ours = new Set<string>();
  /**
   * Judgings whose result this runner queued, and when: a copy delivered to it afterwards is dropped
   * here. Its claim could reach a judge service that has not stored the hold yet and still sees this
   * runner's own lease, which it grants again (seen in the faults suite once NATS was wiped).
   */
  const judgedHere = new Map<string, number>();
  const forgetOldJudged = (now: number) => {
    for (const [key, at] of judgedHere) {
      if (now - at < TASK_RESULT_HOLD_MS) break; // insertion order: the rest are newer
      judgedHere.delete(key);
    }
  };
  /** Tells the judge service about these leases: still working, or (`judged`) result queued. */
  const publishLeases = async (tasks: JudgeLeaseRenewal['tasks'], judged: boolean) => {
    const renewal: JudgeLeaseRenewal = {
      runner: opts.name,
      tasks,
      at: Date.now(),
      ...(judged ? { judged } : {}),
    };
    await opts.bus
      .publish(Subjects.judgeLease(opts.name), renewal)
      .catch((err: unknown) =>
        log(`${judged ? 'holding a judged task' : 'lease renewal'} failed: ${String(err)}`),
      );
  };
  const renewLeases = async () => {
    if (leased.size > 0) await publishLeases([...leased.values()], false);
  };
  const leaseTimer = setInterval(() => void renewLeases(), renewEveryMs);

  /**
   * Asks the judge service whether to judge this submission: not when it is final or superseded
   * (a redelivery, a re-queue), nor when another runner holds a live lease on it. With no judge
   * service on the bus at all (a runner on its own) it is judged: the result waits in its durable
   * queue. A service that exists but did not answer in time (slow, its database away) may be
   * granting this judging to another runner's copy right now: `later` asks again after a pause
   * rather than judge it twice.
   */
  const claim = async (submitId: number, version: number): Promise<TaskClaimAnswer | 'later'> => {
    const asked = Date.now();
    try {
      const answer = await opts.bus.request<TaskClaimAnswer>(
        Subjects.judgeTaskClaim,
        { submitId, version, runner: opts.name } satisfies TaskClaimRequest,
        { timeoutMs: opts.claimTimeoutMs ?? 3000 },
      );
      claimStats.answered.push(Date.now() - asked);
      return answer;
    } catch (err) {
      if (err instanceof BusNoRespondersError) return 'judge';
      claimStats.unanswered++;
      return 'later';
    }
  };

  /**
   * Claims until answered, the task kept in hand: asking again is safe, since the service grants
   * a judging to the runner that holds it (a late grant of the first request is this runner's).
   * Gives up ('later') after claimPatienceMs or when the runner stops.
   */
  const claimPatiently = async (submitId: number, version: number): Promise<TaskClaimAnswer | 'later'> => {
    const started = Date.now();
    for (;;) {
      const answer = await claim(submitId, version);
      if (answer !== 'later' || draining || Date.now() - started >= claimPatienceMs) return answer;
      log(`task ${submitId}:${version}: no answer to its claim in time, asking again`);
      await sleep(CLAIM_ASK_AGAIN_MS);
    }
  };

  /** The result is queued: hold the judging until it is stored (see TASK_RESULT_HOLD_MS). */
  const holdJudged = (submitId: number, version: number) => publishLeases([{ submitId, version }], true);

  const heartbeat = async () => {
    const hb: JudgeHeartbeat = {
      name: opts.name,
      version: RUNNER_VERSION,
      languages: [...languages.available.keys()],
      unavailableLanguages: languages.unavailable,
      concurrency,
      inFlight,
      load: loadavg()[0] ?? 0,
      draining,
      at: Date.now(),
      ...processFigures(),
    };
    await opts.bus
      .publish(Subjects.judgeHeartbeat(opts.name), hb)
      .then(() => opts.onHeartbeat?.())
      .catch((err: unknown) => log(`heartbeat failed: ${String(err)}`));
  };
  await heartbeat();
  const heartbeatTimer = setInterval(() => void heartbeat(), opts.heartbeatMs ?? 5000);

  const handle = async (job: Job<unknown>) => {
    const data = Value.Default(JudgeTaskSchema, structuredClone(job.data));
    if (!Value.Check(JudgeTaskSchema, data)) {
      const first = Value.Errors(JudgeTaskSchema, data).First();
      const reason = first ? `${first.path || '/'}: ${first.message}` : 'does not match the schema';
      const result = malformedResult(job.data, opts.name, reason);
      if (result) await opts.bus.enqueue(Subjects.judgeResultQueue, result, { id: result.dedupeId });
      await job.term(`invalid judge task: ${reason}`);
      return;
    }
    const task = data as JudgeTask;
    const leaseKey = task.kind === 'submission' ? `${task.submitId}:${task.version}` : null;
    // The task stays ours while it is claimed, waits for a slot and is judged: in-progress
    // acknowledgements well inside the deadline.
    const keepAlive = setInterval(() => void job.working().catch(() => undefined), renewEveryMs);
    let slot = false;
    try {
      if (task.kind === 'submission') {
        // A second copy while this runner claims or judges the first: the claim would grant it again
        // (same runner), so it is dropped here.
        forgetOldJudged(Date.now());
        if (ours.has(leaseKey!) || judgedHere.has(leaseKey!)) {
          const why = ours.has(leaseKey!) ? 'a copy is being judged here' : 'judged here already';
          log(`task ${task.submitId}:${task.version} not judged here (${why})`);
          await job.ack();
          return;
        }
        ours.add(leaseKey!);
        const answer = await claimPatiently(task.submitId, task.version); // never throws
        if (answer !== 'judge') ours.delete(leaseKey!);
        if (answer === 'later') {
          log(`task ${task.submitId}:${task.version}: no answer to its claim, asking again later`);
          await job.nak(CLAIM_RETRY_MS);
          return;
        }
        if (answer !== 'judge') {
          log(`task ${task.submitId}:${task.version} not judged here (${answer})`);
          await job.ack();
          return;
        }
        leased.set(leaseKey!, { submitId: task.submitId, version: task.version });
        // Renewed now, not at the next tick: the grant may have taken most of the lease to arrive.
        void publishLeases([{ submitId: task.submitId, version: task.version }], false);
      }
      await takeSlot();
      slot = true;
      noteBusy();
      inFlight++;
      const judgingFrom = Date.now();
      const result = await judgeTask(task, {
        sandbox,
        languages,
        cache,
        testData,
        testDataMemory,
        caseParallelism,
        caseBudget,
        workBase: workDir,
        judger: opts.name,
        blobs: opts.blobs,
        onProgress: (p) => opts.bus.publish(Subjects.judgeProgress(progressKey(task)), p),
      });
      const handOffFrom = Date.now();
      claimStats.judged.push(handOffFrom - judgingFrom);
      // Durable and de-duplicated first; the task is acknowledged only once the result is safe.
      await opts.bus.enqueue(Subjects.judgeResultQueue, result, { id: result.dedupeId });
      if (task.kind === 'submission') {
        judgedHere.set(leaseKey!, Date.now());
        await holdJudged(task.submitId, task.version);
      }
      await job.ack();
      claimStats.handedOff.push(Date.now() - handOffFrom);
    } finally {
      clearInterval(keepAlive);
      if (leaseKey) {
        leased.delete(leaseKey);
        ours.delete(leaseKey);
      }
      if (slot) {
        noteBusy();
        inFlight--;
        giveSlot();
      }
    }
  };

  // One consumer per judging slot plus the ones claiming ahead (see RunnerOptions.prefetch).
  const unsubscribe = await opts.bus.consume(Subjects.judgeTaskQueue, handle, {
    concurrency: concurrency + prefetch,
    ackDeadlineMs,
    maxAttempts: opts.maxAttempts ?? 3,
  });
  log(
    `ready: concurrency ${concurrency}, ${prefetch} claimed ahead, languages ${[...languages.available.keys()].join(', ')}`,
  );

  let stopped: Promise<void> | null = null;
  return {
    name: opts.name,
    languages,
    inFlight: () => inFlight,
    sandboxRoots: () => ({ ...sandbox.roots }),
    stop() {
      stopped ??= (async () => {
        draining = true;
        await heartbeat();
        await unsubscribe();
        clearInterval(heartbeatTimer);
        clearInterval(leaseTimer);
        clearInterval(statsTimer);
        logClaimStats();
        if (!opts.sandbox) await sandbox.close();
        log('stopped');
      })();
      return stopped;
    },
  };
}

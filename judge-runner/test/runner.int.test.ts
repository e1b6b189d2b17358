/** The runner on real NATS JetStream: queue in, progress and heartbeats out, one durable result per judging. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskBlobStore, createNatsBus, type BlobStore, type Bus } from '@oj/protocol/bus';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import type {
  JudgeHeartbeat,
  JudgeProgress,
  JudgeResult,
  SubmissionJudgeTask,
} from '@oj/protocol/judge/schemas';
import { Subjects } from '@oj/protocol/subjects';
import type { JudgeLeaseRenewal, TaskClaimAnswer, TaskClaimRequest } from '@oj/protocol/judge/lease';
import { Value } from '@sinclair/typebox/value';
import { JudgeHeartbeatSchema, JudgeProgressSchema, JudgeResultSchema } from '@oj/protocol/judge/schemas';
import { startRunner, type Runner } from '../src/runner';
import { sandboxProcesses } from './helpers';

const servers = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const runId = `${process.pid}${randomBytes(4).toString('hex')}`;
const streamPrefix = `TEST_JR_${runId}`;
const subjectPrefix = `test-jr-${runId}`;
const root = mkdtempSync(join(tmpdir(), 'oj-jr-runner-'));
chmodSync(root, 0o711);
const dirs = (name: string) => ({
  workDir: join(root, name, 'work'),
  cacheDir: join(root, name, 'cache'),
  blobCacheDir: join(root, name, 'blobs'),
});

let bus: Bus;
let blobs: BlobStore;
const results: JudgeResult[] = [];
beforeAll(async () => {
  bus = await createNatsBus({ servers, streamPrefix, subjectPrefix, onHandlerError: () => {} });
  blobs = createDiskBlobStore(join(root, 'store'));
  await bus.consume<JudgeResult>(Subjects.judgeResultQueue, async (job) => {
    results.push(job.data);
  });
});
afterAll(async () => {
  await bus?.close();
  const nc = await connect({ servers });
  const jsm = await jetstreamManager(nc);
  for await (const name of jsm.streams.names())
    if (name.startsWith(streamPrefix)) await jsm.streams.delete(name);
  await nc.close();
  rmSync(root, { recursive: true, force: true });
});

async function waitFor<T>(what: string, get: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function task(
  submitId: number,
  code: string,
  inputs: [string, string][],
  limits = { timeLimit: 1000, memoryLimit: 64, stackLimit: 64 },
): Promise<SubmissionJudgeTask> {
  const testCases = [];
  for (const [i, [input, output]] of inputs.entries()) {
    testCases.push({
      caseId: i + 1,
      inputHash: await blobs.put(Buffer.from(input)),
      outputHash: await blobs.put(Buffer.from(output)),
      score: 0,
      groupNum: 1,
    });
  }
  return {
    kind: 'submission',
    submitId,
    version: 0,
    problemType: 0,
    ioScore: 0,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    limits,
    language: 'C',
    code,
    isRemoveEndBlank: true,
    testCases,
  };
}

/** A+B after a quarter of a second of CPU: a judging long enough to claim the next task meanwhile. */
const SPIN_AB =
  '#include <stdio.h>\n#include <time.h>\nint main(){int a,b;scanf("%d %d",&a,&b);clock_t t=clock();while(clock()-t<CLOCKS_PER_SEC/4);printf("%d\\n",a+b);return 0;}';
const AB = '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}';

describe('runner on NATS JetStream', () => {
  let runner: Runner;
  afterAll(async () => {
    await runner?.stop();
  });

  it('judges a queued task: heartbeat, Compiling → Judging → per-case progress, one durable result', async () => {
    const beats: JudgeHeartbeat[] = [];
    await bus.subscribe<JudgeHeartbeat>(Subjects.judgeHeartbeat('runner-a'), (hb) => void beats.push(hb));
    const progress: JudgeProgress[] = [];
    await bus.subscribe<JudgeProgress>(Subjects.judgeProgress(101), (p) => void progress.push(p));
    runner = await startRunner({
      bus,
      blobs,
      name: 'runner-a',
      concurrency: 1,
      heartbeatMs: 200,
      log: () => {},
      ...dirs('a'),
    });
    await bus.enqueue(
      Subjects.judgeTaskQueue,
      await task(101, AB, [
        ['1 2\n', '3\n'],
        ['4 5\n', '9\n'],
      ]),
      { id: 'submission:101:0' },
    );
    const r = await waitFor('result 101', () => results.find((x) => x.submitId === 101));
    expect(r.errorMessage).toBeNull();
    expect(r).toMatchObject({ status: S.ACCEPTED, judger: 'runner-a', dedupeId: 'submission:101:0' });
    expect(r.cases).toHaveLength(2);
    // What the services validate on their side.
    expect(Value.Check(JudgeResultSchema, r)).toBe(true);
    expect(progress.every((p) => Value.Check(JudgeProgressSchema, p))).toBe(true);
    expect(progress.map((p) => p.status)).toEqual([S.COMPILING, S.JUDGING, S.JUDGING, S.JUDGING]);
    expect(progress.filter((p) => p.case).map((p) => p.case!.seq)).toEqual([1, 2]);
    await waitFor('heartbeat', () => (beats.length >= 2 ? true : undefined));
    expect(beats[0]).toMatchObject({ name: 'runner-a', concurrency: 1, draining: false });
    expect(Value.Check(JudgeHeartbeatSchema, beats[0])).toBe(true);
    // Service info shows the runner's process from these figures.
    expect(beats[0]).toMatchObject({
      pid: process.pid,
      rssBytes: expect.any(Number),
      uptimeSeconds: expect.any(Number),
    });
    expect(beats[0]!.languages).toContain('C++ 17');
    expect(beats[0]!.unavailableLanguages.map((u) => u.name)).toContain('Python2');
  });

  it('a malformed task with a submit id gets an SE result and is not retried', async () => {
    await bus.enqueue(
      Subjects.judgeTaskQueue,
      { kind: 'submission', submitId: 102, language: 'C' },
      { id: 'bad-102' },
    );
    const r = await waitFor('result 102', () => results.find((x) => x.submitId === 102));
    expect(r.status).toBe(S.SYSTEM_ERROR);
    expect(r.errorMessage).toMatch(/invalid judge task/);
  });

  it('stop() drains: a task in flight still gets its result', async () => {
    const slow =
      '#include <stdio.h>\n#include <time.h>\nint main(){clock_t s=clock();while(clock()-s<CLOCKS_PER_SEC/2);puts("3");return 0;}';
    await bus.enqueue(Subjects.judgeTaskQueue, await task(103, slow, [['1 2\n', '3\n']]), {
      id: 'submission:103:0',
    });
    await waitFor('task 103 in flight', () => (runner.inFlight() > 0 ? true : undefined));
    await runner.stop();
    expect(results.find((x) => x.submitId === 103)?.status).toBe(S.ACCEPTED);
  });
});

describe('runner killed mid-judge', () => {
  let child: ChildProcess | undefined;
  let runnerB: Runner | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await runnerB?.stop();
  });

  it('another runner takes the task over and exactly one final result is published', async () => {
    const ackMs = 3000;
    const a = dirs('child');
    child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'runner-child.ts')],
      {
        env: {
          ...process.env,
          TEST_NATS_URL: servers,
          STREAM_PREFIX: streamPrefix,
          SUBJECT_PREFIX: subjectPrefix,
          BLOB_DIR: join(root, 'store'),
          RUNNER_NAME: 'runner-doomed',
          ACK_MS: String(ackMs),
          WORK_DIR: a.workDir,
          CACHE_DIR: a.cacheDir,
          BLOB_CACHE_DIR: a.blobCacheDir,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child!.on('exit', (code) => reject(new Error(`child runner exited early (${code})`)));
    });
    const progress: JudgeProgress[] = [];
    await bus.subscribe<JudgeProgress>(Subjects.judgeProgress(201), (p) => void progress.push(p));
    // Three cases of ~0.4 s CPU each: long enough to be killed after the first.
    const busy =
      '#include <stdio.h>\n#include <time.h>\nint main(){int a,b;scanf("%d %d",&a,&b);clock_t s=clock();while(clock()-s<CLOCKS_PER_SEC*2/5);printf("%d\\n",a+b);return 0;}';
    await bus.enqueue(
      Subjects.judgeTaskQueue,
      await task(201, busy, [
        ['1 2\n', '3\n'],
        ['2 2\n', '4\n'],
        ['3 2\n', '5\n'],
      ]),
      { id: 'submission:201:0' },
    );
    await waitFor('first case judged by the doomed runner', () =>
      progress.some((p) => p.case && p.judger === 'runner-doomed') ? true : undefined,
    );
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    expect(results.filter((x) => x.submitId === 201)).toEqual([]);

    // Runner B shares the host's work dir, as runners on one machine do: it sweeps what A left.
    runnerB = await startRunner({
      bus,
      blobs,
      name: 'runner-b',
      concurrency: 1,
      ackDeadlineMs: ackMs,
      log: () => {},
      ...dirs('b'),
      workDir: a.workDir,
    });
    const deadPid = child.pid!;
    expect(readdirSync(a.workDir).filter((n) => n.startsWith(`ws-${deadPid}-`))).toEqual([]);
    for (const own of Object.values(runnerB.sandboxRoots()))
      expect(readdirSync(dirname(own))).not.toContain(`p${deadPid}`);
    const r = await waitFor('result 201', () => results.find((x) => x.submitId === 201));
    expect(r).toMatchObject({ status: S.ACCEPTED, judger: 'runner-b' });
    expect(r.cases).toHaveLength(3);
    // Past another ack deadline: still exactly one result.
    await new Promise((res) => setTimeout(res, ackMs + 1500));
    expect(results.filter((x) => x.submitId === 201)).toHaveLength(1);
    // The killed runner's sandboxed programs died with it (bwrap --die-with-parent).
    expect(sandboxProcesses()).toEqual([]);
  });
});

describe('claims on NATS JetStream', () => {
  it('a claim nobody answers in time is asked again, never judged on a guess; the judged task stays held', async () => {
    const claimTimeoutMs = 1000;
    const claims: TaskClaimRequest[] = [];
    const holds: JudgeLeaseRenewal[] = [];
    const compiles: number[] = [];
    const stopHolds = await bus.subscribe<JudgeLeaseRenewal>(Subjects.judgeLease('runner-c'), (r) => {
      if (r.judged) holds.push(r);
    });
    const stopProgress = await bus.subscribe<JudgeProgress>(Subjects.judgeProgress(301), (p) => {
      if (p.status === S.COMPILING) compiles.push(claims.length);
    });
    // The first claim is answered after the runner gave up on it (a slow judge service): had it
    // judged on a guess, another runner's copy could be granted the same judging meanwhile.
    const stopClaims = await bus.reply<TaskClaimRequest, TaskClaimAnswer>(
      Subjects.judgeTaskClaim,
      async (q): Promise<TaskClaimAnswer> => {
        claims.push(q);
        if (claims.length === 1) await new Promise((r) => setTimeout(r, claimTimeoutMs + 1500));
        return 'judge';
      },
    );
    const runnerC = await startRunner({
      bus,
      blobs,
      name: 'runner-c',
      concurrency: 1,
      claimTimeoutMs,
      log: () => {},
      ...dirs('c'),
    });
    try {
      await bus.enqueue(Subjects.judgeTaskQueue, await task(301, AB, [['1 2\n', '3\n']]), {
        id: 'submission:301:0',
      });
      const r = await waitFor('result 301', () => results.find((x) => x.submitId === 301));
      expect(r.status).toBe(S.ACCEPTED);
      expect(claims.length).toBeGreaterThanOrEqual(2);
      expect(claims.every((c) => c.submitId === 301 && c.runner === 'runner-c')).toBe(true);
      // Judged once, and only after a claim that was answered in time (the second or later).
      expect(compiles).toHaveLength(1);
      expect(compiles[0]).toBeGreaterThanOrEqual(2);
      await waitFor('the judged task held', () => (holds.length > 0 ? true : undefined));
      expect(holds[0]!.tasks).toEqual([{ submitId: 301, version: 0 }]);
    } finally {
      await runnerC.stop();
      await stopClaims();
      await stopHolds();
      await stopProgress();
    }
  });

  it('a second copy of a task this runner is judging is dropped, though the service would grant it again', async () => {
    const compiles: number[] = [];
    const stopProgress = await bus.subscribe<JudgeProgress>(Subjects.judgeProgress(302), (p) => {
      if (p.status === S.COMPILING) compiles.push(Date.now());
    });
    // The service grants a runner its own judging again (its redelivery after a restart): the
    // first answer comes late enough for the second copy to arrive meanwhile.
    let claimsAnswered = 0;
    const stopClaims = await bus.reply<TaskClaimRequest, TaskClaimAnswer>(
      Subjects.judgeTaskClaim,
      async (): Promise<TaskClaimAnswer> => {
        if (claimsAnswered++ === 0) await new Promise((r) => setTimeout(r, 800));
        return 'judge';
      },
    );
    const lines: string[] = [];
    const runnerD = await startRunner({
      bus,
      blobs,
      name: 'runner-d',
      concurrency: 2,
      log: (line) => void lines.push(line),
      ...dirs('d'),
    });
    try {
      const t = await task(302, AB, [['1 2\n', '3\n']]);
      // Two copies under two ids, as a queue whose de-duplication state was wiped would hold them.
      await bus.enqueue(Subjects.judgeTaskQueue, t, { id: 'submission:302:0' });
      await bus.enqueue(Subjects.judgeTaskQueue, t, { id: 'submission:302:0:copy' });
      await waitFor('result 302', () => results.find((x) => x.submitId === 302));
      await waitFor('the copy dropped', () =>
        lines.some((l) => l.includes('task 302:0 not judged here (a copy is being judged here)'))
          ? true
          : undefined,
      );
      expect(compiles).toHaveLength(1);
      expect(results.filter((x) => x.submitId === 302)).toHaveLength(1);
      // A copy delivered after its result was queued: the service may not have stored the hold yet
      // (it would grant this runner its own lease again), so the runner remembers.
      await bus.enqueue(Subjects.judgeTaskQueue, t, { id: 'submission:302:0:late-copy' });
      await waitFor('the late copy dropped', () =>
        lines.some((l) => l.includes('task 302:0 not judged here (judged here already)')) ? true : undefined,
      );
      expect(compiles).toHaveLength(1);
    } finally {
      await runnerD.stop();
      await stopClaims();
      await stopProgress();
    }
  });

  it('claims answered late do not idle the judging slot: the next task is claimed while one is judged', async () => {
    // A loaded judge service: every claim is answered 800 ms late (within the claim timeout).
    const events: string[] = [];
    const stopClaims = await bus.reply<TaskClaimRequest, TaskClaimAnswer>(
      Subjects.judgeTaskClaim,
      async (q): Promise<TaskClaimAnswer> => {
        events.push(`claim ${q.submitId}`);
        await new Promise((r) => setTimeout(r, 800));
        return 'judge';
      },
    );
    // The runner holds a judging once its result is queued: that is when its slot frees.
    const stopHolds = await bus.subscribe<JudgeLeaseRenewal>(Subjects.judgeLease('runner-e'), (r) => {
      if (r.judged) for (const t of r.tasks) events.push(`done ${t.submitId}`);
    });
    const runnerE = await startRunner({
      bus,
      blobs,
      name: 'runner-e',
      concurrency: 1,
      prefetch: 1,
      log: () => {},
      ...dirs('e'),
    });
    const ids = [401, 402, 403];
    try {
      for (const id of ids)
        await bus.enqueue(Subjects.judgeTaskQueue, await task(id, SPIN_AB, [['1 2\n', '3\n']]), {
          id: `submission:${id}:0`,
        });
      for (const id of ids) await waitFor(`result ${id}`, () => results.find((x) => x.submitId === id));
      const done = await waitFor('the three held', () => {
        const d = events.filter((e) => e.startsWith('done ')).map((e) => Number(e.slice(5)));
        return d.length === 3 ? d : undefined;
      });
      // One slot: judged one after another. Each next task was claimed while the one before it was
      // judged (a runner taking a task only when its slot is free asks after that one is done).
      for (let i = 1; i < done.length; i++)
        expect(events.indexOf(`claim ${done[i]}`)).toBeLessThan(events.indexOf(`done ${done[i - 1]}`));
      expect(results.filter((x) => ids.includes(x.submitId ?? 0)).map((x) => x.status)).toEqual([
        S.ACCEPTED,
        S.ACCEPTED,
        S.ACCEPTED,
      ]);
    } finally {
      await runnerE.stop();
      await stopClaims();
      await stopHolds();
    }
  });
});

// Remote judge throughput and verdict latency against the fake HDU (src/judge/remote/fakes): the
// composed platform on PostgreSQL + NATS with its remote-judge worker; for each account count in
// ACCOUNTS, SUBMISSIONS remote submissions go in through the API at once and the bench waits for
// every verdict. Reports per phase: submissions/s (first submit to last verdict pushed), and the
// time from the remote verdict (the moment the fake first shows it on its status page) to the
// verdict's `oj.submission.updated` event, which the gateways relay to the submitter's socket
// (p50/p95/max). Each judging: login, submit, run id lookup (FIND_DELAY_MS), polls every POLL_MS
// until final (the fake shows "Running" first). Env: ACCOUNTS (1,4,16), SUBMISSIONS (100),
// CONCURRENCY (worker slots, 16), POLL_MS (50), FIND_DELAY_MS (10). Writes bench-results/remote-judge.json.
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import { JudgeStatus, Subjects } from '@oj/protocol';
import { createAdapters } from '../src/judge/remote/adapters';
import { startFakeHdu } from '../src/judge/remote/fakes/judges';
import { startRemoteTestPlatform } from '../src/judge/remote/test-support';
import { report } from './support';

const ACCOUNTS = (process.env.ACCOUNTS ?? '1,4,16').split(',').map(Number);
const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 100);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const POLL_MS = Number(process.env.POLL_MS ?? 50);
const FIND_DELAY_MS = Number(process.env.FIND_DELAY_MS ?? 10);

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const round = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const max = Math.max(...ACCOUNTS);
  const accounts = Object.fromEntries(Array.from({ length: max }, (_, i) => [`bench-${i}`, 'pw']));
  const fake = await startFakeHdu(accounts);
  const t = await startRemoteTestPlatform({
    worker: true,
    workerName: 'bench-remote',
    concurrency: CONCURRENCY,
    adapters: createAdapters(
      { HDU: fake.url },
      { findDelayMs: FIND_DELAY_MS, http: { timeoutMs: 10_000, retries: 1, minGapMs: 0 } },
    ),
    timings: { pollEveryMs: POLL_MS, pollTries: 400, accountEveryMs: 20, accountTries: 10_000 },
  });
  const phases: object[] = [];
  try {
    const sw = await t.call('GET', '/api/admin/switch/info');
    await t.call('PUT', '/api/admin/switch/update', { ...sw.data, defaultSubmitInterval: 0 });
    const imported = await t.call(
      'GET',
      '/api/admin/problem/import-remote-oj-problem?name=HDU&problemId=1000',
    );
    if (imported.status !== 200) throw new Error(`import failed: ${imported.msg}`);

    /** When each submission's final verdict event arrived. */
    const pushedAt = new Map<number, number>();
    const bus = t.platform.ctx.bus;
    await bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (u) => {
      if (u.status === JudgeStatus.ACCEPTED && !pushedAt.has(u.submitId))
        pushedAt.set(u.submitId, Date.now());
    });

    let pool = 0;
    for (const n of ACCOUNTS) {
      for (; pool < n; pool++) {
        const r = await t.call('POST', '/api/admin/remote-judge/account', {
          oj: 'HDU',
          username: `bench-${pool}`,
          password: 'pw',
        });
        if (r.status !== 200) throw new Error(`account: ${r.msg}`);
      }
      const load0 = loadavg()[0]!;
      const tag = `n${n}-${Date.now()}`;
      const started = Date.now();
      const ids = await Promise.all(
        Array.from({ length: SUBMISSIONS }, async (_, i) => {
          const r = await t.call('POST', '/api/submit-problem-judge', {
            pid: 'HDU-1000',
            language: 'G++',
            code: `int main(){return 0;} // ${tag}-${i}`,
            isRemote: true,
          });
          if (r.status !== 200) throw new Error(`submit: ${r.msg}`);
          return { id: Number(r.data.submitId), marker: `// ${tag}-${i}\n` };
        }),
      );
      await Promise.all(ids.map(({ id }) => t.pushed(id)));
      const elapsed = Date.now() - started;
      const latencies = ids
        .map(({ id, marker }) => {
          const run = fake.runs.find((r) => r.code.includes(marker));
          const at = pushedAt.get(id);
          return run?.finalAt !== undefined && at !== undefined ? at - run.finalAt : NaN;
        })
        .filter((x) => Number.isFinite(x))
        .sort((a, b) => a - b);
      const rows = await sql<{ n: number }>`select count(*)::int as n from judge
        where submit_id in (${sql.join(ids.map((x) => x.id))}) and status = ${JudgeStatus.ACCEPTED}`.execute(
        t.platform.ctx.db,
      );
      const phase = {
        accounts: n,
        submissions: SUBMISSIONS,
        accepted: rows.rows[0]!.n,
        seconds: round(elapsed / 1000),
        perSecond: round(SUBMISSIONS / (elapsed / 1000)),
        verdictToPushMs: {
          measured: latencies.length,
          p50: pct(latencies, 50),
          p95: pct(latencies, 95),
          max: latencies.at(-1) ?? NaN,
        },
        loadavgBefore: round(load0),
        loadavgAfter: round(loadavg()[0]!),
      };
      console.log(JSON.stringify(phase));
      phases.push(phase);
    }
  } finally {
    await t.close();
    await fake.close();
  }
  report('remote-judge', {
    concurrency: CONCURRENCY,
    pollMs: POLL_MS,
    findDelayMs: FIND_DELAY_MS,
    phases,
    loadavg: loadavg().map(round),
  });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

// Issue 4 benchmarks on PostgreSQL: GET /api/get-problem-list (30 rows, a tag and a keyword
// filter) against a bare Fastify route answering the same bytes, and submissions accepted per
// second at POST /api/submit-problem-judge (the judge tasks queue up; no runner drains them).
// The list is measured twice: as served (from the process's list cache) and with the cache
// emptied before every request (the cost after an edit, or of a query nobody asked before).
// Rates are medians of alternating 3 s runs; node CPU per request (sequential injects) is
// reported beside them because the machine is shared and rates swing with its load.
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type { ProblemCapability } from '../src/problem';
import { load, report, type LoadResult } from './support';
import { BENCH_ROOT_PASSWORD, startBenchPlatform } from './support-platform';

const PROBLEMS = 2000;
const { database, platform } = await startBenchPlatform('/tmp/oj-bench');
const db = platform.ctx.db;

// A bank of 2,000 problems copied from the seeded A+B; every other one carries the bench tag.
const template = await db
  .selectFrom('problem')
  .selectAll()
  .where('problem_id', '=', '1000')
  .executeTakeFirstOrThrow();
const { id: _id, ...fields } = template;
const tag = await db
  .insertInto('tag')
  .values({ name: 'bench-tag', color: '#409eff', gid: null, tcid: null })
  .returning('id')
  .executeTakeFirstOrThrow();
for (let start = 0; start < PROBLEMS; start += 500) {
  const rows = Array.from({ length: Math.min(500, PROBLEMS - start) }, (_, k) => ({
    ...fields,
    problem_id: `B${start + k}`,
    title: (start + k) % 3 === 0 ? `Sum of pairs ${start + k}` : `Graph walk ${start + k}`,
  }));
  const ids = await db.insertInto('problem').values(rows).returning('id').execute();
  await db
    .insertInto('problem_tag')
    .values(ids.filter((_, k) => k % 2 === 0).map((r) => ({ pid: r.id, tid: tag.id })))
    .execute();
}

await platform.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
const listUrl = `${base}/api/get-problem-list?keyword=Sum&tagId=${encodeURIComponent(JSON.stringify([tag.id]))}&currentPage=1&limit=30`;
const sample = await (await fetch(listUrl)).text();
const sampleRows = (JSON.parse(sample) as { data: { records: unknown[] } }).data.records.length;

const bare = Fastify();
bare.get('/api/get-problem-list', async (_req, reply) => reply.type('application/json').send(sample));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/api/get-problem-list`;

const listCache = (platform.capabilities.find((c) => c.name === 'problem') as ProblemCapability).listCache;
const loadAverage = () => loadavg().map((n) => Number(n.toFixed(2)));
const loadAtStart = loadAverage();

const emptyCache = () => {
  listCache.problemsChanged();
  listCache.counts.clear();
};

/** Median by requests per second. */
const median = (runs: LoadResult[]) =>
  [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(runs.length / 2)]!;

await load({ url: listUrl, duration: 2 }); // warm-up
// The machine is shared: bare and list runs alternate, and the medians are compared.
const ROUNDS = 3;
const bareRuns: LoadResult[] = [];
const listRuns: LoadResult[] = [];
const uncachedRuns: LoadResult[] = [];
const pageLoadsBefore = listCache.pages.loads;
for (let round = 0; round < ROUNDS; round++) {
  bareRuns.push(await load({ url: bareUrl, duration: 3 }));
  listRuns.push(await load({ url: listUrl, duration: 3 }));
}
const pageLoads = listCache.pages.loads - pageLoadsBefore;
for (let round = 0; round < ROUNDS; round++) {
  // autocannon runs in this process, so it can empty the cache right before each request.
  uncachedRuns.push(
    await load({
      url: listUrl,
      duration: 3,
      requests: [
        {
          setupRequest: (req) => {
            emptyCache();
            return req;
          },
        },
      ],
    }),
  );
}
const bareRun = median(bareRuns);
const listRun = median(listRuns);
const uncachedRun = median(uncachedRuns);

/** Node CPU per request (µs) over sequential injected requests: what load noise hardly moves. */
async function cpuPerRequest(app: typeof bare, url: string, before?: () => void, n = 2000): Promise<number> {
  for (let i = 0; i < 200; i++) {
    before?.();
    await app.inject({ method: 'GET', url });
  }
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    before?.();
    await app.inject({ method: 'GET', url });
  }
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / n);
}
const listPath = listUrl.slice(base.length);
const cpuUs = {
  bare: await cpuPerRequest(bare, '/api/get-problem-list'),
  problemList: await cpuPerRequest(platform.app as unknown as typeof bare, listPath),
  // Node's share only: the queries' work in PostgreSQL is not counted here.
  problemListUncached: await cpuPerRequest(platform.app as unknown as typeof bare, listPath, emptyCache),
};

// Submissions: root, with the per-user submit interval lifted.
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'root', password: BENCH_ROOT_PASSWORD }),
});
const token = login.headers.get('authorization')!;
const sw = (await (
  await fetch(`${base}/api/admin/switch/info`, { headers: { authorization: token } })
).json()) as { data: object };
await fetch(`${base}/api/admin/switch/update`, {
  method: 'PUT',
  headers: { authorization: token, 'content-type': 'application/json' },
  body: JSON.stringify({ ...sw.data, defaultSubmitInterval: 0 }),
});
const submitRun = await load({
  url: `${base}/api/submit-problem-judge`,
  method: 'POST',
  headers: { authorization: token, 'content-type': 'application/json' },
  body: JSON.stringify({
    pid: '1000',
    language: 'C++',
    code: 'int main(){return 0;}',
    cid: 0,
    gid: null,
    isRemote: false,
  }),
  connections: 16,
});
const stored = await db
  .selectFrom('judge')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();

await bare.close();
await platform.close();
await database.drop();

report('problems-submissions', {
  storage: 'postgres',
  problems: PROBLEMS,
  listRows: sampleRows,
  problemList: listRun,
  bareFastify: bareRun,
  problemListVsBare: Number((listRun.requestsPerSec / bareRun.requestsPerSec).toFixed(3)),
  rounds: {
    bare: bareRuns.map((r) => r.requestsPerSec),
    problemList: listRuns.map((r) => r.requestsPerSec),
    problemListUncached: uncachedRuns.map((r) => r.requestsPerSec),
  },
  nodeCpuUsPerRequest: cpuUs,
  problemListPageLoads: pageLoads,
  problemListUncached: uncachedRun,
  problemListUncachedVsBare: Number((uncachedRun.requestsPerSec / bareRun.requestsPerSec).toFixed(3)),
  submit: submitRun,
  submissionsStored: Number(stored.n),
  loadAverage: { start: loadAtStart, end: loadAverage() },
});

// Contest-day bench (issue #22.7): a real contest end to end on PostgreSQL + NATS with A API
// processes, G gateways and a judge runner started as real processes, the web client's behaviour
// imitated by N contestants and M outside-board spectators.
//
//   npm run bench:contest-day -w @oj/services -- --contestants N --spectators M --burst B \
//     --rate R --steady-s S --apis A --gateways G [--runners 1|2] [--spectator-procs P]
//
// Phases: cluster start (contest-day-cluster.ts); setup as root (contest-day-setup.ts); the
// machine bound of the burst measured alone (contest-day-bound.ts); the contestants' sign-in
// rush, their pages and sockets (contest-day-contestants.ts); the spectators (contest-day-
// spectators.ts, child processes); the seal set half way through the steady phase; B submissions
// in the first 10 s, then R a second for S seconds (contest-day-mix.ts); every submission final;
// the database checked for lost, duplicated and stuck submissions. Prints the figures, then one
// JSON line (also bench-results/contest-day.json). Everything it started is stopped and removed
// (processes, database, streams), also on failure and on Ctrl-C.
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { FINAL } from '../test/faults/cluster';
import { burstBoundMs, calibrate } from './contest-day-bound';
import { startCluster, type Cluster } from './contest-day-cluster';
import { Contestant, PAGE_READS, type SubmissionRecord } from './contest-day-contestants';
import { Http, errorCount, mergeTally, percentile, sleep, type HttpTally } from './contest-day-http';
import { pick, type Source } from './contest-day-mix';
import { startMonitor, type Monitor } from './contest-day-monitor';
import {
  loadAvg,
  printFigures,
  procFigures,
  sampleProc,
  sampleTree,
  type ProcSample,
} from './contest-day-report';
import { setSeal, setUpContest } from './contest-day-setup';
import { startSpectators, type SpectatorGroup } from './contest-day-spectators';
import { report } from './support';

const { values: args } = parseArgs({
  options: {
    contestants: { type: 'string', default: '40' },
    spectators: { type: 'string', default: '200' },
    burst: { type: 'string', default: '20' },
    rate: { type: 'string', default: '1' },
    'steady-s': { type: 'string', default: '20' },
    apis: { type: 'string', default: '1' },
    gateways: { type: 'string', default: '1' },
    runners: { type: 'string', default: '1' },
    'spectator-procs': { type: 'string' },
    /** Tasks each runner claims ahead of a free slot (the runner's OJ_JUDGE_PREFETCH; default: its concurrency). */
    prefetch: { type: 'string' },
  },
});
const int = (name: keyof typeof args, min: number) => {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}`);
  return n;
};
const N = int('contestants', 1);
const M = int('spectators', 0);
const B = int('burst', 0);
const R = int('rate', 0);
const S = int('steady-s', 0);
const A = int('apis', 1);
const G = int('gateways', 1);
const RUNNERS = Math.min(2, int('runners', 1));
const SPECTATOR_PROCS = args['spectator-procs']
  ? int('spectator-procs', 1)
  : Math.min(4, Math.ceil(M / 1500));
const PREFETCH = args.prefetch === undefined ? undefined : int('prefetch', 0);
const BURST_MS = 10_000;
const tag = Date.now().toString(36).slice(-5);
const log = (s: string) => console.log(`[contest-day ${new Date().toISOString().slice(11, 19)}] ${s}`);
const secs = (ms: number) => Number((ms / 1000).toFixed(1));

let cluster: Cluster | null = null;
let monitor: Monitor | null = null;
let spectators: SpectatorGroup | null = null;
const contestants: Contestant[] = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of contestants) c.stop();
    spectators?.stop();
    await monitor?.close().catch(() => undefined);
    await cluster?.dispose();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    log(`${signal}: stopping everything`);
    void cleanUp().finally(() => process.exit(130));
  });

async function main() {
  const loadBefore = loadAvg();
  log(
    `N=${N} contestants, M=${M} spectators, burst ${B} in 10 s, then ${R}/s for ${S} s; ${A} API, ${G} gateway(s), ${RUNNERS} runner(s); load ${loadBefore.join(' ')}`,
  );
  cluster = await startCluster(
    { apis: A, gateways: G, runners: RUNNERS, contestants: N, prefetch: PREFETCH },
    log,
    (c) => (cluster = c),
  );
  monitor = await startMonitor(cluster.natsUrl, cluster.prefix);
  const api0 = cluster.apiBases[0]!;
  const setup = await setUpContest(api0, { contestants: N, tag }, log);
  await monitor.watchContest(setup.cid);

  // ---- machine bound: the shared texts judged alone, one after another ----
  const cal = await calibrate(api0, cluster.gatewayUrls[0]!, setup.rootToken, setup.problemIds, monitor, tag);
  log(`judged alone: ${JSON.stringify(cal.byBase)}`);
  // A System Error judged alone is the runner's set-up, not the load: say what the runner said.
  if (Object.values(cal.byBase).some((c) => c.status === 4))
    for (const p of cluster.procs.filter((x) => x.name.includes('runner')))
      log(`${p.name} judged System Error alone; its output:\n${p.output.slice(-3000)}`);

  // ---- contestants: the sign-in rush, their pages, their sockets ----
  const http = new Http();
  for (let i = 0; i < N; i++)
    contestants.push(
      new Contestant(
        setup.usernames[i]!,
        cluster.apiBases[i % A]!,
        cluster.gatewayUrls[i % G]!,
        setup.cid,
        http,
      ),
    );
  const rushStart = Date.now();
  const signedIn = await Promise.all(contestants.map((c) => c.signIn()));
  const signInMs = Date.now() - rushStart;
  const failedSignIns = signedIn.filter((ok) => !ok).length;
  log(`sign-in rush: ${N - failedSignIns}/${N} in ${signInMs} ms`);
  const active = contestants.filter((c, i) => signedIn[i]);
  const pagesStart = Date.now();
  await Promise.all(active.map((c) => c.openPages()));
  const pagesMs = Date.now() - pagesStart;
  let joined = 0;
  for (let i = 0; i < active.length; i += 200)
    joined += (await Promise.all(active.slice(i, i + 200).map((c) => c.connect()))).filter(Boolean).length;
  log(`contest pages opened in ${pagesMs} ms; ${joined}/${active.length} contestants in the contest room`);
  for (const c of active) c.startPolling(Math.floor(Math.random() * 30_000));

  // ---- spectators ----
  const specStart = Date.now();
  spectators = await startSpectators(
    { apiBases: cluster.apiBases, gatewayUrls: cluster.gatewayUrls, cid: setup.cid },
    M,
    SPECTATOR_PROCS,
  );
  log(
    `spectators: ${JSON.stringify(spectators.ready)} in ${Date.now() - specStart} ms (${SPECTATOR_PROCS} processes)`,
  );

  // ---- the seal half way through the steady phase; then counting starts ----
  const SETTLE_MS = 3000;
  const plannedStart = Date.now() + SETTLE_MS;
  const sealAt = plannedStart + BURST_MS + (S * 1000) / 2;
  await setSeal(api0, setup, sealAt);
  await sleep(Math.max(0, plannedStart - Date.now()));
  await spectators.reset();
  monitor.countRanks = true;
  const procList = (): ProcSample[] =>
    [
      ...cluster!.procs.map((p) => sampleProc(p.name, p.child?.pid)),
      // The runner's own process is a small part of judging: its sandboxes do the work.
      ...cluster!.procs
        .filter((p) => p.name.includes('runner'))
        .map((p) => sampleTree(`${p.name} with its sandboxes`, p.child?.pid)),
      ...spectators!.children.map((c, i) => sampleProc(`spectators-${i}`, c.pid)),
      sampleProc('bench (contestants)', process.pid),
    ].filter((x): x is ProcSample => !!x);
  const procsBefore = procList();
  const contestantTallyBefore = structuredClone(http.tally);

  // ---- the burst, then the steady phase ----
  const burstStart = Date.now();
  const records: Promise<SubmissionRecord>[] = [];
  const burstSources: Source[] = [];
  const send = (n: number, burst: boolean) => {
    const c = active[(n * 7919) % active.length]!;
    const source = pick(n, tag);
    if (burst) burstSources.push(source);
    records.push(c.submit(source, burst));
  };
  const schedule: { at: number; n: number; burst: boolean }[] = [];
  for (let n = 0; n < B; n++)
    schedule.push({ at: burstStart + (n * BURST_MS) / Math.max(1, B), n, burst: true });
  for (let k = 0; k < Math.floor(R * S); k++)
    schedule.push({ at: burstStart + BURST_MS + (k * 1000) / R, n: B + k, burst: false });
  let sealSeen = false;
  for (const s of schedule) {
    await sleep(Math.max(0, s.at - Date.now()));
    if (!sealSeen && Date.now() >= sealAt) {
      sealSeen = true;
      log('the seal time passed');
    }
    send(s.n, s.burst);
  }
  const lastSent = Date.now();
  const recs = await Promise.all(records);
  log(`${recs.length} submissions sent (${B} in the burst); waiting for their verdicts`);

  // ---- every accepted submission final (stuck: none final for 90 s while some are open) ----
  const accepted = recs.filter((r) => r.submitId !== null);
  let lastProgress = Date.now();
  let finals = 0;
  while (accepted.some((r) => r.status === null)) {
    const n = accepted.filter((r) => r.status !== null).length;
    if (n > finals) {
      finals = n;
      lastProgress = Date.now();
    }
    if (Date.now() - lastProgress > 90_000) break;
    await sleep(200);
  }
  const allFinalAt = Date.now();
  // The boards settle: pushes of the last verdicts and the fetches they cause (≤ 8 s of jitter).
  let quietSince = Date.now();
  let rankEvents = 0;
  while (Date.now() - quietSince < 10_000) {
    const n = [...monitor.rankEvents.values()].reduce((a, b) => a + b, 0);
    if (n !== rankEvents) {
      rankEvents = n;
      quietSince = Date.now();
    }
    await sleep(250);
  }
  const measuredS = (Date.now() - burstStart) / 1000;
  const procsAfter = procList();
  const specStats = M > 0 ? await spectators.collect() : [];
  const loadEnd = loadAvg();

  // ---- the database ----
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const rows = (
    await db.query<{ submit_id: string; status: number; uid: string }>(
      'select submit_id, status, uid from judge where cid = $1',
      [setup.cid],
    )
  ).rows;
  const keys = (
    await db.query<{ uid: string; key: string; submit_id: string }>(
      'select k.uid, k.key, k.submit_id from judge_submit_key k join judge j on j.submit_id = k.submit_id where j.cid = $1',
      [setup.cid],
    )
  ).rows;
  await db.end();
  const rowById = new Map(rows.map((r) => [Number(r.submit_id), r]));
  const keyRows = new Map<string, number[]>();
  for (const k of keys)
    keyRows.set(`${k.uid}\n${k.key}`, [...(keyRows.get(`${k.uid}\n${k.key}`) ?? []), Number(k.submit_id)]);
  const lost = accepted.filter((r) => !rowById.has(r.submitId!)).length;
  const retriedToOther = recs.filter((r) => new Set(r.answeredIds).size > 1).length;
  const keyTwice = [...keyRows.values()].filter((ids) => ids.length > 1).length;
  const judgedTwice = rows.filter((r) => (monitor!.judgings.get(Number(r.submit_id)) ?? 0) > 1).length;
  const acceptedIds = new Set(accepted.map((r) => r.submitId!));
  /** Rows the contestants were never answered with (a submit that failed at the client but was stored). */
  const ghosts = rows.filter((r) => !acceptedIds.has(Number(r.submit_id))).length;
  const duplicated = retriedToOther + keyTwice + judgedTwice;
  const stuck = rows.filter((r) => !FINAL(r.status)).length;
  const unanswered = recs.filter((r) => r.submitId === null).length;

  // ---- figures ----
  const tally: HttpTally = { latencies: {}, errors: {} };
  // The contestants' figures of the measured phase only (the rush and the first pages apart).
  for (const [k, v] of Object.entries(http.tally.latencies))
    tally.latencies[k] = v.slice(contestantTallyBefore.latencies[k]?.length ?? 0);
  for (const [k, v] of Object.entries(http.tally.errors)) {
    const before = contestantTallyBefore.errors[k] ?? {};
    tally.errors[k] = Object.fromEntries(
      Object.entries(v).map(([kind, n]) => [kind, n - (before[kind] ?? 0)]),
    );
  }
  const specTally: HttpTally = { latencies: {}, errors: {} };
  for (const s of specStats) mergeTally(specTally, s.http);
  const specInitial: HttpTally = { latencies: {}, errors: {} };
  for (const s of specStats) if (s.initialHttp) mergeTally(specInitial, s.initialHttp);
  const setupErrors = errorCount(contestantTallyBefore) + errorCount(specInitial);
  const setupErrorDetail = {
    contestants: nonZero(contestantTallyBefore.errors),
    spectators: nonZero(specInitial.errors),
  };
  const httpErrors = errorCount(tally) + errorCount(specTally);

  const submitToVerdict = accepted
    .filter((r) => r.verdictPushAt !== null)
    .map((r) => r.verdictPushAt! - r.sentAt);
  const verdictByReadOnly = accepted.filter((r) => r.status !== null && r.verdictPushAt === null).length;
  const holdMs = specStats.flatMap((s) => s.holdMs);
  const received = new Map<number, number>();
  for (const s of specStats)
    for (const [at, n] of Object.entries(s.received))
      received.set(Number(at), (received.get(Number(at)) ?? 0) + n);
  const inRoom = spectators.ready.joined;
  let missedPushes = 0;
  for (const [at, events] of monitor.rankEvents)
    missedPushes += Math.max(0, events * inRoom - (received.get(at) ?? 0));
  // Of them, missed by spectators still following the board (not those that stopped after a failed load).
  const published = [...monitor.rankEvents.values()].reduce((a, b) => a + b, 0);
  const missedByLive = Math.max(
    0,
    specStats.reduce((n, s) => n + published * s.liveInRoom - s.receivedByLive, 0),
  );
  const spectatorReads = specStats.reduce((n, s) => n + Object.values(s.reads).reduce((a, b) => a + b, 0), 0);
  const readsByName: Record<string, number> = {};
  for (const s of specStats)
    for (const [k, v] of Object.entries(s.reads)) readsByName[k] = (readsByName[k] ?? 0) + v;
  const verdicts = accepted.filter((r) => r.status !== null).length;
  const pageLatencies = PAGE_READS.flatMap((n) => tally.latencies[n] ?? []);
  const burstRecs = recs.filter((r) => r.burst && r.submitId !== null);
  const burstDone = burstRecs.every((r) => r.finalAt !== null);
  const burstJudgedMs =
    burstDone && burstRecs.length ? Math.max(...burstRecs.map((r) => r.finalAt!)) - burstStart : null;
  const boundMs = burstBoundMs(cal, burstSources);
  const procs = procFigures(procsBefore, procsAfter, measuredS);
  const verdictCounts: Record<string, number> = {};
  for (const r of accepted) {
    const k = `${r.source.expect}→${r.status ?? 'none'}`;
    verdictCounts[k] = (verdictCounts[k] ?? 0) + 1;
  }

  const runnerLines = cluster.procs
    .filter((p) => p.name.includes('runner'))
    .flatMap((p) => p.output.split('\n').filter((l) => l.includes('claims in ')))
    .map((l) => l.replace(/^.*?claims in /, 'claims in '));
  const unansweredClaims = runnerLines.reduce(
    (n, l) => n + Number(/(\d+) unanswered in time/.exec(l)?.[1] ?? 0),
    0,
  );
  const result = {
    contestants: N,
    spectators: M,
    burst: B,
    rate: R,
    steadyS: S,
    apis: A,
    gateways: G,
    runners: RUNNERS,
    cores: availableParallelism(),
    httpErrors,
    lost,
    duplicated,
    stuck,
    missedPushes,
    submitToVerdictP50Ms: percentile(submitToVerdict, 0.5),
    submitToVerdictP99Ms: percentile(submitToVerdict, 0.99),
    verdictToSpectatorP50Ms: percentile(holdMs, 0.5),
    verdictToSpectatorP99Ms: percentile(holdMs, 0.99),
    readsPerSpectatorPerVerdict: M && verdicts ? Number((spectatorReads / M / verdicts).toFixed(4)) : 0,
    pageReadP50Ms: percentile(pageLatencies, 0.5),
    pageReadP99Ms: percentile(pageLatencies, 0.99),
    submitP50Ms: percentile(tally.latencies.submit ?? [], 0.5),
    submitP99Ms: percentile(tally.latencies.submit ?? [], 0.99),
    burstJudgedS: burstJudgedMs === null ? null : secs(burstJudgedMs),
    burstBoundS: secs(boundMs),
    burstOfBound:
      burstJudgedMs === null || boundMs <= 0 ? null : Number((burstJudgedMs / boundMs).toFixed(2)),
    loadAvg: loadEnd,
    loadAvgBefore: loadBefore,
    submissions: recs.length,
    verdicts,
    verdictsByReadOnly: verdictByReadOnly,
    unanswered,
    ghosts,
    duplicatedDetail: { retriedToOther, keyTwice, judgedTwice },
    verdictCounts,
    missedPushesFollowing: missedByLive,
    rankEvents: published,
    spectatorsInRoom: inRoom,
    spectatorSnapshots: spectators.ready.snapshots,
    spectatorReads: readsByName,
    spectatorUnresolved: specStats.reduce((n, s) => n + s.unresolved, 0),
    spectatorReconnects: specStats.reduce((n, s) => n + s.reconnects, 0),
    spectatorGaveUp: specStats.reduce((n, s) => n + s.gaveUp, 0),
    signInS: secs(signInMs),
    signInP99Ms: percentile(contestantTallyBefore.latencies.login ?? [], 0.99),
    failedSignIns,
    setupHttpErrors: setupErrors,
    setupErrors: setupErrorDetail,
    spectatorFirstLoadP99Ms: percentile(specInitial.latencies['spectator-board'] ?? [], 0.99),
    contestantsInRoom: joined,
    errors: { contestants: nonZero(tally.errors), spectators: nonZero(specTally.errors) },
    pageReads: Object.fromEntries(
      PAGE_READS.map((n) => [
        n,
        { n: tally.latencies[n]?.length ?? 0, p99Ms: percentile(tally.latencies[n] ?? [], 0.99) },
      ]),
    ),
    judgedAlone: cal.byBase,
    measuredS: Number(measuredS.toFixed(1)),
    allFinalAfterLastSubmitS: secs(allFinalAt - lastSent),
    prefetch: PREFETCH ?? 'default',
    unansweredClaims,
    runnerFigures: runnerLines,
    processes: procs,
  };

  printFigures('errors and submissions', [
    ['HTTP errors (measured phase)', `${httpErrors} ${JSON.stringify(result.errors)}`],
    ['HTTP errors in the rush and first loads', `${setupErrors} ${JSON.stringify(setupErrorDetail)}`],
    ['submissions / accepted / unanswered', `${recs.length} / ${accepted.length} / ${unanswered}`],
    ['lost / duplicated / stuck / ghosts', `${lost} / ${duplicated} / ${stuck} / ${ghosts}`],
    ['verdicts (expected→got)', verdictCounts],
  ]);
  printFigures('latencies', [
    ['sign-in rush', `${N} in ${secs(signInMs)} s, p99 ${result.signInP99Ms} ms`],
    ['submit p50/p99', `${result.submitP50Ms} / ${result.submitP99Ms} ms`],
    [
      'submit → verdict push p50/p99',
      `${result.submitToVerdictP50Ms} / ${result.submitToVerdictP99Ms} ms (${verdictByReadOnly} learnt by a read)`,
    ],
    ['page reads p50/p99', `${result.pageReadP50Ms} / ${result.pageReadP99Ms} ms`],
    [
      'verdict → spectator board p50/p99',
      `${result.verdictToSpectatorP50Ms} / ${result.verdictToSpectatorP99Ms} ms`,
    ],
  ]);
  printFigures('spectators', [
    ['in the room / snapshots', `${inRoom} / ${result.spectatorSnapshots} of ${M}`],
    ['rank pushes published', result.rankEvents],
    [
      'missed pushes',
      `${missedPushes} (${missedByLive} by spectators still following; the rest stopped after a failed load)`,
    ],
    ['HTTP reads (after the first load)', `${spectatorReads} ${JSON.stringify(readsByName)}`],
    ['reads per spectator per verdict', result.readsPerSpectatorPerVerdict],
  ]);
  printFigures('burst', [
    ['judged in', `${result.burstJudgedS} s`],
    [
      'machine bound',
      `${result.burstBoundS} s (${cal ? 'distinct compiles + runs, judged alone' : ''} / ${availableParallelism()} cores)`,
    ],
    ['of the bound', result.burstOfBound],
  ]);
  printFigures(
    'processes (measured phase)',
    procs.map((p) => [p.name, `CPU ${p.cpuS} s (${p.cpuPctOfCore}% of a core), RSS ${p.rssMb} MB`]),
  );
  // The runners' own figures (claims answered and their latency, judging, hand-off, busy slots),
  // logged by each runner every 10 s while it works.
  printFigures(
    'runners (claims, judging, hand-off; every 10 s)',
    runnerLines.map((l, i) => [String(i), l]),
  );
  printFigures('load average', [
    ['before', loadBefore.join(' ')],
    ['at the end', loadEnd.join(' ')],
  ]);
  await cleanUp();
  report('contest-day', result);
  process.exit(0);
}

function nonZero(e: Record<string, Record<string, number>>) {
  const out: Record<string, Record<string, number>> = {};
  for (const [k, v] of Object.entries(e)) {
    const kinds = Object.fromEntries(Object.entries(v).filter(([, n]) => n > 0));
    if (Object.keys(kinds).length) out[k] = kinds;
  }
  return out;
}

main().catch(async (err: unknown) => {
  console.error(err);
  await cleanUp();
  process.exit(1);
});

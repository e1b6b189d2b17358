// More than one machine (issue #22 item 8): PostgreSQL and NATS on one "host", two API processes,
// two push gateways and two judge runners each on a host of its own — Linux network namespaces
// joined by a bridge this test makes (netns.ts) — and the test itself as a client on that bridge.
// Each process gets its own data and temp directories and only the environment listed here (no
// localhost: the namespaces' loopback is down and their only route is the bridge's subnet). A
// contest is created through API 1, contestants submit through API 2, and sockets on the gateways
// get every verdict and the rank pushes. Then every process's TCP connections are read (ss) and
// must all be between addresses of the bridge. Everything is removed afterwards, also on failure.
// Needs root (namespaces, a bridge, the judge sandbox), iproute2, util-linux, PostgreSQL's Debian
// binaries and nats-server.
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { JudgeStatus } from '@oj/protocol';
import {
  ClientEvents,
  ServerEvents,
  type ContestRankChanged,
  type SubmissionUpdate,
  type SubscribeAck,
} from '@oj/protocol/realtime/events';
import type { AcmRankRow } from '@oj/protocol/contest/scoreboard';
import { Client } from '../e2e/harness';
import { FINAL, PROGRAMS, Proc, ensureBuilt, repoRoot, until } from '../faults/cluster';
import { PrivateNetwork, leftovers, type Host } from './netns';

const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;
const ROOT_PASSWORD = 'multihost-root-1';
const PG_PORT = 5432;
const NATS_PORT = 4222;
const API_PORT = 8080;
const GATEWAY_PORT = 8081;
const NATS_PREFIX = 'multihost';

const isRoot = process.getuid?.() === 0;

function postgresBin(): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  const bin = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((d) => existsSync(`${d}/postgres`));
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  return bin;
}

/** A socket.io client on one gateway, recording what it is pushed. */
class Viewer {
  readonly updates: SubmissionUpdate[] = [];
  readonly ranks: ContestRankChanged[] = [];
  readonly socket: Socket;
  constructor(url: string, token: string) {
    this.socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    this.socket.on(ServerEvents.submissionUpdated, (u: SubmissionUpdate) => this.updates.push(u));
    this.socket.on(ServerEvents.contestRank, (r: ContestRankChanged) => this.ranks.push(r));
  }
  async connected(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }
  async subscribeContest(cid: number): Promise<SubscribeAck> {
    return (await this.socket.timeout(20_000).emitWithAck(ClientEvents.subscribeContest, {
      cid,
      view: { page: 1, size: 50, removeStar: false, containsEnd: false, outside: false },
    })) as SubscribeAck;
  }
  /** The final verdict pushed for a submission, if any. */
  verdict(submitId: number): number | undefined {
    return this.updates.find((u) => u.submitId === submitId && u.reason === 'result' && FINAL(u.status))
      ?.status;
  }
  /** The contestant's row as the last rank push that carried it shows it (real board). */
  pushedRow(uid: string): AcmRankRow | undefined {
    let row: AcmRankRow | undefined;
    for (const r of this.ranks)
      for (const d of r.boards ?? [])
        if (d.variant === 'real' && d.row && d.row.uid === uid) row = d.row as AcmRankRow;
    return row;
  }
}

describe.skipIf(!isRoot)('several hosts: data, 2 API, 2 gateways, 2 runners in network namespaces', () => {
  let net: PrivateNetwork | undefined;
  const procs: Proc[] = [];
  const dirs: string[] = [];
  const viewers: Viewer[] = [];
  const hosts = {} as Record<'data' | 'api1' | 'api2' | 'gw1' | 'gw2' | 'run1' | 'run2', Host>;
  const started = Date.now();
  let apiUrl: string[] = [];
  let gatewayUrl: string[] = [];
  let passed = false;

  const workDir = (name: string) => {
    const d = mkdtempSync(join(tmpdir(), `oj-multihost-${name}-`));
    dirs.push(d);
    return d;
  };

  /** A process on `host`: its argv run there, with exactly `env`. */
  const start = (name: string, host: Host, argv: string[], env?: Record<string, string>) => {
    const [cmd, args] = net!.command(host, argv, env);
    const p = new Proc(name, cmd, args, {}).start();
    procs.push(p);
    return p;
  };

  /** A server bundle on `host`, with its own HOME, TMPDIR and OJ_DATA_DIR and nothing else shared. */
  const startNode = (name: string, host: Host, bundle: string, env: Record<string, string>) => {
    const own = workDir(name);
    for (const sub of ['tmp', 'data']) mkdirSync(join(own, sub));
    // As on a host: the judge sandbox's uid must be able to pass through to its slot directories.
    chmodSync(own, 0o755);
    chmodSync(join(own, 'tmp'), 0o1777);
    return start(name, host, [process.execPath, '--enable-source-maps', join(repoRoot, bundle)], {
      PATH: process.env.PATH ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      HOME: own,
      TMPDIR: join(own, 'tmp'),
      OJ_DATA_DIR: join(own, 'data'),
      LOG_LEVEL: 'info',
      ...env,
    });
  };

  beforeAll(async () => {
    ensureBuilt();
    net = new PrivateNetwork();
    const octets = { data: 2, api1: 11, api2: 12, gw1: 21, gw2: 22, run1: 31, run2: 32 } as const;
    for (const [role, octet] of Object.entries(octets))
      hosts[role as keyof typeof octets] = net.addHost(role, octet);
    const data = hosts.data.addr;

    // The data host: a private PostgreSQL cluster (initdb in a temp dir, run as postgres) and a
    // private nats-server with JetStream, both listening on the data host's address only.
    const pgDir = workDir('pg');
    chownSync(pgDir, ...postgresIds());
    const asPostgres = ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', '--'];
    const bin = postgresBin();
    const initdb = new Proc(
      'initdb',
      asPostgres[0]!,
      [
        ...asPostgres.slice(1),
        `${bin}/initdb`,
        '-D',
        join(pgDir, 'db'),
        '-A',
        'trust',
        '-U',
        'postgres',
        '--no-sync',
      ],
      {},
    ).start();
    const natsDir = workDir('nats');
    const nats = start('nats', hosts.data, [
      'nats-server',
      '-js',
      '-a',
      data,
      '-p',
      String(NATS_PORT),
      '-sd',
      natsDir,
    ]);
    await nats.waitFor(/Server is ready/, 30_000);
    // The runners need nothing but NATS: they start now and get ready (sandbox helper, language
    // probes) while the database is prepared.
    const runners = [hosts.run1, hosts.run2].map((h) =>
      startNode(h.role, h, 'dist/judge-runner/main.js', {
        NATS_URL: `nats://${data}:${NATS_PORT}`,
        OJ_NATS_PREFIX: NATS_PREFIX,
        OJ_JUDGE_NAME: `multihost-${h.role}`,
        OJ_JUDGE_CONCURRENCY: '1',
      }),
    );
    const initdbCode = await new Promise<number | null>((resolve) =>
      initdb.alive ? initdb.child!.once('exit', (code) => resolve(code)) : resolve(initdb.child!.exitCode),
    );
    expect(initdbCode, initdb.output).toBe(0);
    appendFileSync(join(pgDir, 'db', 'pg_hba.conf'), `host all all ${net.subnet} trust\n`);
    const postgres = start('postgres', hosts.data, [
      ...asPostgres,
      `${bin}/postgres`,
      '-D',
      join(pgDir, 'db'),
      '-p',
      String(PG_PORT),
      '-c',
      `listen_addresses=${data}`,
      '-c',
      `unix_socket_directories=${pgDir}`,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
    ]);
    await postgres.waitFor(/database system is ready to accept connections/, 60_000);
    const dataUp = Date.now() - started;

    const common = {
      DATABASE_URL: `postgres://postgres@${data}:${PG_PORT}/postgres`,
      NATS_URL: `nats://${data}:${NATS_PORT}`,
      OJ_NATS_PREFIX: NATS_PREFIX,
    };
    const apiEnv = (host: Host) => ({
      ...common,
      HOST: host.addr,
      PORT: String(API_PORT),
      OJ_ROOT_PASSWORD: ROOT_PASSWORD,
      OJ_ATTACH_GATEWAY: 'false',
      // A loaded test machine's event-loop lag must not shed the few requests made here.
      OJ_SHED_MAX_LAG_MS: '0',
    });
    // API 1 migrates and seeds alone (its JWT secret is generated into the database); then the rest.
    const api1 = startNode('api1', hosts.api1, 'dist/services/api.js', apiEnv(hosts.api1));
    await api1.waitFor(/listening on/, 120_000);
    const api1Up = Date.now() - started;
    const api2 = startNode('api2', hosts.api2, 'dist/services/api.js', apiEnv(hosts.api2));
    const gateways = [hosts.gw1, hosts.gw2].map((h) =>
      startNode(h.role, h, 'dist/services/gateway.js', {
        ...common,
        HOST: h.addr,
        OJ_GATEWAY_PORT: String(GATEWAY_PORT),
      }),
    );
    await api2.waitFor(/listening on/, 120_000);
    for (const g of gateways) await g.waitFor(/push gateway listening/, 60_000);
    for (const r of runners) await r.waitFor(/ready:/, 120_000);
    apiUrl = [hosts.api1, hosts.api2].map((h) => `http://${h.addr}:${API_PORT}`);
    gatewayUrl = [hosts.gw1, hosts.gw2].map((h) => `http://${h.addr}:${GATEWAY_PORT}`);
    console.log(
      `[multihost] ${net.subnet}: data host up after ${dataUp} ms, API 1 (migrated) ${api1Up} ms, all ${Date.now() - started} ms`,
    );
  }, 300_000);

  afterAll(async () => {
    for (const v of viewers) v.socket.close();
    if (!passed) {
      // Each process's whole output, for the failure's story (CI keeps artifacts/).
      const logs = join(repoRoot, 'artifacts', 'multihost-logs');
      mkdirSync(logs, { recursive: true });
      for (const p of procs) writeFileSync(join(logs, `${p.name}.log`), p.output);
      console.log(`[multihost] failed: the processes' output is in ${logs}`);
    }
    // Stopped in reverse: runners, gateways, APIs, then the data host (postgres: fast shutdown).
    for (const p of [...procs].reverse()) {
      const signal = p.name === 'postgres' ? 'SIGINT' : 'SIGTERM';
      const kill = setTimeout(() => p.child?.kill('SIGKILL'), 15_000);
      await p.stop(signal).catch(() => undefined);
      clearTimeout(kill);
    }
    net?.dispose();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it('a contest judged and pushed across the hosts, all traffic on the bridge', async () => {
    // Root, through API 1: two contestants, submissions back to back, a running ACM contest with
    // problem 1000 as A.
    const root = new Client(apiUrl[0]!);
    await root.login('root', ROOT_PASSWORD);
    const call = async <T>(c: Client, method: string, path: string, body?: unknown) => {
      const r = await c.call<T>(method, path, body);
      expect(r.status, `${method} ${path}: ${r.msg}`).toBe(200);
      return r.data;
    };
    const names = [`mh${process.pid}a`, `mh${process.pid}b`];
    await call(root, 'POST', '/api/admin/user/insert-batch-user', {
      users: names.map((n) => [n, 'contestant-1']),
    });
    const switches = await call<Record<string, unknown>>(root, 'GET', '/api/admin/switch/info');
    await call(root, 'PUT', '/api/admin/switch/update', { ...switches, defaultSubmitInterval: 0 });
    const problems = await call<{ records: { id: number; problemId: string }[] }>(
      root,
      'GET',
      '/api/admin/problem/get-problem-list?keyword=1000&limit=50',
    );
    const pid = problems.records.find((r) => r.problemId === '1000')!.id;
    const title = `multihost ${process.pid}`;
    const now = Date.now();
    await call(root, 'POST', '/api/admin/contest', {
      title,
      description: 'several hosts',
      type: 0,
      auth: 0,
      startTime: new Date(now - 60_000).toISOString(),
      endTime: new Date(now + 3 * 3600_000).toISOString(),
      duration: 3 * 3600 + 60,
      sealRank: false,
      sealRankTime: null,
      autoRealRank: true,
      openRank: true,
      openPrint: false,
      allowEndSubmit: false,
      rankShowName: 'username',
      oiRankScoreType: 'Recent',
      starAccount: [],
      awardType: 0,
      awardConfigList: [],
      openAccountLimit: false,
      visible: true,
      uid: '1',
      author: 'root',
    });
    const contests = await call<{ records: { id: number; title: string }[] }>(
      root,
      'GET',
      `/api/admin/contest/get-contest-list?keyword=${encodeURIComponent(title)}&limit=50`,
    );
    const cid = contests.records.find((r) => r.title === title)!.id;
    await call(root, 'POST', '/api/admin/contest/add-problem-from-public', { cid, pid, displayId: 'A' });

    // Root opens the board through API 1 (as the admin pages do), which makes API 1 its holder.
    await call(root, 'POST', '/api/get-contest-rank', rankPage(cid));

    // The contestants sign in through API 2; each watches through a gateway of its own.
    const contestants: { client: Client; uid: string; viewer: Viewer }[] = [];
    for (const [i, name] of names.entries()) {
      const client = new Client(apiUrl[1]!);
      const login = await client.call<{ uid: string }>('POST', '/api/login', {
        username: name,
        password: 'contestant-1',
      });
      expect(login.status, login.msg).toBe(200);
      const viewer = new Viewer(gatewayUrl[i]!, client.token!);
      viewers.push(viewer);
      await viewer.connected();
      const ack = await viewer.subscribeContest(cid);
      expect(ack).toMatchObject({ ok: true });
      // The ack carries the page, read from the holder on API 1's host by the gateway over NATS.
      expect(ack.ok && ack.snapshot?.version, `snapshot in ${JSON.stringify(ack)}`).toMatch(/^real\//);
      contestants.push({ client, uid: login.data.uid, viewer });
    }

    // Submissions through API 2: a wrong answer then a right one each, and one more of each.
    const plan: [number, string, number][] = [
      [0, PROGRAMS.wa, WA],
      [1, PROGRAMS.ac, AC],
      [0, PROGRAMS.ac, AC],
      [1, PROGRAMS.wa, WA],
      [0, PROGRAMS.wa, WA],
      [1, PROGRAMS.ac, AC],
    ];
    const expected = new Map<number, { who: number; verdict: number }>();
    for (const [who, code, verdict] of plan) {
      const r = await contestants[who]!.client.call<{ submitId: number }>(
        'POST',
        '/api/submit-problem-judge',
        {
          pid: 'A',
          language: 'Python3',
          code,
          cid,
          isRemote: false,
        },
      );
      expect(r.status, r.msg).toBe(200);
      expected.set(r.data.submitId, { who, verdict });
    }

    // Every verdict reaches its contestant's socket, right, by push.
    const ids = [...expected.keys()];
    await until(
      () => ids.map((id) => contestants[expected.get(id)!.who]!.viewer.verdict(id)),
      (v) => v.every((s) => s !== undefined),
      'every verdict pushed',
      120_000,
      100,
    );
    for (const [id, { who, verdict }] of expected) {
      const got = contestants[who]!.viewer.verdict(id);
      if (got !== verdict) {
        const d = await contestants[who]!.client.call('GET', `/api/get-submission-detail?submitId=${id}`);
        console.log(`[multihost] submission ${id}: ${JSON.stringify(d).slice(0, 2000)}`);
      }
      expect(got, `submission ${id}`).toBe(verdict);
      const judger = contestants[who]!.viewer.updates.find(
        (u) => u.submitId === id && u.reason === 'result',
      )?.judger;
      expect(['multihost-run1', 'multihost-run2']).toContain(judger);
    }
    // Both gateways relay the board: each socket sees both contestants with A solved (one
    // board holder, its deltas fanned out by NATS to every gateway).
    for (const { viewer } of contestants)
      await until(
        () => ({
          acs: contestants.map((c) => viewer.pushedRow(c.uid)?.ac),
          pushes: viewer.ranks.map((r) => (r.boards ?? []).map((b) => `${b.variant}:${b.row?.uid ?? '-'}`)),
        }),
        ({ acs }) => acs.every((ac) => ac === 1),
        'rank pushes showing both contestants with A solved',
        30_000,
        50,
      );
    // One holder, one epoch: each socket's real-board deltas chain, version to version.
    for (const { viewer } of contestants) {
      const real = viewer.ranks.flatMap((r) => (r.boards ?? []).filter((b) => b.variant === 'real'));
      expect(real.length).toBeGreaterThan(0);
      for (let i = 1; i < real.length; i++)
        expect(real[i]!.prevVersion, `delta ${i} of ${JSON.stringify(real.map((d) => d.version))}`).toBe(
          real[i - 1]!.version,
        );
    }
    // And the board as read through API 1 agrees.
    const rank = await call<{ records: AcmRankRow[] }>(root, 'POST', '/api/get-contest-rank', rankPage(cid));
    for (const c of contestants) {
      const row = rank.records.find((r) => r.uid === c.uid);
      expect(row, `rank row of ${c.uid}`).toMatchObject({ ac: 1 });
    }

    // No route leaves the bridge's subnet, and every TCP connection of every host is between
    // bridge addresses: every role talks to NATS on the data host, the runners never to PostgreSQL.
    const n = net!;
    for (const host of Object.values(hosts)) {
      const routes = n.routes(host);
      expect(
        routes.filter((r) => r.startsWith('default')),
        `${host.role} routes`,
      ).toEqual([]);
      for (const r of routes.filter((l) => !l.startsWith('fe80::') && !l.startsWith('multicast')))
        expect(r.startsWith(n.subnet), `${host.role} route ${r}`).toBe(true);
      const conns = n.connections(host);
      for (const c of conns) {
        expect(n.inSubnet(c.local), `${host.role}: ${JSON.stringify(c)}`).toBe(true);
        expect(n.inSubnet(c.peer), `${host.role}: ${JSON.stringify(c)}`).toBe(true);
      }
      const to = (port: number) => conns.some((c) => c.peer === hosts.data.addr && c.peerPort === port);
      if (host.role === 'data') continue;
      expect(to(NATS_PORT), `${host.role} talks to NATS`).toBe(true);
      // A gateway's few pool connections close when idle: only the API (board lease renewals)
      // keeps one open for sure, and a runner never has one.
      if (host.role.startsWith('api')) expect(to(PG_PORT), `${host.role} talks to PostgreSQL`).toBe(true);
      if (host.role.startsWith('run')) expect(to(PG_PORT), `${host.role} talks to PostgreSQL`).toBe(false);
    }
    // And the isolation itself, each probe checked from the root namespace first so it could
    // succeed: a listener on every address of this machine is reached through its outside address
    // from the root namespace but not from a role's host, nor is this machine's own PostgreSQL or
    // NATS on 127.0.0.1; the data host's NATS is.
    const outside = machineAddress();
    const probe = createServer((sock) => sock.destroy());
    await new Promise<void>((resolve) => probe.listen(0, '0.0.0.0', resolve));
    const probePort = (probe.address() as AddressInfo).port;
    try {
      const local = [5432, 4222].filter((port) => n.canConnect('root', '127.0.0.1', port));
      if (outside) expect(n.canConnect('root', outside, probePort), `root → ${outside}`).toBe(true);
      for (const host of [hosts.run1, hosts.api2, hosts.gw1]) {
        expect(n.canConnect(host, hosts.data.addr, NATS_PORT), `${host.role} → data NATS`).toBe(true);
        for (const port of local)
          expect(n.canConnect(host, '127.0.0.1', port), `${host.role} → 127.0.0.1:${port}`).toBe(false);
        if (outside)
          expect(n.canConnect(host, outside, probePort), `${host.role} → ${outside}:${probePort}`).toBe(
            false,
          );
      }
    } finally {
      probe.close();
    }
    passed = true;
    console.log(`[multihost] judged ${ids.length} submissions; ${Date.now() - started} ms since start`);
  }, 240_000);
});

/** An IPv4 address of this machine outside the bridge (its first non-loopback interface), if any. */
function machineAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? [])
      if (a.family === 'IPv4' && !a.internal && !a.address.startsWith('10.231.')) return a.address;
  return undefined;
}

function rankPage(cid: number) {
  return {
    cid,
    currentPage: 1,
    limit: 50,
    forceRefresh: false,
    removeStar: false,
    concernedList: [],
    containsEnd: false,
  };
}

function postgresIds(): [number, number] {
  const r = /^postgres:[^:]*:(\d+):(\d+):/m.exec(readFileSync('/etc/passwd', 'utf8'));
  if (!r) throw new Error('no postgres user (PostgreSQL server package not installed?)');
  return [Number(r[1]), Number(r[2])];
}

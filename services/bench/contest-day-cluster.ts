// Contest-day bench (issue #22.7): the platform as real processes, the way test/faults/cluster.ts
// starts them (compiled bundles): A API processes, G standalone gateways and judge runners, on a
// fresh PostgreSQL database and the machine's NATS (127.0.0.1:4222 unless NATS_URL) under a
// stream/subject prefix of this run only. `dispose` stops every process, drops the database and
// deletes the run's streams (key-value and object buckets are streams too); it is safe to call
// twice and after a partial start.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  answering,
  apiProcess,
  ensureBuilt,
  freePort,
  gatewayProcess,
  runnerProcess,
  type Proc,
} from '../test/faults/cluster';
import { freshPostgres } from './support';

export const ROOT_PASSWORD = 'contest-day-root';

export interface ClusterOptions {
  apis: number;
  gateways: number;
  runners: number;
  /** Contestants (the per-address sign-in budget must let them all in from 127.0.0.1). */
  contestants: number;
  /** The runners' OJ_JUDGE_PREFETCH (unset: the runner's default). */
  prefetch?: number;
}

export interface Cluster {
  prefix: string;
  natsUrl: string;
  databaseUrl: string;
  apiBases: string[];
  gatewayUrls: string[];
  procs: Proc[];
  dispose(): Promise<void>;
}

/** `track` gets the cluster before anything starts, so a Ctrl-C during the start still disposes it. */
export async function startCluster(
  opts: ClusterOptions,
  log: (s: string) => void,
  track?: (c: Cluster) => void,
): Promise<Cluster> {
  ensureBuilt();
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const prefix = `cday_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const database = await freshPostgres();
  const cacheDir = mkdtempSync(join(tmpdir(), 'oj-contest-day-'));
  // The runner's sandboxed processes reach their work and cache directories under it.
  chmodSync(cacheDir, 0o755);
  const procs: Proc[] = [];
  let disposed = false;
  const cluster: Cluster = {
    prefix,
    natsUrl,
    databaseUrl: database.url,
    apiBases: [],
    gatewayUrls: [],
    procs,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await Promise.all(procs.map((p) => p.stop().catch(() => undefined)));
      await database.drop().catch((err: unknown) => log(`dropping the database failed: ${String(err)}`));
      await deleteStreams(natsUrl, prefix).catch((err: unknown) =>
        log(`deleting the streams of ${prefix} failed: ${String(err)}`),
      );
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
  track?.(cluster);
  try {
    const env = {
      DATABASE_URL: database.url,
      NATS_URL: natsUrl,
      OJ_NATS_PREFIX: prefix,
      OJ_ROOT_PASSWORD: ROOT_PASSWORD,
      OJ_ATTACH_GATEWAY: 'false',
      LOG_LEVEL: 'warn',
      OJ_DATA_DIR: join(cacheDir, 'data'),
      // Every contestant signs in from 127.0.0.1: the per-address budget is not what is measured.
      OJ_LOGINS_PER_IP: String(opts.contestants * 2 + 100),
    };
    // The first API process migrates and seeds alone; then the others join.
    for (let i = 0; i < opts.apis; i++) {
      const port = await freePort();
      const p = apiProcess(`api-${i}`, port, env).start();
      procs.push(p);
      cluster.apiBases.push(`http://127.0.0.1:${port}`);
      await answering(cluster.apiBases[i]!, 300_000);
    }
    for (let i = 0; i < opts.gateways; i++) {
      const port = await freePort();
      const p = gatewayProcess(`gateway-${i}`, port, { ...env, LOG_LEVEL: 'info' }).start();
      procs.push(p);
      cluster.gatewayUrls.push(`http://127.0.0.1:${port}`);
      await p.waitFor(/push gateway listening/, 120_000);
    }
    for (let i = 0; i < opts.runners; i++) {
      const p = runnerProcess(`cday-runner-${i}`, {
        ...env,
        LOG_LEVEL: 'info',
        // A cache of its own: nothing compiled by an earlier run is reused.
        OJ_JUDGE_CACHE_DIR: join(cacheDir, `cache-${i}`),
        OJ_JUDGE_WORK_DIR: join(cacheDir, `work-${i}`),
      });
      // One runner judges one task per core; two share the cores.
      p.env.OJ_JUDGE_CONCURRENCY = String(opts.runners === 1 ? availableParallelism() : 1);
      if (opts.prefetch !== undefined) p.env.OJ_JUDGE_PREFETCH = String(opts.prefetch);
      p.start();
      procs.push(p);
      await p.waitFor(/ready:/, 180_000);
    }
    log(
      `cluster up: ${opts.apis} API, ${opts.gateways} gateway(s), ${opts.runners} runner(s); NATS prefix ${prefix}`,
    );
    return cluster;
  } catch (err) {
    for (const p of procs)
      log(`${p.name} (${p.alive ? 'running' : 'exited'}) said:\n${p.output.slice(-2000)}`);
    await cluster.dispose();
    throw err;
  }
}

/** Deletes every JetStream stream of the run (its queues, its key-value and object buckets). */
async function deleteStreams(natsUrl: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: natsUrl, name: 'contest-day-cleanup' });
  try {
    const jsm = await jetstreamManager(nc);
    const names: string[] = [];
    for await (const s of jsm.streams.list()) if (s.config.name.includes(prefix)) names.push(s.config.name);
    for (const n of names) await jsm.streams.delete(n);
  } finally {
    await nc.close();
  }
}

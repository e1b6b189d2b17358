/**
 * Judge runner entry point. Env: NATS_URL (required), OJ_JUDGE_NAME (default: host-pid),
 * OJ_JUDGE_CONCURRENCY (default: CPU count), OJ_JUDGE_WORK_DIR, OJ_JUDGE_CACHE_DIR,
 * OJ_NATS_PREFIX (namespace shared by every process of a deployment), OJ_JUDGE_HEALTH_FILE (touched
 * after each heartbeat that reached NATS, for a container health check), OJ_CASE_PARALLELISM (cases of
 * one submission judged at once in idle slots, default the concurrency), OJ_JUDGE_TESTDATA_MEMORY_MB (expected outputs kept in
 * memory, default 256), OJ_JUDGE_PREFETCH (tasks taken and claimed ahead of a free judging slot,
 * default the concurrency; 0: only when a slot is free).
 */
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { createNatsBlobStore, createNatsBus, natsNamespace } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol/subjects';
import { startRunner } from './runner';

function positiveInt(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}

async function main(): Promise<void> {
  const natsUrl = process.env.NATS_URL;
  if (!natsUrl) throw new Error('NATS_URL is required (e.g. nats://127.0.0.1:4222)');
  const name = process.env.OJ_JUDGE_NAME || `${hostname()}-${process.pid}`;
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    throw new Error('OJ_JUDGE_NAME may only contain letters, digits, "_" and "-"');
  const concurrency = positiveInt('OJ_JUDGE_CONCURRENCY', process.env.OJ_JUDGE_CONCURRENCY);
  const ns = natsNamespace(process.env.OJ_NATS_PREFIX);
  // Touched after every heartbeat that reached NATS: the judge image's health check reads it.
  const healthFile = process.env.OJ_JUDGE_HEALTH_FILE || undefined;
  const bus = await createNatsBus({ servers: natsUrl, name: `judge-${name}`, ...ns });
  // A blob missing from the bucket (a wiped NATS server) is put back by a service from its durable copy.
  const blobs = await createNatsBlobStore({
    servers: natsUrl,
    bucket: ns.bucket,
    restore: (hash) =>
      bus.request<boolean>(Subjects.blobRestore, { hash }, { timeoutMs: 30_000 }).catch((err: unknown) => {
        console.error(`[judge ${name}] restoring blob ${hash} failed: ${(err as Error).message}`);
        return false;
      }),
  });
  const runner = await startRunner({
    bus,
    blobs,
    name,
    concurrency,
    workDir: process.env.OJ_JUDGE_WORK_DIR || undefined,
    cacheDir: process.env.OJ_JUDGE_CACHE_DIR || undefined,
    onHeartbeat: healthFile ? () => writeFileSync(healthFile, `${Date.now()}\n`) : undefined,
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[judge ${name}] ${signal}: draining ${runner.inFlight()} task(s)`);
    await runner.stop();
    await blobs.close();
    await bus.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(`[judge] fatal: ${(err as Error).message}`);
  process.exit(1);
});

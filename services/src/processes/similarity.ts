// A similarity worker of the cluster (issue #28): takes analyses from `oj.queue.similarity`,
// compares the submissions and stores the report; progress goes to the starter's screen over the
// bus. Needs DATABASE_URL and NATS_URL (the API process migrates; migrating here is idempotent).
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createNatsBus, createNatsBlobStore, natsNamespace } from '@oj/protocol/bus';
import { loadConfig } from '../platform/config';
import { createDatabase, migrateToLatest } from '../platform/db';
import { runMain } from '../serve';
import { createSimilarityCapability } from '../judge/similarity';

runMain(async () => {
  const config = loadConfig();
  if (!config.databaseUrl || !config.natsUrl) {
    throw new Error('a similarity process needs DATABASE_URL and NATS_URL (npm start runs it in-process)');
  }
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  const database = await createDatabase({ url: config.databaseUrl, maxConnections: 3, log });
  await migrateToLatest(database.db);
  const ns = natsNamespace(process.env.OJ_NATS_PREFIX);
  const bus = await createNatsBus({ servers: config.natsUrl, name: 'oj-similarity', ...ns });
  const blobs = await createNatsBlobStore({ servers: config.natsUrl, bucket: ns.bucket });
  // OJ_SIMILARITY_ACK_MS: redelivery after a crash (default 30 s); the delay is a test hook.
  const ackDeadlineMs = Number(process.env.OJ_SIMILARITY_ACK_MS) || undefined;
  const groupDelayMs = Number(process.env.OJ_SIMILARITY_GROUP_DELAY_MS) || undefined;
  const similarity = createSimilarityCapability(
    { config, db: database.db, bus, blobs, log },
    { worker: true, workerOptions: { ackDeadlineMs, groupDelayMs } },
  );
  await similarity.start!();
  log.info('similarity worker started');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 15_000).unref();
    await similarity.stop!();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
});

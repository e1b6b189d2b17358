// A remote-judge worker of the cluster (issue #17): takes remote submissions from
// `oj.queue.remote-judge`, judges them on the remote judges through the account pool, and hands
// verdicts to the API processes' result consumer. Needs DATABASE_URL and NATS_URL (the API
// process migrates the database; this one waits for the remote judge's tables).
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createNatsBus, createNatsBlobStore, natsNamespace } from '@oj/protocol/bus';
import { loadConfig } from '../platform/config';
import { createDatabase, migrateToLatest } from '../platform/db';
import { runMain } from '../serve';
import { createRemoteJudgeCapability } from '../judge/remote';

runMain(async () => {
  const config = loadConfig();
  if (!config.databaseUrl || !config.natsUrl) {
    throw new Error('a remote-judge process needs DATABASE_URL and NATS_URL (npm start runs it in-process)');
  }
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  const database = await createDatabase({ url: config.databaseUrl, maxConnections: 5, log });
  await migrateToLatest(database.db);
  const ns = natsNamespace(process.env.OJ_NATS_PREFIX);
  const bus = await createNatsBus({ servers: config.natsUrl, name: 'oj-remote-judge', ...ns });
  const blobs = await createNatsBlobStore({ servers: config.natsUrl, bucket: ns.bucket });
  const remote = createRemoteJudgeCapability({ config, db: database.db, bus, blobs, log }, { worker: true });
  await remote.start!();
  log.info('remote-judge worker started');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 15_000).unref();
    await remote.stop!();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
});

// The push gateway in its own process (cluster mode): authenticates sockets against the
// shared database, relays domain events from NATS, and asks the judge service over the
// bus who may watch what. Start several behind a load balancer with sticky sessions.
// Needs DATABASE_URL and NATS_URL; listens on OJ_GATEWAY_PORT (default 8081).
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createNatsBlobStore, createNatsBus, natsNamespace } from '@oj/protocol/bus';
import { loadConfig } from '../platform/config';
import { createDatabase } from '../platform/db/index';
import type { AppContext } from '../platform/context';
import { createAccountCapability } from '../account/index';
import { createGateway, remoteWatchPolicy } from './index';
import { startProcessBeacon } from '../admin/live';

function gatewayPort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8081;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`OJ_GATEWAY_PORT must be a port number, got "${raw}"`);
  return port;
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl || !config.natsUrl) {
    throw new Error(
      'a standalone gateway needs DATABASE_URL and NATS_URL (the one-process start attaches its own gateway)',
    );
  }
  const port = gatewayPort(process.env.OJ_GATEWAY_PORT);
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  const ns = natsNamespace(process.env.OJ_NATS_PREFIX);
  // Opened together: a restarted gateway serves its clients again sooner (issue #11).
  const [database, bus, blobs] = await Promise.all([
    createDatabase({ url: config.databaseUrl, log, maxConnections: 4 }),
    createNatsBus({ servers: config.natsUrl, name: 'oj-gateway', ...ns }),
    createNatsBlobStore({ servers: config.natsUrl, bucket: ns.bucket }),
  ]);
  const ctx: AppContext = { config, db: database.db, bus, blobs, log };
  // Only its authenticator is used: no routes, no background work.
  const account = createAccountCapability(ctx);
  const gateway = await createGateway({
    port,
    host: config.host,
    bus,
    authenticator: account.authenticator,
    judge: remoteWatchPolicy(bus),
    log,
  });
  log.info(`push gateway listening on ${config.host}:${gateway.port}`);
  // Service info on the admin dashboard lists this process (memory, uptime).
  const stopBeacon = startProcessBeacon(bus, 'gateway', `gateway-${process.pid}`, 5000, () => ({
    sockets: gateway.io.engine.clientsCount,
  }));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopBeacon();
    await gateway.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

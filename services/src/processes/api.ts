// An API process of the cluster: REST API and the built web client on PORT, against
// DATABASE_URL and NATS_URL. Push is attached on the same port unless OJ_ATTACH_GATEWAY=false
// (when a load balancer sends /socket.io to standalone gateways: services/src/gateway/main.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../platform/config';
import { createPlatform } from '../platform/compose';
import { seedPlatform } from '../platform/seed';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl || !config.natsUrl) {
    throw new Error(
      'an API process of the cluster needs DATABASE_URL and NATS_URL (npm start runs everything in one process)',
    );
  }
  const platform = await createPlatform({
    config,
    webRoot: path.resolve(here, '../../../web/dist'),
    attachGateway: process.env.OJ_ATTACH_GATEWAY !== 'false',
  });
  await seedPlatform(platform.ctx);
  await platform.app.listen({ port: config.port, host: config.host });
  platform.ctx.log.info(`API process ${process.pid} listening on ${config.host}:${config.port}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 15_000).unref();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

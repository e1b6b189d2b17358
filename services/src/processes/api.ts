// An API process of the cluster: REST API and the built web client on PORT, against
// DATABASE_URL and NATS_URL. Push is attached on the same port unless OJ_ATTACH_GATEWAY=false
// (when a load balancer sends /socket.io to standalone gateways: services/src/gateway/main.ts).
import { loadConfig } from '../platform/config';
import { runMain, serve } from '../serve';

runMain(async () => {
  const config = loadConfig();
  if (!config.databaseUrl || !config.natsUrl) {
    throw new Error(
      'an API process of the cluster needs DATABASE_URL and NATS_URL (npm start runs everything in one process)',
    );
  }
  await serve({
    config,
    attachGateway: process.env.OJ_ATTACH_GATEWAY !== 'false',
    embeddedJudge: false,
    describe: `API process ${process.pid}`,
  });
});

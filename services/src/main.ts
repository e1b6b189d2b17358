// One-process start: the whole platform (API, web client, push gateway, judge runner)
// on the embedded defaults, or against DATABASE_URL / NATS_URL when they are set.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './platform/config';
import { createPlatform } from './platform/compose';
import { seedPlatform } from './platform/seed';
import { startEmbeddedJudge } from './platform/embedded-judge';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  const platform = await createPlatform({
    config,
    webRoot: path.resolve(here, '../../web/dist'),
    attachGateway: true,
  });
  const log = platform.ctx.log;
  await seedPlatform(platform.ctx);
  const judge = await startEmbeddedJudge(platform.ctx);
  await platform.app.listen({ port: config.port, host: config.host });
  log.info(`online judge listening on http://${config.host}:${config.port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await judge?.stop();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// Runs the platform as a process: compose, seed, listen, optionally the embedded judge runner,
// and stop everything in order on SIGTERM/SIGINT (forced exit after 15 s).
// Shared by the one-process start (main.ts) and the cluster's API processes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './platform/config';
import { createPlatform } from './compose';
import { startEmbeddedJudge } from './platform/embedded-judge';
import { setEmbeddedRunnerControl } from './admin';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface ServeOptions {
  config: Config;
  attachGateway: boolean;
  embeddedJudge: boolean;
  /** What the log says once listening. */
  describe: string;
}

export async function serve(opts: ServeOptions): Promise<void> {
  const { config } = opts;
  const platform = await createPlatform({
    config,
    webRoot: WEB_ROOT,
    attachGateway: opts.attachGateway,
    // The one-process start judges remote problems in-process (the cluster: processes/remote-judge.ts).
    remoteJudge: { worker: opts.embeddedJudge && process.env.OJ_EMBEDDED_REMOTE_JUDGE !== 'off' },
    // Similarity analyses too (the cluster: processes/similarity.ts).
    similarity: { worker: opts.embeddedJudge },
  });
  const log = platform.ctx.log;
  await platform.app.listen({ port: config.port, host: config.host });
  log.info(`${opts.describe} listening on http://${config.host}:${config.port}`);
  // The embedded runner starts once the site answers (its sandbox slots take a moment): submissions
  // made meanwhile wait in the durable queue (issue #11: a restarted one-process start answers sooner).
  let judge: Awaited<ReturnType<typeof startEmbeddedJudge>> = null;
  const judgeStarted = opts.embeddedJudge
    ? startEmbeddedJudge(platform.ctx).then((runner) => (judge = runner))
    : Promise.resolve(null);
  // Browser tests (OJ_TEST_HOOKS=1) stop and restart the embedded runner through the admin capability.
  let runnerStopped = false;
  void judgeStarted.then((runner) => {
    if (!runner) return;
    setEmbeddedRunnerControl({
      async stop() {
        if (runnerStopped) return;
        runnerStopped = true;
        await judge?.stop();
      },
      async start() {
        if (!runnerStopped) return;
        runnerStopped = false;
        judge = await startEmbeddedJudge(platform.ctx);
      },
    });
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 15_000).unref();
    await judgeStarted;
    await judge?.stop();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Entry-point wrapper: a start-up failure is printed and ends the process. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

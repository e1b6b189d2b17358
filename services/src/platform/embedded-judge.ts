// The one-process start runs a judge runner in the same process, on the same bus and blob store.
// The sandbox needs root, bubblewrap and cgroups; without them the platform still serves
// everything else and says loudly that submissions will wait for an external runner.
import path from 'node:path';
import { hostname } from 'node:os';
import { startRunner, type Runner } from '@oj/judge-runner';
import type { AppContext } from './context';

export async function startEmbeddedJudge(ctx: AppContext): Promise<Runner | null> {
  if (process.env.OJ_EMBEDDED_JUDGE === 'off') {
    ctx.log.info('embedded judge runner disabled (OJ_EMBEDDED_JUDGE=off)');
    return null;
  }
  try {
    const runner = await startRunner({
      bus: ctx.bus,
      blobs: ctx.blobs,
      name: `embedded-${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      // The work dir stays in the runner's default under the system temp dir: the sandbox uid
      // must be able to traverse every parent, which a private data dir may not allow.
      cacheDir: path.join(ctx.config.dataDir, 'judge', 'compile-cache'),
      blobCacheDir: path.join(ctx.config.dataDir, 'judge', 'blob-cache'),
      log: (msg) => ctx.log.info(`[judge] ${msg}`),
    });
    ctx.log.info(`embedded judge runner started (${runner.languages.available.size} languages)`);
    return runner;
  } catch (err) {
    ctx.log.error(
      `the embedded judge runner could not start: ${(err as Error).message}. ` +
        'Submissions will stay Pending until a judge runner (npm start -w @oj/judge-runner) joins the bus.',
    );
    return null;
  }
}

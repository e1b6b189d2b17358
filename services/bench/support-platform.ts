// The whole platform (what `npm start` composes) on a fresh PostgreSQL database, for the benches
// that measure it end to end over HTTP.
import { createPlatform } from '../src/compose';
import { loadConfig } from '../src/platform/config';
import { freshPostgres } from './support';

export const BENCH_ROOT_PASSWORD = 'bench-root-pass';

/** A fresh database and the platform on it (root's password BENCH_ROOT_PASSWORD, silent logs). */
export async function startBenchPlatform(
  dataDir: string,
  opts: { seedSamples?: boolean; env?: Record<string, string> } = {},
) {
  const database = await freshPostgres();
  const platform = await createPlatform({
    config: loadConfig({
      DATABASE_URL: database.url,
      OJ_ROOT_PASSWORD: BENCH_ROOT_PASSWORD,
      LOG_LEVEL: 'silent',
      OJ_DATA_DIR: dataDir,
      ...opts.env,
    }),
    ...(opts.seedSamples === undefined ? {} : { seedSamples: opts.seedSamples }),
  });
  return { database, platform };
}

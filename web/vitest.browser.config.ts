// Browser tests: real Chromium against the real platform (one-process start). See e2e/support/global-setup.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // One worker, one file at a time: the files share one platform and one browser.
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // a person waits a few seconds; a busy 2-core machine needs them too
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});

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
    // CI retries a failed test once; scripts/test-all.mjs lists every test that needed the retry
    // (with its first failure), so a flaky test is reported, not hidden.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // a person waits a few seconds; a busy 2-core machine needs them too
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});

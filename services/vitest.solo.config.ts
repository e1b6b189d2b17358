// Tests whose assertion is a time budget (the one-process start within 10 s) run alone,
// after the parallel suites, so other test files do not eat the budget.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.solo.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    // CI retries a failed test once; scripts/test-all.mjs lists every test that needed the retry
    // (with its first failure), so a flaky test is reported, not hidden.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
  },
});

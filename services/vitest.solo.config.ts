// Tests whose assertion is a time budget (the one-process start within 10 s) run alone,
// after the parallel suites, so other test files do not eat the budget.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.solo.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

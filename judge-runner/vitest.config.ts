import { defineConfig } from 'vitest/config';

// Integration tests really run programs in the sandbox: one file at a time on a shared 2-core machine.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    // CI retries a failed test once; scripts/test-all.mjs lists every test that needed the retry
    // (with its first failure), so a flaky test is reported, not hidden.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Timing-sensitive tests run alone afterwards (vitest.solo.config.ts).
    exclude: ['**/node_modules/**', '**/*.solo.test.ts'],
    // Forks isolate native modules (argon2, pg) and PGlite's WASM heap per file.
    pool: 'forks',
    // Integration tests start PGlite (seconds of WASM start-up) and real services.
    testTimeout: 30_000,
    // CI retries a failed test once; scripts/test-all.mjs lists every test that needed the retry
    // (with its first failure), so a flaky test is reported, not hidden.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

// Integration tests really run programs in the sandbox: one file at a time on a shared 2-core machine.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Forks isolate PGlite's WASM heap and argon2 per file, as in services.
    pool: 'forks',
    // The platform starts on PGlite (seconds of WASM start-up) and the generator reads 1 MB of JSON.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    retry: process.env.CI ? 1 : 0,
  },
});

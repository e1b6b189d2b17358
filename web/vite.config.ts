import { defineConfig } from 'vitest/config';

const backend = 'http://localhost:8080';

export default defineConfig({
  // esbuild/oxc handles JSX with the automatic runtime, so no React plugin is needed.
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
    exclude: ['**/*.int.test.*', 'node_modules/**'],
  },
});

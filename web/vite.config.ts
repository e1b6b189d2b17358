import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const backend = 'http://localhost:8080';

/** Blueprint's table of every icon name gives way to src/shell/icon-names.ts (see there). */
const lightIconNames: Plugin = {
  name: 'oj:light-icon-names',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (/^\.\/iconNames(\.js)?$/.test(source) && importer && /@blueprintjs[\\/]icons[\\/]/.test(importer))
      return fileURLToPath(new URL('./src/shell/icon-names.ts', import.meta.url));
    return null;
  },
};

export default defineConfig({
  plugins: [lightIconNames],
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
    rolldownOptions: {
      output: {
        // Fewer, larger chunks where a page always needs them together (issue #16): HTTP/1.1
        // gives a page six connections, so forty small chunks queue behind each other.
        codeSplitting: {
          groups: [
            {
              // the editor's core (every grammar and theme builds on it); grammars stay apart, and
              // the Lezer packages too (the submission page highlights code with them alone)
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror[\\/](view|state|language|commands|autocomplete|lint)|style-mod|w3c-keyname|crelt|@marijn)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
    exclude: ['**/*.int.test.*', 'node_modules/**'],
  },
});

#!/usr/bin/env node
// Compiles the server processes to JavaScript (issue #11): each entry is bundled with esbuild into
// dist/, our workspaces (@oj/*) included, every npm dependency left external (loaded from
// node_modules as usual). Production starts run these bundles with plain node; development and the
// tests keep running the TypeScript sources through tsx (the workspace exports are unchanged).
//
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when a source is newer than the last build
//
// Paths a module computes from its own location (import.meta.url: migrations, fixtures, the
// sandbox helper's C source, the web client) keep pointing at the sources: the bundler replaces
// import.meta.url with the URL of the source file it came from.
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');
const stamp = path.join(outdir, '.build-stamp');

/** dist/<name>.js ← source. Two levels below the root, like the sources' own entry points. */
export const ENTRIES = {
  'services/main': 'services/src/main.ts',
  'services/api': 'services/src/processes/api.ts',
  'services/gateway': 'services/src/gateway/main.ts',
  'services/cluster': 'services/src/cluster.ts',
  'judge-runner/main': 'judge-runner/src/main.ts',
  'services/remote-judge': 'services/src/processes/remote-judge.ts',
  'services/similarity': 'services/src/processes/similarity.ts',
  // Not a process: the password hashing pool's worker thread, found beside main.js and api.js.
  'services/password-worker': 'services/src/account/password-worker.ts',
};
const SOURCE_DIRS = ['protocol/src', 'services/src', 'judge-runner/src'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'scripts/build.mjs'];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.(ts|mts|json|c)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export function isStale() {
  if (!existsSync(stamp)) return true;
  for (const name of Object.keys(ENTRIES)) if (!existsSync(path.join(outdir, `${name}.js`))) return true;
  const built = statSync(stamp).mtimeMs;
  const inputs = [
    ...SOURCE_DIRS.map((d) => newestMtime(path.join(root, d))),
    ...INPUT_FILES.map((f) => (existsSync(path.join(root, f)) ? statSync(path.join(root, f)).mtimeMs : 0)),
  ];
  return Math.max(...inputs) > built;
}

const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Bare imports stay external, except our workspaces, whose TypeScript sources are bundled. A
 * package npm installed under a workspace (services/node_modules/…, not hoisted to the root) is
 * imported by its resolved path: the bundles in dist/ would not find it by name.
 */
const externals = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.inner || args.kind === 'entry-point' || args.path.startsWith('@oj/'))
        return undefined;
      if (
        args.path.startsWith('node:') ||
        existsSync(path.join(root, 'node_modules', packageName(args.path)))
      )
        return { external: true };
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { inner: true },
      });
      return resolved.errors.length ? { external: true } : { path: resolved.path, external: true };
    });
  },
};

/** import.meta.url of a bundled module = its source file's URL (see the header). */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** `into`: another output folder inside the tree (tests build there; npm dependencies resolve from it). */
export async function buildAll(into = outdir) {
  const { build } = await import('esbuild');
  const started = Date.now();
  mkdirSync(into, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([k, v]) => [k, path.join(root, v)])),
    outdir: into,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [externals, sourceUrls],
    logLevel: 'warning',
  });
  if (into !== outdir) return;
  writeFileSync(stamp, new Date().toISOString() + '\n');
  console.log(`built ${Object.keys(ENTRIES).length} server entries into dist/ in ${Date.now() - started} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ifStale = process.argv.includes('--if-stale');
  if (ifStale && !isStale()) process.exit(0);
  if (ifStale) console.log('sources changed since the last build: compiling the server processes...');
  buildAll().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

#!/usr/bin/env node
// Before `npm start`: build the web client once if it has not been built yet, so a fresh clone
// serves the app on the same port as the API, and prepare the embedded database template.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}web/dist/index.html`) && existsSync(`${root}web/vite.config.ts`)) {
  console.log('building the web client (first start only)...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@oj/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const prep = spawnSync(`${root}node_modules/.bin/tsx`, ['services/scripts/prepare-pglite.ts'], {
  cwd: root,
  stdio: 'inherit',
});
if (prep.status !== 0) process.exit(prep.status ?? 1);

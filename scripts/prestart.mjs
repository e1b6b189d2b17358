#!/usr/bin/env node
// Before `npm start`:
// 1. on a Debian host as root, install the judge sandbox (bubblewrap) and the toolchains when some
//    are missing, through judge-runner/scripts/install-toolchains.sh, saying what it installs, so
//    the README's one start line ends with a platform that judges (OJ_INSTALL_TOOLCHAINS=0 skips
//    it; so does OJ_EMBEDDED_JUDGE=off);
// 2. build the web client once if it has not been built yet, so a fresh clone serves the app on
//    the same port as the API;
// 3. compile the server processes to JavaScript when their sources changed (scripts/build.mjs);
// 4. prepare the embedded database template.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function missingToolchainPackages() {
  const list = readFileSync(`${root}judge-runner/scripts/toolchain-packages.txt`, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const installed = (pkg) =>
    spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes(
      'install ok installed',
    );
  return list.filter((pkg) => {
    // The same exceptions as the script: a node or a JDK from elsewhere is kept.
    if (pkg === 'nodejs' && has('node')) return false;
    if (pkg === 'default-jdk-headless' && has('java') && has('javac')) return false;
    return !installed(pkg);
  });
}

function ensureToolchains() {
  if (process.env.OJ_INSTALL_TOOLCHAINS === '0' || process.env.OJ_EMBEDDED_JUDGE === 'off') return;
  if (process.platform !== 'linux' || !has('dpkg-query') || !has('apt-get')) return;
  const missing = missingToolchainPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.warn(
      `the judge needs these Debian packages: ${missing.join(' ')}\n` +
        'run `sudo judge-runner/scripts/install-toolchains.sh` (submissions stay Pending without them)',
    );
    return;
  }
  console.log(`installing the judge sandbox and toolchains (Debian packages): ${missing.join(' ')}`);
  const r = run('sh', ['judge-runner/scripts/install-toolchains.sh']);
  if (r.status !== 0) {
    console.error(
      'installing the toolchains failed: the platform starts, but cannot judge until they are installed',
    );
  }
}

ensureToolchains();

if (!existsSync(`${root}web/dist/index.html`) && existsSync(`${root}web/vite.config.ts`)) {
  console.log('building the web client (first start only)...');
  const r = run('npm', ['run', 'build', '-w', '@oj/web']);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = run(process.execPath, ['scripts/build.mjs', '--if-stale']);
if (server.status !== 0) process.exit(server.status ?? 1);

const prep = run(`${root}node_modules/.bin/tsx`, ['services/scripts/prepare-pglite.ts']);
if (prep.status !== 0) process.exit(prep.status ?? 1);

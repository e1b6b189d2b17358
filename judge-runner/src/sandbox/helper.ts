/**
 * The native sandbox helper (helper/oj-sandbox.c): compiled with the system C compiler at
 * first use into a cache directory, one binary per source hash, so an edited source is
 * rebuilt and several runners share one build.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const HELPER_SOURCE = fileURLToPath(new URL('./helper/oj-sandbox.c', import.meta.url));

/**
 * `path` and every directory above it belong to us (or root) and no one else can write
 * them, except sticky directories like /tmp (where others cannot replace our entries).
 */
export function assertOwnedPath(path: string): void {
  const uid = process.getuid?.() ?? 0;
  for (let p = resolve(path); ; p = dirname(p)) {
    const st = lstatSync(p);
    const foreign = st.uid !== uid && st.uid !== 0;
    const writable = (st.mode & 0o022) !== 0 && !(st.isDirectory() && (st.mode & 0o1000) !== 0);
    if (foreign || writable || st.isSymbolicLink()) {
      throw new Error(`the sandbox helper path ${path} is not safe: ${p} can be changed by another user`);
    }
    if (p === '/') return;
  }
}

export function defaultHelperCacheDir(): string {
  return join(tmpdir(), 'oj-judge', 'sandbox-helper');
}

/**
 * Path of the compiled helper, building it when missing. Throws with a clear reason when
 * no C compiler is installed (the pooled sandbox cannot work without it).
 */
export async function ensureHelper(cacheDir = defaultHelperCacheDir(), cc = 'cc'): Promise<string> {
  const source = readFileSync(HELPER_SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const bin = join(cacheDir, `oj-sandbox-${hash}`);
  // uid 65534 (bubblewrap) binds the binary into the sandbox: the directory must be traversable.
  mkdirSync(cacheDir, { recursive: true, mode: 0o755 });
  // We run this binary as root: nobody else may have been able to put it there.
  assertOwnedPath(cacheDir);
  if (existsSync(bin)) {
    assertOwnedPath(bin);
    return bin;
  }
  chmodSync(cacheDir, 0o755);
  const tmp = `${bin}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await run(cc, ['-O2', '-Wall', '-Wno-format-truncation', '-o', tmp, HELPER_SOURCE]);
  } catch (err) {
    rmSync(tmp, { force: true });
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        `no C compiler ("${cc}") on this host: the pooled judge sandbox builds its helper with it (apt-get install gcc)`,
      );
    }
    throw new Error(`building the sandbox helper failed: ${e.stderr ?? e.message}`);
  }
  chmodSync(tmp, 0o755);
  renameSync(tmp, bin);
  return bin;
}

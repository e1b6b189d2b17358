/**
 * The native sandbox helper (helper/oj-sandbox.c): compiled with the system C compiler at
 * first use into a cache directory, one binary per source hash, so an edited source is
 * rebuilt and several runners share one build.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const HELPER_SOURCE = fileURLToPath(new URL('./helper/oj-sandbox.c', import.meta.url));

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
  if (existsSync(bin)) return bin;
  // uid 65534 (bubblewrap) binds the binary into the sandbox: the directory must be traversable.
  mkdirSync(cacheDir, { recursive: true, mode: 0o755 });
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

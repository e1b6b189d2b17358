// Issue 15 benchmark: upload and unpack of a large test-case zip (default 200 MB, 1,000 cases)
// through POST /api/file/upload-testcase-zip against the API in its own process (one-process start,
// PostgreSQL, no embedded judge). Reports the time and the API process's resident memory: its RSS
// before the upload and its peak (VmHWM) after, so the growth is what the upload cost.
import { spawn } from 'node:child_process';
import { createWriteStream, openAsBlob, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Zip, ZipPassThrough } from 'fflate';
import { freshPostgres, report } from './support';

const TOTAL_MB = Number(process.env.BENCH_ZIP_MB ?? 200);
const CASES = Number(process.env.BENCH_CASES ?? 1000);
const repo = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'oj-bench-upload-'));
const zipPath = join(work, 'cases.zip');

// Incompressible data (random hex), stored without compression: the zip is ~TOTAL_MB.
async function writeZip() {
  const out = createWriteStream(zipPath);
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    out.write(chunk);
    if (final) out.end();
  });
  const half = Math.floor((TOTAL_MB * 1048576) / CASES / 2);
  for (let i = 1; i <= CASES; i++) {
    for (const [name, size] of [
      [`${i}.in`, half],
      [`${i}.out`, half],
    ] as const) {
      const f = new ZipPassThrough(name);
      zip.add(f);
      f.push(
        Buffer.from(
          randomBytes(Math.ceil(size / 2))
            .toString('hex')
            .slice(0, size) + '\n',
        ),
        true,
      );
    }
  }
  zip.end();
  await new Promise<void>((r) => out.on('finish', () => r()));
}

const kb = (pid: number, key: string) =>
  Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

await writeZip();
const zipBytes = (await openAsBlob(zipPath)).size;
const database = await freshPostgres();
const port = 20000 + Math.floor(Math.random() * 20000);
const child = spawn(join(repo, 'node_modules/.bin/tsx'), ['services/src/main.ts'], {
  cwd: repo,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    NATS_URL: '',
    OJ_DATA_DIR: join(work, 'data'),
    OJ_ROOT_PASSWORD: 'bench-root-pass',
    OJ_EMBEDDED_JUDGE: 'off',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (i > 600) throw new Error('API did not start');
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // not yet
  }
  await new Promise((r) => setTimeout(r, 200));
}
// tsx runs the server in a child of the spawned process: measure the process that listens.
const { execSync } = await import('node:child_process');
const apiPid =
  Number(
    execSync(`ss -ltnpH 'sport = :${port}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`).toString().trim(),
  ) || child.pid!;
const login = await fetch(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'root', password: 'bench-root-pass' }),
});
const token = login.headers.get('authorization') ?? '';
const rssBefore = kb(apiPid, 'VmRSS');
const hwmBefore = kb(apiPid, 'VmHWM');
const loadBefore = loadavg();
const form = new FormData();
form.append('file', await openAsBlob(zipPath), 'cases.zip');
const started = performance.now();
const res = await fetch(`${base}/api/file/upload-testcase-zip?mode=default`, {
  method: 'POST',
  headers: { authorization: token },
  body: form,
});
const text = await res.text();
const seconds = (performance.now() - started) / 1000;
let body: { status?: number; msg?: string; data?: { fileList?: unknown[] } } = {};
try {
  body = JSON.parse(text) as typeof body;
} catch {
  body = { msg: text.slice(0, 200) };
}
const hwmAfter = kb(apiPid, 'VmHWM');
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await database.drop();
rmSync(work, { recursive: true, force: true });

report('admin-testcase-upload', {
  storage: 'postgres',
  zipMB: Number((zipBytes / 1048576).toFixed(1)),
  cases: CASES,
  httpStatus: res.status,
  status: body.status ?? null,
  msg: body.status === 200 ? 'success' : (body.msg ?? null),
  casesListed: body.data?.fileList?.length ?? 0,
  seconds: Number(seconds.toFixed(2)),
  apiRssBeforeMB: Math.round(rssBefore / 1024),
  apiPeakRssBeforeMB: Math.round(hwmBefore / 1024),
  apiPeakRssAfterMB: Math.round(hwmAfter / 1024),
  apiPeakGrowthMB: Math.round((hwmAfter - Math.max(rssBefore, 0)) / 1024),
  loadavgBefore: loadBefore.map((n) => Number(n.toFixed(2))),
  loadavgAfter: loadavg().map((n) => Number(n.toFixed(2))),
});

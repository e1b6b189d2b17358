/**
 * Pooled sandbox slots: a slot is reused run after run, so whatever one run leaves behind
 * (files, processes, SysV IPC, directory metadata, memory charge) must be gone for the next
 * one in the same slot; a slot whose helper dies is replaced without the caller noticing
 * (or, mid-run, with a set-up error for that run only), and leaves nothing on the host.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureHelper } from '../src/sandbox/helper';
import { Sandbox, Workspace, type SandboxResult } from '../src/sandbox/index';
import { isMountPoint } from '../src/sandbox/workspace';
import { measureCompileSpeed, sandboxProcesses } from './helpers';

const MIB = 1024 * 1024;
/**
 * cpuMs and wallMs are scaled by the measured speed in beforeAll (issue #23 item 21): the
 * programs here touch 64–100 MiB or spin 10^8 times, and must not run into a time limit on a
 * slow or loaded core.
 */
const limits = {
  cpuMs: 2000,
  wallMs: 4000,
  memoryBytes: 128 * MIB,
  stackBytes: 64 * MIB,
  pids: 32,
  fileSizeBytes: 16 * MIB,
};
const HEAD =
  '#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n#include <fcntl.h>\n#include <dirent.h>\n#include <sys/stat.h>\n#include <sys/shm.h>\n#include <sys/xattr.h>\n#include <sys/msg.h>\n#include <sys/sem.h>\n#include <mqueue.h>\n';

let root: string;
let sandbox: Sandbox;
let ws: Workspace;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'oj-jr-slots-'));
  chmodSync(root, 0o711);
  sandbox = await Sandbox.create({ pool: true, slots: 1, slotDir: join(root, 'slots') });
  ws = await Workspace.create(join(root, 'work'));
  const speed = measureCompileSpeed(ws.dir('bin'));
  limits.cpuMs = speed.scaled(limits.cpuMs);
  limits.wallMs = speed.scaled(limits.wallMs);
});
afterAll(async () => {
  await ws?.dispose();
  await sandbox?.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  expect(sandboxProcesses()).toEqual([]);
});

function compile(name: string, code: string): string {
  const dir = ws.dir('bin');
  writeFileSync(join(dir, `${name}.c`), HEAD + code);
  execFileSync('gcc', ['-O0', '-o', join(dir, name), join(dir, `${name}.c`)]);
  return join(dir, name);
}

/** Run a compiled program in a leased slot; returns the result, its stdout and the slot used. */
async function run(exe: string, runLimits = limits) {
  return sandbox.withRun(ws, async ({ dirs, run: go }) => {
    writeFileSync(join(dirs.w, 'main'), readFileSync(exe), { mode: 0o555 });
    const stdout = join(dirs.io, 'stdout');
    const r: SandboxResult = await go({
      argv: ['/w/main'],
      env: { PATH: '/usr/bin:/bin' },
      limits: runLimits,
      stdio: { stdout, stderr: join(dirs.io, 'stderr') },
    });
    return { r, out: readFileSync(stdout, 'utf8'), slot: sandbox.slots()[0]! };
  });
}

describe('slot reuse isolation', () => {
  it('runs in the pooled mode with one slot', () => {
    expect(sandbox.mode).toBe('pool');
    expect(sandbox.slots()).toHaveLength(1);
  });

  it('files, processes, SysV IPC and /w metadata of one run are gone for the next run in the same slot', async () => {
    const litter = compile(
      'litter',
      `int main(){
        FILE*f=fopen("/w/left-w","w");fputs("x",f);fclose(f);
        f=fopen("/tmp/left-tmp","w");fputs("x",f);fclose(f);
        f=fopen("/dev/shm/left-shm","w");fputs("x",f);fclose(f);
        mkdir("/w/d",0);mkdir("/tmp/d",0700);
        setxattr("/w","user.oj","leak",4,0);
        chmod("/w",0777);
        int id=shmget(0x4f4a,1<<20,IPC_CREAT|0666);char*p=shmat(id,0,0);memset(p,7,1<<20);
        msgget(0x4f4b,IPC_CREAT|0666);semget(0x4f4c,1,IPC_CREAT|0666);
        printf("mq %d\\n",mq_open("/oj-left",O_CREAT|O_RDWR,0600,NULL)>=0);
        for(int i=0;i<3;i++)if(fork()==0){setsid();if(fork()==0){for(;;)pause();}for(;;)pause();}
        puts("littered");return 0;}`,
    );
    const look = compile(
      'look',
      `int main(){
        int procs=0;DIR*d=opendir("/proc");struct dirent*e;
        while((e=readdir(d)))if(e->d_name[0]>='0'&&e->d_name[0]<='9')procs++;
        int files=0;const char*dirs[]={"/w","/tmp","/dev/shm",0};
        for(int i=0;dirs[i];i++){DIR*x=opendir(dirs[i]);while((e=readdir(x)))if(e->d_name[0]!='.')printf("file %s/%s\\n",dirs[i],e->d_name),files++;}
        char buf[16];ssize_t xa=getxattr("/w","user.oj",buf,sizeof buf);
        struct stat st;stat("/w",&st);
        FILE*s=fopen("/proc/sysvipc/shm","r");char line[256];int segs=-1;while(fgets(line,sizeof line,s))segs++;
        printf("procs %d files %d xattr %zd mode %o segs %d shmget %d msgget %d semget %d\\n",procs,files,xa,st.st_mode&07777,segs,shmget(0x4f4a,0,0),msgget(0x4f4b,0),semget(0x4f4c,1,0));
        return 0;}`,
    );
    const first = await run(litter);
    // POSIX queues cannot be listed for clean-up, so runs may not create any.
    expect(first.out).toBe('mq 0\nlittered\n');
    expect(first.r.exitCode).toBe(0);
    const second = await run(look);
    // Same slot (the only one), and it saw nothing: pid 1 (the zygote) and itself, only the
    // placed program in /w, no xattr, mode reset, no SysV segment, queue or semaphore set.
    expect(second.slot.pids).toEqual(first.slot.pids);
    expect(second.out).toBe(
      'file /w/main\nprocs 2 files 1 xattr -1 mode 755 segs 0 shmget -1 msgget -1 semget -1\n',
    );
  });

  it('memory charged by a run (tmpfs pages, page cache) does not count for the next run', async () => {
    const fill = compile(
      'fill',
      'int main(){static char b[1<<20];memset(b,1,sizeof b);for(int k=0;k<8;k++){char n[32];sprintf(n,"/dev/shm/big%d",k);FILE*f=fopen(n,"w");for(int i=0;i<10;i++)fwrite(b,1,sizeof b,f);fclose(f);}puts("filled");return 0;}',
    );
    const small = compile('small', 'int main(){puts("small");return 0;}');
    const a = await run(fill);
    expect(a.out).toBe('filled\n');
    expect(a.r.memoryKB).toBeGreaterThan(80 * 1024);
    const b = await run(small);
    expect(b.out).toBe('small\n');
    expect(b.r.memoryKB).toBeLessThan(4 * 1024);
    expect(b.slot.pids).toEqual(a.slot.pids);
  });

  it('a 64 MiB touch reads as 64 MiB within 5% and CPU time matches getrusage within 5 ms, in a reused slot', async () => {
    const touch = compile(
      'touch',
      'int main(int c,char**v){size_t n=64u<<20;char*p=malloc(n);memset(p,c,n);printf("%d\\n",p[n-1]);return 0;}',
    );
    const loop = compile(
      'loop',
      '#include <sys/resource.h>\nint main(){volatile unsigned long x=0;for(unsigned long i=0;i<100000000UL;i++)x+=i;struct rusage u;getrusage(RUSAGE_SELF,&u);printf("%ld\\n",(u.ru_utime.tv_sec+u.ru_stime.tv_sec)*1000L+(u.ru_utime.tv_usec+u.ru_stime.tv_usec)/1000L);return 0;}',
    );
    for (let i = 0; i < 2; i++) {
      const m = await run(touch);
      expect(Math.abs(m.r.memoryKB - 65536) / 65536).toBeLessThan(0.05);
      const c = await run(loop);
      expect(Math.abs(c.r.timeMs - Number(c.out.trim()))).toBeLessThanOrEqual(5);
    }
  });

  it('limits are per run: a tight memory limit, then a generous one, in the same slot', async () => {
    const touch = compile(
      'touch100',
      'int main(int c,char**v){size_t n=100u<<20;char*p=malloc(n);memset(p,c,n);puts("ok");return 0;}',
    );
    const tight = await run(touch, { ...limits, memoryBytes: 64 * MIB });
    expect(tight.r.mle).toBe(true);
    const roomy = await run(touch, { ...limits, memoryBytes: 256 * MIB });
    expect(roomy.r.mle).toBe(false);
    expect(roomy.out).toBe('ok\n');
  });
});

describe('stdio', () => {
  it('a FIFO whose other end never opens ends as a wall-clock TLE, and the slot stays usable', async () => {
    const fifo = join(ws.dir('pipes'), 'never');
    execFileSync('mkfifo', ['-m', '600', fifo]);
    const exe = compile('cat0', 'int main(){char b[16];return read(0,b,sizeof b)<0;}');
    const t0 = Date.now();
    const r = await sandbox.withRun(ws, async ({ dirs, run: go }) => {
      writeFileSync(join(dirs.w, 'main'), readFileSync(exe), { mode: 0o555 });
      return go({ argv: ['/w/main'], env: {}, limits: { ...limits, wallMs: 500 }, stdio: { stdin: fifo } });
    });
    expect(r).toMatchObject({ tle: true, killedBy: 'wall', setupError: null });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    expect((await run(compile('after', 'int main(){puts("after");return 0;}'))).out).toBe('after\n');
  });
});

describe('slot recovery', () => {
  const hello = () => compile('hello', 'int main(){puts("hello");return 0;}');

  /** Not running: absent, or a zombie waiting for the host's init (bwrap orphaned by a killed keeper). */
  function running(pid: number): boolean {
    try {
      return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
    } catch {
      return false;
    }
  }

  function expectSlotGone(slot: { pids: { keeper: number; bwrap: number; zygote: number } }, dir: string) {
    for (const [what, pid] of Object.entries(slot.pids))
      expect(`${what} ${running(pid)}`).toBe(`${what} false`);
    expect(isMountPoint(dir)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  }

  it('the zygote killed while idle: the next run transparently gets a new slot, the old one is cleaned up', async () => {
    const exe = hello();
    await run(exe);
    const [old] = sandbox.slots();
    const oldDir = old!.config.dir;
    const oldCgroups = Object.values(old!.config.cgroups);
    process.kill(old!.pids.zygote, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
    const next = await run(exe);
    expect(next.out).toBe('hello\n');
    expect(next.r.exitCode).toBe(0);
    expect(next.slot.pids.zygote).not.toBe(old!.pids.zygote);
    expectSlotGone(old!, oldDir);
    for (const dir of oldCgroups) expect(existsSync(dir)).toBe(false);
    expect(sandbox.slots()).toHaveLength(1);
  });

  it('the zygote killed mid-run: that run is a set-up error, its program dies with the slot, the next run works', async () => {
    const sleeper = compile('sleeper', 'int main(){puts("started");fflush(stdout);sleep(30);return 0;}');
    const pending = run(sleeper);
    // Wait until the program runs inside the slot.
    const slot = sandbox.slots()[0]!;
    for (let i = 0; i < 200 && !existsSync(join(slot.io, 'stdout')); i++)
      await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    process.kill(slot.pids.zygote, 'SIGKILL');
    const killed = await pending;
    expect(killed.r.setupError).toMatch(/sandbox/);
    expectSlotGone(slot, slot.config.dir);
    const next = await run(hello());
    expect(next.out).toBe('hello\n');
  });

  it('the keeper killed while idle: the next run gets a new slot, no mount or cgroup is left', async () => {
    const exe = hello();
    await run(exe);
    const [old] = sandbox.slots();
    process.kill(old!.pids.keeper, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
    const next = await run(exe);
    expect(next.out).toBe('hello\n');
    expectSlotGone(old!, old!.config.dir);
    for (const dir of Object.values(old!.config.cgroups)) expect(existsSync(dir)).toBe(false);
    expect(readdirSync(join(root, 'slots'))).toHaveLength(1);
  });
});

describe('helper build', () => {
  it('without a C compiler the sandbox says so loudly and falls back to one-shot runs (or fails when the pool is required)', async () => {
    const cache = join(root, 'no-cc-cache');
    const logged: string[] = [];
    // The default (pool wanted unless OJ_SANDBOX_POOL=0), whatever the environment running the tests.
    const env = process.env.OJ_SANDBOX_POOL;
    delete process.env.OJ_SANDBOX_POOL;
    const fallback = await Sandbox.create({
      helperCacheDir: cache,
      helperCc: '/nonexistent/cc',
      log: (m) => logged.push(m),
    }).finally(() => {
      if (env !== undefined) process.env.OJ_SANDBOX_POOL = env;
    });
    try {
      expect(fallback.mode).toBe('one-shot');
      expect(logged.join('\n')).toMatch(
        /WARNING.*no C compiler \("\/nonexistent\/cc"\).*apt-get install gcc/,
      );
      // The one-shot path still runs programs.
      const out = await fallback.withRun(ws, async ({ dirs, run: go }) => {
        writeFileSync(
          join(dirs.w, 'main'),
          readFileSync(compile('hello1', 'int main(){puts("one-shot");return 0;}')),
          {
            mode: 0o555,
          },
        );
        const r = await go({ argv: ['/w/main'], env: {}, limits, stdio: { stdout: join(dirs.io, 'o') } });
        return { r, text: readFileSync(join(dirs.io, 'o'), 'utf8') };
      });
      expect(out.text).toBe('one-shot\n');
      expect(out.r.exitCode).toBe(0);
    } finally {
      await fallback.close();
    }
    await expect(
      Sandbox.create({
        pool: true,
        helperCacheDir: cache,
        helperCc: '/nonexistent/cc',
        cgroupName: 'oj-judge-nocc',
      }),
    ).rejects.toThrow(/no C compiler/);
  });

  it('refuses a helper cache another user could write (the helper runs as root)', async () => {
    const open = join(root, 'world-writable');
    mkdirSync(open);
    chmodSync(open, 0o777);
    await expect(ensureHelper(join(open, 'cache'))).rejects.toThrow(/not safe/);
  });
});

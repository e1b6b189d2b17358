/**
 * Adversarial submissions (reference/judge.md §8): each gets its expected verdict and,
 * after each, the host must be as it was: no sandbox processes, no run cgroups, no
 * work directories, no files written outside the sandbox.
 *
 * The verdicts must not depend on how fast or loaded the machine is (issue #23 item 21): a case
 * whose verdict is not a time verdict gets a time limit scaled by the measured speed (`roomy`,
 * `speed.scaled`), so an honest amount of work cannot run into it on a slow core; waits are
 * bounded by the wall limit plus a multiple of a measured trivial judge, never by a fixed time.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import {
  createHarness,
  measureSpeed,
  sandboxProcesses,
  submission,
  testRun,
  type Harness,
  type MachineSpeed,
} from './helpers';

let h: Harness;
let speed: MachineSpeed;
let shmBefore = '';
beforeAll(async () => {
  h = await createHarness();
  process.env.OJ_CANARY_SECRET = 'canary-7f3a9';
  shmBefore = sandboxShmSegments();
  speed = await measureSpeed(h);
  console.info(
    `machine speed: a trivial C judge takes ${Math.round(speed.judgeMs)} ms, limits ×${speed.factor.toFixed(2)}`,
  );
});
afterAll(async () => {
  await h?.close();
});

/** Host SysV shm segments owned by the sandbox uid (a private IPC namespace should leave none). */
function sandboxShmSegments(): string {
  return readFileSync('/proc/sysvipc/shm', 'utf8')
    .split('\n')
    .filter((l) => l.trim().split(/\s+/)[7] === '65534')
    .join('\n');
}

function expectHostClean(): void {
  expect(sandboxProcesses()).toEqual([]);
  for (const root of Object.values(h.deps.sandbox.roots)) {
    expect(readdirSync(root).filter((n) => n.startsWith('run-'))).toEqual([]);
  }
  const work = h.deps.workBase;
  expect(existsSync(work) ? readdirSync(work) : []).toEqual([]);
  expect(existsSync('/tmp/oj-escape')).toBe(false);
  expect(existsSync('/oj-escape')).toBe(false);
  expect(sandboxShmSegments()).toBe(shmBefore);
}
afterEach(() => expectHostClean());

const HEAD =
  '#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n#include <errno.h>\n#include <fcntl.h>\n';
/** For time verdicts (TLE) and for checks that read the limits back: T = 500 ms as it is. */
const small = { timeLimit: 500, memoryLimit: 64, stackLimit: 64 };
/**
 * For verdicts that are not about time: T = 2 s scaled by the machine's speed (at most 30 s, so
 * the wall limit stays within the test timeout). Memory verdicts in particular: near the limit
 * the kernel reclaims before it OOM-kills, CPU that grows with the load of the machine.
 */
const roomy = (timeLimit = 2000) => ({ ...small, timeLimit: Math.min(30_000, speed.scaled(timeLimit)) });
/**
 * Bound for a whole judge (compile + run) whose run ends at the wall limit 3·(T+200): the wall
 * limit plus eight trivial judges measured on this machine at the start of the file.
 */
const judgeBoundMs = (timeLimit: number) => 3 * (timeLimit + 200) + 8 * speed.judgeMs;
const one = [{ caseId: 1, input: '1 2\n', output: '3\n', score: 0, groupNum: 1 }];
const judgeC = (code: string, extra = {}) =>
  h.judge(submission({ language: 'C', code: HEAD + code, testCases: one, limits: small, ...extra }));
/** Self-test run: returns stdout, for programs that report what they could reach. */
const probe = (code: string, extra = {}) =>
  h.judge(testRun({ language: 'C', code: HEAD + code, userInput: '1 2', limits: small, ...extra }));

describe('processes', () => {
  it('#1 fork bomb → TLE, every child killed', async () => {
    expect((await judgeC('int main(){for(;;)fork();}')).status).toBe(S.TIME_LIMIT_EXCEEDED);
  });
  it('#2 parent exits early, setsid children keep looping → verdict of the main process, nothing survives', async () => {
    // The children start spinning when the parent has exited (EOF on a pipe only it holds open):
    // spinning from the start would bill their CPU while a slow core is still forking the rest.
    const r = await judgeC(
      'int main(){int p[2];pipe(p);for(int i=0;i<20;i++)if(fork()==0){close(p[1]);setsid();char c;read(p[0],&c,1);for(;;);}puts("3");return 0;}',
      { limits: roomy() },
    );
    expect(r.status).toBe(S.ACCEPTED);
  });
  it('#12 16 spinning threads → TLE by summed CPU, well before T of wall time', async () => {
    const t0 = performance.now();
    const r = await judgeC(
      '#include <pthread.h>\nvoid*f(void*a){for(;;);return a;}\nint main(){pthread_t t;for(int i=0;i<16;i++)pthread_create(&t,0,f,0);for(;;);}',
      {
        limits: { timeLimit: 1000, memoryLimit: 64, stackLimit: 64 },
      },
    );
    expect(r.status).toBe(S.TIME_LIMIT_EXCEEDED);
    // CPU of all threads is summed (the machine is shared, so only a loose bound on it).
    expect(r.cases[0]!.time).toBeGreaterThan(500);
    expect(performance.now() - t0).toBeLessThan(judgeBoundMs(1000));
  });
  it('#13 kill(getppid()), kill(1), kill(-1) reach nothing outside → normal verdict', async () => {
    const r = await judgeC(
      'int main(){kill(getppid(),SIGKILL);kill(1,SIGKILL);kill(-1,SIGKILL);puts("3");return 0;}',
      { limits: roomy() },
    );
    expect(r.status).toBe(S.ACCEPTED);
  });
  it('#11 sleep(1000) → TLE by wall clock 3·(T+200)', async () => {
    const t0 = performance.now();
    expect((await judgeC('int main(){sleep(1000);return 0;}')).status).toBe(S.TIME_LIMIT_EXCEEDED);
    expect(performance.now() - t0).toBeLessThan(judgeBoundMs(small.timeLimit));
  });
  it('#11b blocking forever on a pipe with 0 CPU → TLE', async () => {
    expect((await judgeC('int main(){int p[2];pipe(p);char c;read(p[0],&c,1);return 0;}')).status).toBe(
      S.TIME_LIMIT_EXCEEDED,
    );
  });
});

describe('memory', () => {
  it('#3 malloc+memset forever → MLE (HOJ: RE 9)', async () => {
    expect(
      (await judgeC('int main(){for(;;){char*p=malloc(1<<20);if(p)memset(p,1,1<<20);}}', { limits: roomy() }))
        .status,
    ).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });
  it('#4 1.5·M touched once, exit 0 → MLE, memory stored capped at M', async () => {
    const r = await judgeC(
      'int main(){size_t n=96u<<20;char*p=malloc(n);memset(p,1,n);puts("3");return 0;}',
      {
        limits: roomy(),
      },
    );
    expect(r).toMatchObject({ status: S.MEMORY_LIMIT_EXCEEDED, memory: 64 * 1024 });
  });
  it('#24 SysV shared memory of 1 GiB touched → MLE, no segment left behind', async () => {
    const r = await judgeC(
      '#include <sys/shm.h>\nint main(){int id=shmget(IPC_PRIVATE,1u<<30,IPC_CREAT|0600);if(id<0){puts("3");return 0;}char*p=shmat(id,0,0);memset(p,1,1u<<30);puts("3");return 0;}',
      { limits: roomy() },
    );
    expect(r.status).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });
  it('#24b /dev/shm file of 1 GiB → stopped by RLIMIT_FSIZE: RE (output limit), nothing left behind', async () => {
    const r = await judgeC(
      'int main(){int fd=open("/dev/shm/x",O_CREAT|O_WRONLY,0600);if(fd<0){puts("3");return 0;}char b[1<<16];memset(b,1,sizeof b);for(int i=0;i<16384;i++)write(fd,b,sizeof b);puts("3");return 0;}',
      { limits: roomy() },
    );
    expect(r).toMatchObject({
      status: S.RUNTIME_ERROR,
      errorMessage: 'The output character length of the program exceeds the limit',
    });
  });
  it('#14 deep recursion beyond the stack → RE 11; legitimate deep recursion within it → AC', async () => {
    const deep = await judgeC(
      'int f(int n){volatile char pad[64];pad[0]=n;return n?f(n-1)+pad[0]:0;}\nint main(){printf("%d\\n",f(10000000));return 0;}',
      { limits: roomy() },
    );
    expect(deep).toMatchObject({
      status: S.RUNTIME_ERROR,
      errorMessage: 'The program return exit status code: 11 (Segmentation fault)',
    });
    const ok = await judgeC(
      'int f(int n){volatile char pad[64];pad[0]=n;return n?f(n-1)+pad[0]-pad[0]:3;}\nint main(){printf("%d\\n",f(200000));return 0;}',
      { limits: roomy() },
    );
    expect(ok.status).toBe(S.ACCEPTED);
  });
});

describe('output', () => {
  it('#5 endless putchar → RE "output limit" (HOJ: usually TLE)', async () => {
    // A time limit the output limit always beats, however loaded the machine: at 500 ms a busy
    // machine let the wall clock run out before 32 MiB were written (TLE instead of the verdict under test).
    const r = await judgeC("int main(){for(;;)putchar('x');}", { limits: roomy(5000) });
    expect(r).toMatchObject({
      status: S.RUNTIME_ERROR,
      errorMessage: 'The output character length of the program exceeds the limit',
    });
  });
  it('#6 40 MiB of stdout then exit 0 → RE output limit', async () => {
    const r = await judgeC(
      "int main(){signal(SIGXFSZ,SIG_IGN);static char b[1<<20];memset(b,'x',sizeof b);for(int i=0;i<40;i++)fwrite(b,1,sizeof b,stdout);return 0;}",
      {
        limits: { timeLimit: speed.scaled(2000), memoryLimit: 128, stackLimit: 64 },
      },
    );
    expect(r).toMatchObject({
      status: S.RUNTIME_ERROR,
      errorMessage: 'The output character length of the program exceeds the limit',
    });
  });
  it('#7 100 MiB to stderr → RE output limit', async () => {
    const r = await judgeC(
      'int main(){static char b[1<<20];memset(b,\'x\',sizeof b);for(int i=0;i<100;i++)fwrite(b,1,sizeof b,stderr);puts("3");return 0;}',
      {
        limits: { timeLimit: speed.scaled(2000), memoryLimit: 128, stackLimit: 64 },
      },
    );
    expect(r.status).toBe(S.RUNTIME_ERROR);
  });
  it('#20 correct answer then return 1 → RE (exit status before output)', async () => {
    expect((await judgeC('int main(){puts("3");return 1;}')).errorMessage).toBe(
      'The program return exit status code: 1',
    );
  });
});

describe('filesystem', () => {
  it('#8 /etc/passwd, /etc/shadow, /root, /home are not there', async () => {
    const r = await probe(
      'int main(){const char*p[]={"/etc/passwd","/etc/shadow","/root/.bashrc","/home","/work/main/package.json",0};for(int i=0;p[i];i++)printf("%s:%s\\n",p[i],access(p[i],F_OK)==0?"VISIBLE":"absent");return 0;}',
    );
    expect(r.stdout).not.toContain('VISIBLE');
    expect(r.stdout).toContain('/etc/shadow:absent');
  });
  it('#9 test data on the host is not reachable at run or compile time', async () => {
    const answer = h.blobs.get(h.addBlob('secret-answer\n'))!;
    const r = await probe(
      `int main(){printf("%s\\n",access("${answer}",F_OK)==0?"VISIBLE":"absent");return 0;}`,
    );
    expect(r.stdout).toBe('absent\n');
    const inc = await h.judge(
      testRun({ language: 'C', code: `#include "${answer}"\nint main(){return 0;}`, userInput: '1' }),
    );
    expect(inc.status).toBe(S.COMPILE_ERROR);
  });
  it('#18 writes to /usr, /etc, / fail; nothing persists to the next run', async () => {
    const w = await probe(
      'int main(){const char*p[]={"/usr/bin/x","/etc/x","/x","/oj-escape","/w/left-behind","/tmp/left-behind",0};for(int i=0;p[i];i++){int fd=open(p[i],O_CREAT|O_WRONLY,0644);printf("%s:%s\\n",p[i],fd>=0?"WRITABLE":"denied");}return 0;}',
    );
    expect(w.stdout).toContain('/usr/bin/x:denied');
    expect(w.stdout).toContain('/etc/x:denied');
    expect(w.stdout).toContain('/x:denied');
    const next = await probe(
      'int main(){printf("%s %s\\n",access("/w/left-behind",F_OK)?"clean":"DIRTY",access("/tmp/left-behind",F_OK)?"clean":"DIRTY");return 0;}',
    );
    expect(next.stdout).toBe('clean clean\n');
  });
  it('#18b filling /w with files → charged to memory → MLE', async () => {
    const r = await judgeC(
      'int main(){signal(SIGXFSZ,SIG_IGN);static char b[1<<20];memset(b,1,sizeof b);for(int f=0;f<64;f++){char n[16];sprintf(n,"f%d",f);FILE*o=fopen(n,"w");if(!o)break;for(int i=0;i<16;i++)fwrite(b,1,sizeof b,o);fclose(o);}puts("3");return 0;}',
      { limits: roomy() },
    );
    expect(r.status).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });
  it('#19 file IO output replaced by a symlink to a host file → WA, host file never read', async () => {
    const answerPath = h.blobs.get(h.addBlob('3\n'))!;
    const code = `int main(){unlink("data.out");symlink("${answerPath}","data.out");return 0;}`;
    const r = await h.judge(
      submission({
        language: 'C',
        code: HEAD + code,
        limits: small,
        fileIO: { input: 'data.in', output: 'data.out' },
        testCases: [{ caseId: 1, input: '1 2\n', outputHash: h.addBlob('3\n'), score: 0, groupNum: 1 }],
      }),
    );
    expect(r.status).toBe(S.WRONG_ANSWER);
  });
  it('#22 opening 100000 files stops at RLIMIT_NOFILE; creating 1e6 files hits the inode limit', async () => {
    const r = await probe(
      'int main(){int n=0;while(n<100000&&open("/dev/null",O_RDONLY)>=0)n++;int m=0;char s[32];for(;m<1000000;m++){sprintf(s,"/w/%d",m);int fd=open(s,O_CREAT|O_WRONLY,0600);if(fd<0)break;close(fd);}printf("%d %d\\n",n<=256,m<1000000);return 0;}',
      {
        limits: { timeLimit: speed.scaled(3000), memoryLimit: 128, stackLimit: 64 },
      },
    );
    expect(r.stdout).toBe('1 1\n');
  });
  it('#30 /proc shows only the sandbox; the environment is the language env only', async () => {
    const r = await probe(
      'int main(){int n=0;char b[4096];FILE*f=popen("ls /proc | grep -c \'^[0-9]\'","r");if(f){fgets(b,sizeof b,f);printf("procs %s",b);}f=fopen("/proc/self/environ","r");size_t k=fread(b,1,sizeof b-1,f);b[k]=0;for(size_t i=0;i<k;i++)if(!b[i])b[i]=\' \';printf("env %s\\n",b);(void)n;return 0;}',
      { limits: roomy() },
    );
    expect(r.stdout).not.toContain('canary-7f3a9');
    expect(r.stdout).toMatch(/^procs [1-5]\n/);
    expect(r.stdout).toContain('HOME=/w');
  });
});

describe('network and privileges', () => {
  it('#10 connecting to NATS, PostgreSQL or the internet fails', async () => {
    const r = await probe(
      '#include <sys/socket.h>\n#include <netinet/in.h>\n#include <arpa/inet.h>\nint try(const char*ip,int port){int s=socket(AF_INET,SOCK_STREAM,0);if(s<0)return 0;struct sockaddr_in a={0};a.sin_family=AF_INET;a.sin_port=htons(port);inet_pton(AF_INET,ip,&a.sin_addr);return connect(s,(void*)&a,sizeof a)==0;}\nint main(){printf("%d%d%d\\n",try("127.0.0.1",4222),try("127.0.0.1",5432),try("1.1.1.1",80));return 0;}',
    );
    expect(r.stdout).toBe('000\n');
  });
  it('#10b AF_VSOCK sockets are refused (vsock does not stop at the network namespace)', async () => {
    const r = await probe(
      '#include <sys/socket.h>\nint main(){int s=socket(40,SOCK_STREAM,0);printf("%d/%d\\n",s,s<0?errno:0);return 0;}',
    );
    expect(r.stdout).toBe('-1/97\n'); // EAFNOSUPPORT
  });
  it('#23 unshare(CLONE_NEWUSER), mount, setuid(0), chroot all fail', async () => {
    const r = await probe(
      '#include <sched.h>\n#include <sys/mount.h>\nint main(){printf("%d%d%d%d\\n",unshare(CLONE_NEWUSER)==0,mount("none","/w","tmpfs",0,0)==0,setuid(0)==0,chroot("/w")==0);return 0;}',
    );
    expect(r.stdout).toBe('0000\n');
  });
});

describe('seccomp and descriptors', () => {
  it('#23b ptrace, io_uring, keyctl, bpf, perf_event_open, userfaultfd are refused (EPERM) while threads still work', async () => {
    const r = await probe(
      '#include <sys/syscall.h>\n#include <pthread.h>\nvoid*f(void*a){return a;}\nint main(){pthread_t t;int ok=pthread_create(&t,0,f,0)==0&&pthread_join(t,0)==0;long r[6]={syscall(101,16,1,0,0),syscall(425,1,0),syscall(250,0),syscall(321,0,0,0),syscall(298,0,0,-1,-1,0),syscall(323,0)};printf("threads %d:",ok);for(int i=0;i<6;i++)printf(" %ld/%d",r[i],r[i]<0?errno:0);puts("");return 0;}',
    );
    expect(r.stdout).toBe('threads 1: -1/1 -1/1 -1/1 -1/1 -1/1 -1/1\n');
  });
  it('rlimits are set: CPU backstop, output size, stack, open files, no core dumps', async () => {
    const r = await probe(
      '#include <sys/resource.h>\nint main(){int r[]={RLIMIT_CPU,RLIMIT_FSIZE,RLIMIT_STACK,RLIMIT_NOFILE,RLIMIT_CORE};for(int i=0;i<5;i++){struct rlimit l;getrlimit(r[i],&l);printf("%lld/%lld ",(long long)l.rlim_cur,(long long)l.rlim_max);}puts("");return 0;}',
    );
    // T = 500 ms → CPU ⌊0.7⌋+1 = 1 s (hard 2); 32 MiB output cap + 1 byte rounded up to KiB; stack 64 MiB.
    expect(r.stdout).toBe(
      `1/2 ${32 * 1024 * 1024 + 1024}/${32 * 1024 * 1024 + 1024} ${64 * 1024 * 1024}/${64 * 1024 * 1024} 256/256 0/0 \n`,
    );
  });
  it('readlink of stdin, stdout and stderr names no host path (test data blob, io directory)', async () => {
    const input = h.addBlob('1 2\n');
    const code = `int main(){int a,b;if(scanf("%d %d",&a,&b)!=2)return 2;int bad=0;for(int i=0;i<3;i++){char p[32],l[4096];snprintf(p,sizeof p,"/proc/self/fd/%d",i);ssize_t n=readlink(p,l,sizeof l-1);l[n>0?n:0]=0;if(n<=0||strstr(l,"${h.root}")||strstr(l,"${input}")||strstr(l,"/tmp")||strstr(l,"io")||strstr(l,"std")){fprintf(stderr,"fd %d: %s\\n",i,l);bad=1;}}printf("%d\\n",bad?-1:a+b);return 0;}`;
    const r = await h.judge(
      submission({
        language: 'C',
        code: HEAD + code,
        limits: roomy(),
        testCases: [{ caseId: 1, inputHash: input, output: '3\n', score: 0, groupNum: 1 }],
      }),
    );
    expect(r.status).toBe(S.ACCEPTED);
  });
  it('the program inherits no descriptors but stdin, stdout and stderr', async () => {
    const r = await probe(
      '#include <dirent.h>\nint main(){DIR*d=opendir("/proc/self/fd");struct dirent*e;int self=dirfd(d);while((e=readdir(d)))if(e->d_name[0]!=\'.\'&&atoi(e->d_name)!=self)printf("%s ",e->d_name);puts("");return 0;}',
    );
    expect(r.stdout).toBe('0 1 2 \n');
  });
});

describe('compile bombs', () => {
  it('#15 #include </dev/urandom> and </dev/zero> → CE', async () => {
    expect((await judgeC('#include </dev/urandom>\nint main(){return 0;}')).status).toBe(S.COMPILE_ERROR);
    expect((await judgeC('#include </dev/zero>\nint main(){return 0;}')).status).toBe(S.COMPILE_ERROR);
  });
  it('#16 1 GiB initialised .rodata → CE', async () => {
    expect((await judgeC('char a[1<<30]={1};\nint main(){return a[5];}')).status).toBe(S.COMPILE_ERROR);
  });
  it('#16b template explosion → CE', async () => {
    const code =
      'template<int N> struct F { enum { v = F<N-1>::v + F<N-2>::v }; };\ntemplate<> struct F<0>{enum{v=0};};\ntemplate<> struct F<1>{enum{v=1};};\nint main(){ return F<100000>::v; }';
    expect((await h.judge(submission({ language: 'C++', code, testCases: one }))).status).toBe(
      S.COMPILE_ERROR,
    );
  });
  it('#17 compiler error spam → CE with a bounded message', async () => {
    const spam = Array.from({ length: 5000 }, (_, i) => `int x${i} = undefined_${i};`).join('\n');
    const r = await h.judge(submission({ language: 'C++', code: `${spam}\nint main(){}`, testCases: one }));
    expect(r.status).toBe(S.COMPILE_ERROR);
    expect(r.errorMessage!.length).toBeLessThanOrEqual(2 * 1024 * 1024 + 10);
  });
});

describe('runtimes', () => {
  it('#25 Java creating 1000 threads → RE (pids limit counts threads)', async () => {
    const code =
      'public class Main { public static void main(String[] a) throws Exception { for (int i = 0; i < 1000; i++) { Thread t = new Thread(() -> { try { Thread.sleep(100000); } catch (Exception e) {} }); t.setDaemon(true); t.start(); } System.out.println(3); } }';
    const r = await h.judge(
      submission({
        language: 'Java',
        code,
        testCases: one,
        limits: { timeLimit: speed.scaled(2000), memoryLimit: 256, stackLimit: 64 },
      }),
    );
    expect(r.status).toBe(S.RUNTIME_ERROR);
  });
  it('#29 CPU time just above T with a clean exit → TLE, time capped at T', async () => {
    const r = await judgeC(
      '#include <time.h>\nint main(){clock_t s=clock();while((clock()-s)*1000/CLOCKS_PER_SEC<600);puts("3");return 0;}',
    );
    // On a loaded machine the wall limit may end it first: TLE either way, stored time ≤ T.
    expect(r.status).toBe(S.TIME_LIMIT_EXCEEDED);
    expect(r.time).toBeLessThanOrEqual(500);
  });
});

it('the host files the tests use are untouched', () => {
  expect(existsSync(join(h.root, 'blobs'))).toBe(true);
});

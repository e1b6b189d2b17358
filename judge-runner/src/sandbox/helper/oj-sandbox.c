/*
 * oj-sandbox: the native half of a pooled sandbox slot (judge-runner/src/sandbox/slot.ts).
 *
 *   oj-sandbox keeper OPTIONS -- BWRAP_ARGV...   (host, root; one per slot, child of the runner)
 *   oj-sandbox zygote                            (pid 1 inside the slot's bubblewrap)
 *
 * The keeper mounts the slot's tmpfs, creates the slot's cgroups and a user namespace that maps
 * two ids: 0 (the zygote; host uid ZYGOTE_HOST_ID) and 65534 (every run; host 65534). It starts
 * bubblewrap as that namespace's root with the zygote as its pid 1, keeping only CAP_SETUID,
 * CAP_SETGID, CAP_KILL, CAP_SETPCAP, CAP_SYS_ADMIN (to clone each run into a fresh network
 * namespace) and CAP_CHECKPOINT_RESTORE; each run drops to uid 65534 before it execs. So a program cannot
 * signal, prlimit, renice or reschedule pid 1 (another uid), cannot write the slot's /dev (owned
 * by the namespace root, read-only) and cannot create user namespaces (limit 0 in ours).
 * The keeper then serves requests from the runner on stdin/stdout.
 * For a run it sets the cgroup limits, resets the counters, opens the stdio files on the host
 * (so the sandbox never sees the host-only io directory, and FIFOs of interactive runs work
 * across slots), reopened through detached mounts so that their link text is "/", and hands them with the cgroup.procs descriptors to the zygote over a
 * SOCK_SEQPACKET pair (SCM_RIGHTS). The zygote clones a child in a fresh network namespace
 * (nothing of an earlier run's network state reaches it); the child joins the memory and pids
 * cgroups, starts a session, sets rlimits, closes every other descriptor, joins cpuacct last
 * (so set-up is not billed) and execs. The zygote enforces CPU (cpuacct.usage) and wall limits,
 * and at the end kills every other process of its pid namespace (kill(-1) from pid 1) and reaps
 * until none is left. The keeper then checks that the run cgroup is empty and reports counters.
 * The runner empties /w and the io directory after it has read a run's outputs; before the
 * next run the keeper empties /tmp and /dev/shm, resets the directories' metadata and, when
 * the last run left memory charged to the cgroup (page cache), swaps in a fresh memory cgroup.
 * Each run also leaves no SysV IPC object behind (the zygote removes them).
 *
 * Runner -> keeper frames: u32 little-endian length, then "key\0value\0" pairs.
 * Keeper -> runner: one text line per frame ("ready ...", "done ...", "error ...").
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#define SANDBOX_ID 65534
/* Host uid/gid of the zygote (namespace root): unused on Debian, distinct from every run's. */
#define ZYGOTE_HOST_ID 65533
#define MAX_FRAME (256 * 1024)
#define MAX_ITEMS 4096
#define ZYGOTE_FD 3
#define STATUS_FD 4
#define SECCOMP_FD 5
#define POLL_MS 10
/* Leftover charge (bytes) before a run above which the memory cgroup is replaced. The kernel's
 * per-CPU charge batches (up to 256 KiB per CPU) and small slab objects stay below it. */
#define DIRTY_BYTES (1024 * 1024)

/* FD_LAST_PID: the host's /proc/sys/kernel/ns_last_pid, opened by the keeper; written by the
 * zygote it sets the counter of the zygote's own pid namespace (the sandbox's /proc/sys is
 * read-only). */
enum { FD_STDIN, FD_STDOUT, FD_STDERR, FD_MEM_PROCS, FD_PIDS_PROCS, FD_CPU_PROCS, FD_CPU_USAGE, FD_LAST_PID, NFDS };

extern char **environ;

/* ---------- small utilities ---------- */

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "oj-sandbox: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, ": %s\n", strerror(errno));
  va_end(ap);
  exit(70);
}

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void sleep_ms(int ms) {
  struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}

static int write_all(int fd, const void *buf, size_t n) {
  const char *p = buf;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

static int read_all(int fd, void *buf, size_t n) {
  char *p = buf;
  while (n > 0) {
    ssize_t r = read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return -1;
    p += r;
    n -= (size_t)r;
  }
  return 0;
}

/* Write a decimal number to a (cgroup) file descriptor. */
static int put_num(int fd, long long v) {
  char b[32];
  int n = snprintf(b, sizeof b, "%lld", v);
  return pwrite(fd, b, (size_t)n, 0) == n ? 0 : -1;
}

/* Read a whole small (cgroup) file from offset 0. */
static ssize_t get_text(int fd, char *buf, size_t cap) {
  ssize_t n = pread(fd, buf, cap - 1, 0);
  if (n < 0) return -1;
  buf[n] = 0;
  return n;
}

static long long get_num(int fd) {
  char b[64];
  if (get_text(fd, b, sizeof b) < 0) return -1;
  return strtoll(b, NULL, 10);
}

/* ---------- key/value frames ---------- */

struct kv {
  int n;
  char *key[MAX_ITEMS];
  char *val[MAX_ITEMS];
};

static int parse_kv(char *buf, size_t len, struct kv *kv) {
  size_t i = 0;
  kv->n = 0;
  if (len == 0 || buf[len - 1] != 0) return -1;
  while (i < len) {
    if (kv->n >= MAX_ITEMS) return -1;
    char *k = buf + i;
    i += strlen(k) + 1;
    if (i >= len) return -1;
    char *v = buf + i;
    i += strlen(v) + 1;
    kv->key[kv->n] = k;
    kv->val[kv->n] = v;
    kv->n++;
  }
  return 0;
}

static const char *kv_get(const struct kv *kv, const char *key) {
  for (int i = 0; i < kv->n; i++)
    if (strcmp(kv->key[i], key) == 0) return kv->val[i];
  return NULL;
}

static long long kv_num(const struct kv *kv, const char *key, long long dflt) {
  const char *v = kv_get(kv, key);
  return v ? strtoll(v, NULL, 10) : dflt;
}

/* Collect the values of a repeated key into a NULL-terminated array (points into the frame). */
static char **kv_list(const struct kv *kv, const char *key) {
  int n = 0;
  for (int i = 0; i < kv->n; i++)
    if (strcmp(kv->key[i], key) == 0) n++;
  char **list = calloc((size_t)n + 1, sizeof(char *));
  if (!list) return NULL;
  n = 0;
  for (int i = 0; i < kv->n; i++)
    if (strcmp(kv->key[i], key) == 0) list[n++] = kv->val[i];
  return list;
}

/* =====================================================================================
 * zygote: pid 1 of the slot's pid namespace, uid 65534, no capabilities, seccomp applied.
 * ===================================================================================== */

static int z_sigfd = -1;

static void z_child(const struct kv *req, int *fds, int errfd) __attribute__((noreturn));
static void z_fail(int errfd, const char *what) __attribute__((noreturn));

static void z_fail(int errfd, const char *what) {
  char b[256];
  int n = snprintf(b, sizeof b, "%s: %s", what, strerror(errno));
  if (n > 0) (void)!write(errfd, b, (size_t)n);
  _exit(126);
}

static void z_set_rlimit(int errfd, int res, long long soft, long long hard, const char *what) {
  struct rlimit rl = {(rlim_t)soft, (rlim_t)hard};
  if (setrlimit(res, &rl) != 0) z_fail(errfd, what);
}

static void z_child(const struct kv *req, int *fds, int errfd) {
  /* Limits first: from here on every page and process is charged to the run. */
  if (write(fds[FD_MEM_PROCS], "0", 1) != 1) z_fail(errfd, "join memory cgroup");
  if (write(fds[FD_PIDS_PROCS], "0", 1) != 1) z_fail(errfd, "join pids cgroup");
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  for (int s = 1; s < NSIG; s++) signal(s, SIG_DFL);
  if (setsid() < 0) z_fail(errfd, "setsid");
  for (int i = 0; i < 3; i++)
    if (dup2(fds[i], i) < 0) z_fail(errfd, "dup2 stdio");
  z_set_rlimit(errfd, RLIMIT_CPU, kv_num(req, "cpu_soft", 1), kv_num(req, "cpu_hard", 2), "RLIMIT_CPU");
  long long fsize = kv_num(req, "fsize", 0), stack = kv_num(req, "stack", 0), nofile = kv_num(req, "nofile", 256);
  z_set_rlimit(errfd, RLIMIT_FSIZE, fsize, fsize, "RLIMIT_FSIZE");
  z_set_rlimit(errfd, RLIMIT_STACK, stack, stack, "RLIMIT_STACK");
  z_set_rlimit(errfd, RLIMIT_NOFILE, nofile, nofile, "RLIMIT_NOFILE");
  z_set_rlimit(errfd, RLIMIT_CORE, 0, 0, "RLIMIT_CORE");
  z_set_rlimit(errfd, RLIMIT_MSGQUEUE, 0, 0, "RLIMIT_MSGQUEUE");
  /* The program runs as uid/gid 65534 with no supplementary groups; changing the uid from the
   * namespace root drops every capability the zygote keeps, and none is left to regain. */
  /* The zygote's bounding set holds only what it keeps (zygote_main): drop those too. */
  static const int kept[] = {5, 6, 7, 8, 21, 40};
  for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
    if (prctl(PR_CAPBSET_DROP, kept[i], 0, 0, 0) != 0 && errno != EINVAL) z_fail(errfd, "drop bounding set");
  if (setgroups(0, NULL) != 0) z_fail(errfd, "setgroups");
  if (setresgid(SANDBOX_ID, SANDBOX_ID, SANDBOX_ID) != 0) z_fail(errfd, "setresgid");
  if (setresuid(SANDBOX_ID, SANDBOX_ID, SANDBOX_ID) != 0) z_fail(errfd, "setresuid");
  struct __user_cap_header_struct caph = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct capd[2];
  memset(capd, 0, sizeof capd);
  if (syscall(SYS_capset, &caph, capd) != 0) z_fail(errfd, "capset");
  umask(022);
  const char *cwd = kv_get(req, "cwd");
  if (chdir(cwd ? cwd : "/w") != 0) z_fail(errfd, "chdir");
  char **argv = kv_list(req, "arg");
  char **envp = kv_list(req, "env");
  if (!argv || !envp || !argv[0]) {
    errno = EINVAL;
    z_fail(errfd, "empty argv");
  }
  /* Nothing but stdio (and, until exec, the two fds below) reaches the program. */
  int keep1 = fds[FD_CPU_PROCS] < errfd ? fds[FD_CPU_PROCS] : errfd;
  int keep2 = fds[FD_CPU_PROCS] < errfd ? errfd : fds[FD_CPU_PROCS];
  if (keep1 > 3) syscall(SYS_close_range, 3U, (unsigned)keep1 - 1, 0U);
  if (keep2 > keep1 + 1) syscall(SYS_close_range, (unsigned)keep1 + 1, (unsigned)keep2 - 1, 0U);
  syscall(SYS_close_range, (unsigned)keep2 + 1, ~0U, 0U);
  environ = envp;
  /* Last step before exec: CPU accounting starts here. */
  if (write(fds[FD_CPU_PROCS], "0", 1) != 1) z_fail(errfd, "join cpuacct cgroup");
  close(fds[FD_CPU_PROCS]);
  execvp(argv[0], argv);
  /* Like `exec` in a shell: the program "ran" and failed (exit 127). */
  dprintf(2, "oj-sandbox: cannot execute %s: %s\n", argv[0], strerror(errno));
  _exit(127);
}

/* Kill every process of the namespace but us and reap them all. 0 when none is left. */
static int z_kill_all(int64_t deadline) {
  for (;;) {
    kill(-1, SIGKILL);
    for (;;) {
      pid_t w = waitpid(-1, NULL, WNOHANG);
      if (w > 0) continue;
      if (w < 0 && errno == ECHILD) return 0;
      break;
    }
    if (now_ns() > deadline) return -1;
    struct pollfd p = {z_sigfd, POLLIN, 0};
    if (poll(&p, 1, 2) > 0) {
      struct signalfd_siginfo si;
      while (read(z_sigfd, &si, sizeof si) > 0) {
      }
    }
  }
}

/*
 * SysV IPC objects outlive their creator, and the slot's IPC namespace outlives the run:
 * remove every segment, queue and semaphore set the run left (as their creator's uid).
 * POSIX message queues cannot be listed without mounting mqueue: runs get RLIMIT_MSGQUEUE 0.
 */
static int z_clean_ipc(void) {
  /* Cheap check first (three syscalls): almost no run creates any object. */
  struct shm_info si;
  struct msginfo mi;
  struct seminfo smi;
  int shm_used = shmctl(0, SHM_INFO, (struct shmid_ds *)(void *)&si) >= 0 ? si.used_ids : 1;
  int msg_used = msgctl(0, MSG_INFO, (struct msqid_ds *)(void *)&mi) >= 0 ? mi.msgpool : 1;
  int sem_used = semctl(0, 0, SEM_INFO, &smi) >= 0 ? smi.semusz : 1;
  if (shm_used == 0 && msg_used == 0 && sem_used == 0) return 0;
  /* Removing needs the creator's uid (runs are 65534; we are not): a child that becomes it. */
  pid_t c = fork();
  if (c < 0) return 1;
  if (c > 0) {
    int st = 0;
    while (waitpid(c, &st, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
  }
  if (setresgid(SANDBOX_ID, SANDBOX_ID, SANDBOX_ID) != 0 || setresuid(SANDBOX_ID, SANDBOX_ID, SANDBOX_ID) != 0)
    _exit(1);
  static const char *files[] = {"/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem"};
  int left = 0;
  for (int k = 0; k < 3; k++) {
    FILE *f = fopen(files[k], "re");
    if (!f) continue;
    char line[512];
    if (!fgets(line, sizeof line, f)) line[0] = 0; /* header */
    while (fgets(line, sizeof line, f)) {
      long key;
      int id;
      if (sscanf(line, "%ld %d", &key, &id) != 2) continue;
      int rc = k == 0 ? shmctl(id, IPC_RMID, NULL) : k == 1 ? msgctl(id, IPC_RMID, NULL) : semctl(id, 0, IPC_RMID);
      if (rc != 0) left++;
    }
    fclose(f);
  }
  _exit(left > 0 ? 1 : 0);
}

static void z_reply(int sock, const char *fmt, ...) {
  char b[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  if (n >= (int)sizeof b) n = sizeof b - 1;
  if (send(sock, b, (size_t)n, MSG_NOSIGNAL) < 0) _exit(71);
}

static void z_run(int sock, struct kv *req, int *fds) {
  int errpipe[2];
  if (pipe2(errpipe, O_CLOEXEC) != 0) {
    z_reply(sock, "setup=pipe");
    return;
  }
  int64_t cpu_limit = kv_num(req, "cpu_ms", 1000) * 1000000LL;
  int64_t wall_ms = kv_num(req, "wall_ms", 3000);
  /* Every run starts from the same pid counter: its first process is pid 2, whatever earlier
   * runs forked (needs CAP_CHECKPOINT_RESTORE in our user namespace; best effort). */
  (void)!pwrite(fds[FD_LAST_PID], "1", 1, 0);
  int64_t t0 = now_ns();
  /* A fresh network namespace per run (CAP_SYS_ADMIN in the slot's user namespace): sockets in
   * TIME_WAIT, the SNMP/netstat counters and anything else a run leaves in its namespace die with
   * it, so the next run sees the same empty network as a fresh slot (loopback down, no sockets). */
  pid_t pid = (pid_t)syscall(SYS_clone, (unsigned long)(SIGCHLD | CLONE_NEWNET), NULL, NULL, NULL, 0UL);
  if (pid == 0) {
    close(errpipe[0]);
    z_child(req, fds, errpipe[1]);
  }
  close(errpipe[1]);
  for (int i = 0; i < NFDS; i++)
    if (i != FD_CPU_USAGE) close(fds[i]);
  if (pid < 0) {
    close(errpipe[0]);
    close(fds[FD_CPU_USAGE]);
    z_reply(sock, "setup=fork_failed_(errno_%d)", errno);
    return;
  }
  int64_t wall_deadline = t0 + wall_ms * 1000000LL;
  const char *killed = "none";
  int status = 0, done = 0;
  int64_t t1 = 0;
  for (;;) {
    for (;;) {
      int st;
      pid_t w = waitpid(-1, &st, WNOHANG);
      if (w <= 0) break;
      if (w == pid) {
        status = st;
        done = 1;
        t1 = now_ns();
      }
    }
    if (done) break;
    int64_t now = now_ns();
    if (now >= wall_deadline) {
      killed = "wall";
      break;
    }
    char b[64];
    if (get_text(fds[FD_CPU_USAGE], b, sizeof b) > 0 && strtoll(b, NULL, 10) > cpu_limit) {
      killed = "cpu";
      break;
    }
    int64_t left = (wall_deadline - now) / 1000000LL + 1;
    struct pollfd p = {z_sigfd, POLLIN, 0};
    if (poll(&p, 1, left < POLL_MS ? (int)left : POLL_MS) > 0) {
      struct signalfd_siginfo si;
      while (read(z_sigfd, &si, sizeof si) > 0) {
      }
    }
  }
  if (!done) t1 = now_ns();
  close(fds[FD_CPU_USAGE]);
  /* Set-up errors wait in the pipe; exec closed the child's end (close-on-exec), and the
   * child is dead by now: reading after the fact saves a wake-up per run. */
  char err[512] = {0};
  ssize_t en;
  fcntl(errpipe[0], F_SETFL, O_NONBLOCK);
  int clean = z_kill_all(now_ns() + 5000000000LL) == 0 && z_clean_ipc() == 0;
  do en = read(errpipe[0], err, sizeof err - 1);
  while (en < 0 && errno == EINTR);
  close(errpipe[0]);
  if (!done) {
    /* Killed by us: the main process died of our SIGKILL (reaped above). */
    status = SIGKILL;
  }
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  int sig = WIFSIGNALED(status) ? WTERMSIG(status) : (!done ? SIGKILL : 0);
  if (en > 0) {
    for (char *c = err; *c; c++)
      if (*c == '\n' || *c == ' ') *c = '_';
    z_reply(sock, "code=%d sig=%d killed=%s wall_us=%lld clean=%d setup=%s", code, sig, killed,
            (long long)((t1 - t0) / 1000), clean, err);
  } else {
    z_reply(sock, "code=%d sig=%d killed=%s wall_us=%lld clean=%d", code, sig, killed,
            (long long)((t1 - t0) / 1000), clean);
  }
}

static int zygote_main(void) {
  /* Runs have another uid; non-dumpable besides, so /proc/1 stays root-only in any case. */
  prctl(PR_SET_DUMPABLE, 0);
  /* Of the capabilities (in our user namespace only) we keep what starting and killing runs
   * needs: CAP_KILL 5, CAP_SETGID 6, CAP_SETUID 7, CAP_SETPCAP 8 (to empty a run's bounding set),
   * CAP_SYS_ADMIN 21 (only to clone each run into a fresh network namespace: the seccomp filter
   * refuses us mount, unshare and setns), CAP_CHECKPOINT_RESTORE 40 (to reset the pid counter). */
  for (int cap = 0; cap <= 63; cap++) {
    if ((cap >= 5 && cap <= 8) || cap == 21 || cap == 40) continue;
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno == EINVAL) break;
  }
  /* Only stdio and the socket to the keeper are ours. Descriptors received later must not land
   * on 0-2 (the child's dup2 of stdio would clobber them): keep those open. */
  syscall(SYS_close_range, ZYGOTE_FD + 1U, ~0U, 0U);
  for (int fd = 0; fd < 3; fd++)
    if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) != fd) die("stdio");
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  z_sigfd = signalfd(-1, &chld, SFD_NONBLOCK | SFD_CLOEXEC);
  if (z_sigfd < 0) die("signalfd");
  int sock = ZYGOTE_FD;
  fcntl(sock, F_SETFD, FD_CLOEXEC);
  z_reply(sock, "hello");
  static char buf[MAX_FRAME];
  for (;;) {
    char cbuf[CMSG_SPACE(sizeof(int) * NFDS)];
    struct iovec iov = {buf, sizeof buf - 1};
    struct msghdr msg = {0};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = cbuf;
    msg.msg_controllen = sizeof cbuf;
    ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0; /* keeper gone: the namespace dies with us */
    int fds[NFDS];
    int nfds = 0;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
      if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
        nfds = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        memcpy(fds, CMSG_DATA(c), sizeof(int) * (nfds > NFDS ? NFDS : (size_t)nfds));
      }
    }
    struct kv req;
    if (nfds != NFDS || (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || parse_kv(buf, (size_t)n, &req) != 0) {
      for (int i = 0; i < nfds && i < NFDS; i++) close(fds[i]);
      z_reply(sock, "setup=bad request");
      continue;
    }
    z_run(sock, &req, fds);
  }
}

/* =====================================================================================
 * keeper: host side, root. One per slot.
 * ===================================================================================== */

struct cg {
  char mem_base[4096], pids_base[4096], cpu_base[4096];
  char mem_run[4200], pids_run[4200], cpu_run[4200];
  int gen;
  int mem_limit, mem_memsw, mem_max, mem_usage, mem_oom, mem_procs;
  int pids_max, pids_current, pids_procs;
  int cpu_usage, cpu_procs;
  long long cur_limit, cur_pids;
};

static struct cg cg;
static char slot_dir[4096];
static pid_t bwrap_pid = -1;
static int zsock = -1;
static int last_pid_fd = -1;

static int open_in(const char *dir, const char *file, int flags) {
  char p[4400];
  snprintf(p, sizeof p, "%s/%s", dir, file);
  return open(p, flags | O_CLOEXEC);
}

static void mkdir_p(const char *dir) {
  if (mkdir(dir, 0755) != 0 && errno != EEXIST) die("mkdir %s", dir);
}

static void cg_open_mem(void) {
  snprintf(cg.mem_run, sizeof cg.mem_run, "%s/run-%d", cg.mem_base, cg.gen);
  mkdir_p(cg.mem_run);
  cg.mem_limit = open_in(cg.mem_run, "memory.limit_in_bytes", O_RDWR);
  cg.mem_memsw = open_in(cg.mem_run, "memory.memsw.limit_in_bytes", O_RDWR); /* may be absent */
  cg.mem_max = open_in(cg.mem_run, "memory.max_usage_in_bytes", O_RDWR);
  cg.mem_usage = open_in(cg.mem_run, "memory.usage_in_bytes", O_RDONLY);
  cg.mem_oom = open_in(cg.mem_run, "memory.oom_control", O_RDONLY);
  cg.mem_procs = open_in(cg.mem_run, "cgroup.procs", O_RDWR);
  if (cg.mem_limit < 0 || cg.mem_max < 0 || cg.mem_usage < 0 || cg.mem_oom < 0 || cg.mem_procs < 0)
    die("open memory cgroup %s", cg.mem_run);
  cg.cur_limit = -1;
}

static void cg_close_mem(void) {
  int *fds[] = {&cg.mem_limit, &cg.mem_memsw, &cg.mem_max, &cg.mem_usage, &cg.mem_oom, &cg.mem_procs};
  for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
    if (*fds[i] >= 0) close(*fds[i]), *fds[i] = -1;
}

static void cg_init(void) {
  char p[4400];
  mkdir_p(cg.mem_base);
  mkdir_p(cg.pids_base);
  mkdir_p(cg.cpu_base);
  snprintf(p, sizeof p, "%s/ctl", cg.mem_base);
  mkdir_p(p);
  snprintf(p, sizeof p, "%s/ctl", cg.pids_base);
  mkdir_p(p);
  snprintf(p, sizeof p, "%s/ctl", cg.cpu_base);
  mkdir_p(p);
  cg.gen = 1;
  cg_open_mem();
  snprintf(cg.pids_run, sizeof cg.pids_run, "%s/run", cg.pids_base);
  snprintf(cg.cpu_run, sizeof cg.cpu_run, "%s/run", cg.cpu_base);
  mkdir_p(cg.pids_run);
  mkdir_p(cg.cpu_run);
  cg.pids_max = open_in(cg.pids_run, "pids.max", O_RDWR);
  cg.pids_current = open_in(cg.pids_run, "pids.current", O_RDONLY);
  cg.pids_procs = open_in(cg.pids_run, "cgroup.procs", O_RDWR);
  cg.cpu_usage = open_in(cg.cpu_run, "cpuacct.usage", O_RDWR);
  cg.cpu_procs = open_in(cg.cpu_run, "cgroup.procs", O_RDWR);
  if (cg.pids_max < 0 || cg.pids_current < 0 || cg.pids_procs < 0 || cg.cpu_usage < 0 || cg.cpu_procs < 0)
    die("open run cgroups");
  cg.cur_pids = -1;
}

/* SIGKILL every task listed in a cgroup.procs until it is empty. 0 when empty. */
static int cg_kill_procs(const char *dir, int timeout_ms) {
  int64_t deadline = now_ns() + (int64_t)timeout_ms * 1000000LL;
  for (;;) {
    int fd = open_in(dir, "cgroup.procs", O_RDONLY);
    if (fd < 0) return errno == ENOENT ? 0 : -1;
    char b[65536];
    ssize_t n = get_text(fd, b, sizeof b);
    close(fd);
    if (n <= 0) return n == 0 ? 0 : -1;
    for (char *s = b; *s;) {
      long pid = strtol(s, &s, 10);
      if (pid > 0) kill((pid_t)pid, SIGKILL);
      while (*s == '\n') s++;
    }
    if (now_ns() > deadline) return -1;
    sleep_ms(2);
  }
}

/* Memory charge left by the last run (page cache of files it read, etc.): start afresh. */
static void cg_swap_mem(void) {
  char old[4200];
  snprintf(old, sizeof old, "%s", cg.mem_run);
  cg_close_mem();
  cg.gen++;
  cg_open_mem();
  if (rmdir(old) != 0) fprintf(stderr, "oj-sandbox: rmdir %s: %s\n", old, strerror(errno));
}

static void cg_cleanup(void) {
  char p[4400];
  const char *bases[] = {cg.mem_base, cg.pids_base, cg.cpu_base};
  cg_close_mem();
  for (int i = 0; i < 3; i++) {
    snprintf(p, sizeof p, "%s/ctl", bases[i]);
    cg_kill_procs(p, 2000);
    rmdir(p);
  }
  cg_kill_procs(cg.mem_run, 2000);
  cg_kill_procs(cg.pids_run, 2000);
  cg_kill_procs(cg.cpu_run, 2000);
  rmdir(cg.mem_run);
  rmdir(cg.pids_run);
  rmdir(cg.cpu_run);
  for (int i = 0; i < 3; i++) rmdir(bases[i]);
}

/* Write a memory limit keeping memsw >= limit at every step (the kernel refuses otherwise). */
static int cg_set_memory(long long bytes) {
  if (bytes == cg.cur_limit) return 0;
  long long cur = get_num(cg.mem_limit);
  if (bytes >= cur) {
    if (cg.mem_memsw >= 0 && put_num(cg.mem_memsw, bytes) != 0) return -1;
    if (put_num(cg.mem_limit, bytes) != 0) return -1;
  } else {
    if (put_num(cg.mem_limit, bytes) != 0) return -1;
    if (cg.mem_memsw >= 0 && put_num(cg.mem_memsw, bytes) != 0) return -1;
  }
  cg.cur_limit = bytes;
  return 0;
}

static long long oom_kills(void) {
  char b[1024];
  if (get_text(cg.mem_oom, b, sizeof b) < 0) return -1;
  char *p = strstr(b, "oom_kill ");
  return p ? strtoll(p + 9, NULL, 10) : 0;
}

/* Remove everything inside the directory open at dfd (no symlink is followed). */
static int wipe_fd(int dfd) {
  DIR *d = fdopendir(dfd);
  if (!d) return -1;
  int rc = 0;
  for (;;) {
    /* Restart the listing after each batch of deletions: readdir on a changing dir is fine on tmpfs. */
    struct dirent *e;
    int removed = 0;
    rewinddir(d);
    while ((e = readdir(d))) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
      if (unlinkat(dirfd(d), e->d_name, 0) == 0) {
        removed++;
        continue;
      }
      if (errno == EISDIR || errno == EPERM) {
        int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub >= 0) {
          fchmod(sub, 0700);
          if (wipe_fd(sub) != 0) rc = -1;
        }
        if (unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) == 0) removed++;
        else rc = -1;
      } else {
        rc = -1;
      }
    }
    if (removed == 0) break;
  }
  closedir(d);
  return rc;
}

/* Reset a slot directory's owner, mode, extended attributes and times; empty it when asked. */
static int reset_dir(const char *name, uid_t uid, mode_t mode, int empty) {
  char p[4400];
  snprintf(p, sizeof p, "%s/%s", slot_dir, name);
  int fd = open(p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return -1;
  int rc = 0;
  char names[8192];
  ssize_t n = flistxattr(fd, names, sizeof names);
  for (ssize_t i = 0; i < n; i += (ssize_t)strlen(names + i) + 1)
    if (fremovexattr(fd, names + i) != 0 && errno != ENODATA) rc = -1;
  if (fchown(fd, uid, uid) != 0 || fchmod(fd, mode) != 0) rc = -1;
  if (empty) {
    int dup = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (dup < 0 || wipe_fd(dup) != 0) rc = -1;
  }
  struct timespec ts[2] = {{0, 0}, {0, 0}};
  futimens(fd, ts);
  close(fd);
  return rc;
}

/* Everything: when the slot starts. */
static int wipe_slot(void) {
  int rc = 0;
  if (reset_dir("w", SANDBOX_ID, 0755, 1) != 0) rc = -1;
  if (reset_dir("tmp", SANDBOX_ID, 01777, 1) != 0) rc = -1;
  if (reset_dir("shm", SANDBOX_ID, 01777, 1) != 0) rc = -1;
  if (reset_dir("io", 0, 0700, 1) != 0) rc = -1;
  return rc;
}

/*
 * Before each run. The runner empties /w and io itself when it is done with a run (it reads
 * outputs there, then places the next run's files); /tmp and /dev/shm, which it never sees,
 * are emptied here, and every directory's metadata is reset. Memory charge the last run left
 * behind (page cache of files it read) would count against this run: fresh memory cgroup.
 */
static int prepare_slot(void) {
  int rc = 0;
  if (reset_dir("w", SANDBOX_ID, 0755, 0) != 0) rc = -1;
  if (reset_dir("tmp", SANDBOX_ID, 01777, 1) != 0) rc = -1;
  if (reset_dir("shm", SANDBOX_ID, 01777, 1) != 0) rc = -1;
  if (reset_dir("io", 0, 0700, 0) != 0) rc = -1;
  if (get_num(cg.pids_current) != 0) rc = -1;
  if (rc == 0 && get_num(cg.mem_usage) > DIRTY_BYTES) cg_swap_mem();
  return rc;
}

static void out(const char *fmt, ...) {
  char b[2048];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  if (n >= (int)sizeof b - 1) n = sizeof b - 2;
  b[n++] = '\n';
  if (write_all(1, b, (size_t)n) != 0) exit(0);
}

static void on_alarm(int sig) { (void)sig; }

#ifndef SYS_open_tree
#define SYS_open_tree 428
#endif
#define OJ_OPEN_TREE_CLONE 1

/* Open the file behind fd again through a private, detached copy of its mount whose root is
 * the file (open_tree(OPEN_TREE_CLONE), Linux 5.2): the new descriptor's path is "/". The copy
 * goes away with the last descriptor. A FIFO keeps its other end: the old descriptor is still
 * open while we reopen. */
static int reopen_detached(int fd, int flags) {
  int tree = (int)syscall(SYS_open_tree, fd, "", AT_EMPTY_PATH | OJ_OPEN_TREE_CLONE | O_CLOEXEC);
  if (tree < 0) return -1;
  char p[64];
  snprintf(p, sizeof p, "/proc/self/fd/%d", tree);
  int nfd = open(p, flags | O_CLOEXEC);
  int e = errno;
  close(tree);
  errno = e;
  return nfd;
}

/* Open a stdio file on the host (as the launcher shell did: a FIFO blocks until its other
 * end is opened by the other slot, so the pair is opened in complementary order). An
 * interval timer interrupts a FIFO that never gets its other end. */
static int open_stdio(const char *path, int wr) {
  int flags = (wr ? O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW : O_RDONLY) | O_NOCTTY | O_CLOEXEC;
  int fd = open(path, flags, 0600);
  if (fd < 0) return -1;
  /* An output file belongs to the run, so that reopening it through /dev/stdout or
   * /dev/stderr (/proc/self/fd/N) is allowed; its directory stays root-only. */
  struct stat sb;
  if (fstat(fd, &sb) != 0 || (wr && S_ISREG(sb.st_mode) && fchown(fd, SANDBOX_ID, SANDBOX_ID) != 0)) {
    int e = errno;
    close(fd);
    errno = e;
    return -1;
  }
  if (S_ISCHR(sb.st_mode)) return fd; /* /dev/null: the same path inside */
  /* The program must not learn host paths (the slot's io directory, the test data's place)
   * from readlink(/proc/self/fd/N): reopen the file through a detached clone of its mount
   * rooted at the file itself, whose link text is "/". Same file: nothing is copied. */
  int nfd = reopen_detached(fd, wr ? O_WRONLY | O_NOCTTY : O_RDONLY | O_NOCTTY);
  int e = errno;
  close(fd);
  errno = e;
  return nfd;
}

static void keeper_run(struct kv *req) {
  int64_t k0 = now_ns();
  if (prepare_slot() != 0) {
    out("done setup=slot_not_clean lost=1 doubt=1");
    return;
  }
  long long mem = kv_num(req, "memory", -1), pids = kv_num(req, "pids", -1);
  if (mem <= 0 || pids <= 0) {
    out("error bad run request");
    return;
  }
  if (cg_set_memory(mem) != 0) {
    out("done setup=cannot_set_memory_limit_(errno_%d) doubt=1", errno);
    return;
  }
  if (pids != cg.cur_pids) {
    if (put_num(cg.pids_max, pids) != 0) {
      out("done setup=cannot_set_pids_limit doubt=1");
      return;
    }
    cg.cur_pids = pids;
  }
  put_num(cg.mem_max, 0);
  put_num(cg.cpu_usage, 0);
  long long oom0 = oom_kills();

  const char *in = kv_get(req, "stdin"), *o = kv_get(req, "stdout"), *e = kv_get(req, "stderr");
  int out_first = kv_num(req, "outfirst", 0) != 0;
  long long open_ms = kv_num(req, "wall_ms", 3000) > 0 ? kv_num(req, "wall_ms", 3000) : 1;
  struct itimerval it = {{0, 0}, {open_ms / 1000, (open_ms % 1000) * 1000}};
  setitimer(ITIMER_REAL, &it, NULL);
  int fds[NFDS] = {-1, -1, -1, -1, -1, -1, -1, -1};
  if (out_first) {
    fds[FD_STDOUT] = open_stdio(o ? o : "/dev/null", 1);
    if (fds[FD_STDOUT] >= 0) fds[FD_STDIN] = open_stdio(in ? in : "/dev/null", 0);
  } else {
    fds[FD_STDIN] = open_stdio(in ? in : "/dev/null", 0);
    if (fds[FD_STDIN] >= 0) fds[FD_STDOUT] = open_stdio(o ? o : "/dev/null", 1);
  }
  if (fds[FD_STDIN] >= 0 && fds[FD_STDOUT] >= 0) fds[FD_STDERR] = open_stdio(e ? e : "/dev/null", 1);
  int open_errno = errno;
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
  if (fds[FD_STDIN] < 0 || fds[FD_STDOUT] < 0 || fds[FD_STDERR] < 0) {
    for (int i = 0; i < 3; i++)
      if (fds[i] >= 0) close(fds[i]);
    if (open_errno == EINTR)
      out("done code=-1 sig=9 killed=wall wall_us=%lld clean=1 cpu_ns=0 mem=0 oom=0 doubt=0",
          kv_num(req, "wall_ms", 0) * 1000);
    else
      out("done setup=cannot_open_stdio_(errno_%d) doubt=0", open_errno);
    return;
  }
  fds[FD_MEM_PROCS] = cg.mem_procs;
  fds[FD_PIDS_PROCS] = cg.pids_procs;
  fds[FD_CPU_PROCS] = cg.cpu_procs;
  fds[FD_CPU_USAGE] = cg.cpu_usage;
  fds[FD_LAST_PID] = last_pid_fd;

  /* The zygote's request: everything but our own keys. */
  static char zbuf[MAX_FRAME];
  size_t zn = 0;
  for (int i = 0; i < req->n; i++) {
    size_t kl = strlen(req->key[i]) + 1, vl = strlen(req->val[i]) + 1;
    if (zn + kl + vl > sizeof zbuf) {
      for (int j = 0; j < 3; j++) close(fds[j]);
      out("done setup=request_too_large doubt=0");
      return;
    }
    memcpy(zbuf + zn, req->key[i], kl);
    memcpy(zbuf + zn + kl, req->val[i], vl);
    zn += kl + vl;
  }
  char cbuf[CMSG_SPACE(sizeof(int) * NFDS)];
  memset(cbuf, 0, sizeof cbuf);
  struct iovec iov = {zbuf, zn};
  struct msghdr msg = {0};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = cbuf;
  msg.msg_controllen = sizeof cbuf;
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int) * NFDS);
  memcpy(CMSG_DATA(c), fds, sizeof(int) * NFDS);
  int64_t k1 = now_ns();
  ssize_t sent = sendmsg(zsock, &msg, MSG_NOSIGNAL);
  for (int i = 0; i < 3; i++) close(fds[i]);
  if (sent < 0) {
    out("done setup=sandbox_helper_gone lost=1 doubt=1");
    return;
  }

  /* The zygote enforces the limits; we only guard against it hanging or dying. */
  int64_t guard = kv_num(req, "wall_ms", 3000) + 10000;
  char reply[1100];
  struct pollfd p = {zsock, POLLIN, 0};
  int pr;
  do pr = poll(&p, 1, (int)guard);
  while (pr < 0 && errno == EINTR);
  ssize_t rn = pr > 0 ? recv(zsock, reply, sizeof reply - 1, 0) : -1;
  if (rn <= 0) {
    cg_kill_procs(cg.pids_run, 3000);
    cg_kill_procs(cg.mem_run, 3000);
    out("done setup=sandbox_helper_%s doubt=1", pr == 0 ? "hung" : "died");
    return;
  }
  reply[rn] = 0;
  int64_t k2 = now_ns();
  /* A tree that is not dead, or a cgroup that is not empty, puts the slot in doubt. */
  long long left = get_num(cg.pids_current);
  int doubt = strstr(reply, "clean=1") == NULL || left != 0;
  if (doubt) {
    cg_kill_procs(cg.pids_run, 3000);
    cg_kill_procs(cg.mem_run, 3000);
  }
  long long cpu = get_num(cg.cpu_usage), peak = get_num(cg.mem_max), oom1 = oom_kills();
  /* keeper_us: our own set-up before and bookkeeping after the zygote's part (diagnostics). */
  out("done %s cpu_ns=%lld mem=%lld oom=%lld doubt=%d keeper_us=%lld", reply, cpu, peak,
      oom1 >= 0 && oom0 >= 0 ? oom1 - oom0 : 0, doubt, (long long)((k1 - k0 + now_ns() - k2) / 1000));
}

static void keeper_cleanup(void) {
  if (bwrap_pid > 0) {
    kill(bwrap_pid, SIGKILL);
    waitpid(bwrap_pid, NULL, 0);
  }
  cg_cleanup();
  if (slot_dir[0]) {
    umount2(slot_dir, MNT_DETACH);
    rmdir(slot_dir);
  }
}

static void on_term(int sig) {
  (void)sig;
  keeper_cleanup();
  _exit(0);
}

/* Write one line to /proc/<pid>/<file> (the id maps of a child's user namespace). */
static int write_proc(pid_t pid, const char *file, const char *text) {
  char p[64];
  snprintf(p, sizeof p, "/proc/%d/%s", (int)pid, file);
  int fd = open(p, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  int rc = write_all(fd, text, strlen(text));
  close(fd);
  return rc;
}

/*
 * Start bubblewrap with the zygote as its pid 1; returns the zygote's host pid. bubblewrap runs
 * as root of a user namespace we make with two ids (0 → ZYGOTE_HOST_ID for the zygote, 65534 →
 * 65534 for runs), which bubblewrap alone cannot (it maps one id), and in which no further user
 * namespace can be created.
 */
static pid_t start_bwrap(char **bwrap_argv, const char *seccomp) {
  int sp[2], st[2], sync1[2], sync2[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp) != 0) die("socketpair");
  if (pipe2(st, O_CLOEXEC) != 0) die("pipe");
  if (pipe2(sync1, O_CLOEXEC) != 0 || pipe2(sync2, O_CLOEXEC) != 0) die("pipe");
  int sfd = -1;
  if (seccomp && *seccomp) {
    sfd = open(seccomp, O_RDONLY | O_CLOEXEC);
    if (sfd < 0) die("open %s", seccomp);
  }
  bwrap_pid = fork();
  if (bwrap_pid < 0) die("fork");
  if (bwrap_pid == 0) {
    char p[4400];
    const char *bases[] = {cg.mem_base, cg.pids_base, cg.cpu_base};
    for (int i = 0; i < 3; i++) {
      snprintf(p, sizeof p, "%s/ctl", bases[i]);
      int fd = open_in(p, "cgroup.procs", O_WRONLY);
      if (fd < 0 || write(fd, "0", 1) != 1) die("join %s", p);
      close(fd);
    }
    int devnull = open("/dev/null", O_RDWR);
    if (devnull < 0) die("/dev/null");
    /* Our own user namespace; the keeper (root outside) writes its id maps. */
    if (unshare(CLONE_NEWUSER) != 0) die("unshare(CLONE_NEWUSER)");
    char c = 'u';
    if (write(sync1[1], &c, 1) != 1 || read(sync2[0], &c, 1) != 1 || c != 'm') die("user namespace maps");
    /* Fixed descriptor numbers for bwrap's argv: 3 zygote socket, 4 status, 5 seccomp. */
    int hi = 100;
    int zs = fcntl(sp[1], F_DUPFD, hi), stw = fcntl(st[1], F_DUPFD, hi), sc = sfd >= 0 ? fcntl(sfd, F_DUPFD, hi) : -1;
    if (zs < 0 || stw < 0 || (sfd >= 0 && sc < 0)) die("dup");
    if (dup2(devnull, 0) < 0 || dup2(devnull, 1) < 0 || dup2(zs, ZYGOTE_FD) < 0 || dup2(stw, STATUS_FD) < 0)
      die("dup2");
    if (sc >= 0 && dup2(sc, SECCOMP_FD) < 0) die("dup2");
    syscall(SYS_close_range, (unsigned)(sc >= 0 ? SECCOMP_FD + 1 : STATUS_FD + 1), ~0U, 0U);
    /* Become the namespace's root (host ZYGOTE_HOST_ID), keeping its capabilities there. */
    if (setresgid(0, 0, 0) != 0 || setgroups(0, NULL) != 0 || setresuid(0, 0, 0) != 0) die("drop privileges");
    /* No program in the slot may create a user namespace (bubblewrap makes none here). */
    int un = open("/proc/sys/user/max_user_namespaces", O_WRONLY | O_CLOEXEC);
    if (un < 0 || write(un, "0", 1) != 1) die("max_user_namespaces");
    close(un);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    execv(bwrap_argv[0], bwrap_argv);
    die("exec %s", bwrap_argv[0]);
  }
  close(sp[1]);
  close(st[1]);
  close(sync1[1]);
  close(sync2[0]);
  if (sfd >= 0) close(sfd);
  zsock = sp[0];
  {
    char c = 0, map[64];
    int ok = read(sync1[0], &c, 1) == 1 && c == 'u';
    snprintf(map, sizeof map, "0 %d 1\n%d %d 1\n", ZYGOTE_HOST_ID, SANDBOX_ID, SANDBOX_ID);
    ok = ok && write_proc(bwrap_pid, "uid_map", map) == 0 && write_proc(bwrap_pid, "gid_map", map) == 0;
    c = 'm';
    if (ok) ok = write(sync2[1], &c, 1) == 1;
    close(sync1[0]);
    close(sync2[1]);
    if (!ok) {
      errno = EPROTO;
      return -1;
    }
  }
  /* bwrap reports {"child-pid": N}; the zygote then says hello. */
  char b[512];
  size_t n = 0;
  pid_t child = -1;
  while (n < sizeof b - 1) {
    struct pollfd p = {st[0], POLLIN, 0};
    if (poll(&p, 1, 10000) <= 0) break;
    ssize_t r = read(st[0], b + n, sizeof b - 1 - n);
    if (r <= 0) break;
    n += (size_t)r;
    b[n] = 0;
    char *c = strstr(b, "\"child-pid\"");
    if (c && strchr(c, '}')) {
      c = strchr(c, ':');
      child = c ? (pid_t)strtol(c + 1, NULL, 10) : -1;
      break;
    }
  }
  close(st[0]);
  struct pollfd p = {zsock, POLLIN, 0};
  char hello[64];
  if (child <= 0 || poll(&p, 1, 10000) <= 0 || recv(zsock, hello, sizeof hello, 0) <= 0) {
    errno = EPROTO;
    return -1;
  }
  return child;
}

static int keeper_main(int argc, char **argv) {
  const char *seccomp = NULL;
  long long tmpfs_size = 512LL << 20, inodes = 8192;
  int i = 2;
  for (; i < argc && strcmp(argv[i], "--") != 0; i += 2) {
    if (i + 1 >= argc) break;
    const char *k = argv[i], *v = argv[i + 1];
    if (!strcmp(k, "--slot-dir")) snprintf(slot_dir, sizeof slot_dir, "%s", v);
    else if (!strcmp(k, "--cg-memory")) snprintf(cg.mem_base, sizeof cg.mem_base, "%s", v);
    else if (!strcmp(k, "--cg-pids")) snprintf(cg.pids_base, sizeof cg.pids_base, "%s", v);
    else if (!strcmp(k, "--cg-cpuacct")) snprintf(cg.cpu_base, sizeof cg.cpu_base, "%s", v);
    else if (!strcmp(k, "--seccomp")) seccomp = v;
    else if (!strcmp(k, "--tmpfs-size")) tmpfs_size = strtoll(v, NULL, 10);
    else if (!strcmp(k, "--tmpfs-inodes")) inodes = strtoll(v, NULL, 10);
  }
  if (i >= argc || !slot_dir[0] || !cg.mem_base[0] || !cg.pids_base[0] || !cg.cpu_base[0]) {
    fprintf(stderr, "oj-sandbox keeper: missing options\n");
    return 64;
  }
  char **bwrap_argv = argv + i + 1;
  /* We go when the runner goes (bwrap --die-with-parent takes the sandbox with us). */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) return 0;
  signal(SIGPIPE, SIG_IGN);
  signal(SIGTERM, on_term);
  signal(SIGINT, on_term);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm; /* no SA_RESTART: a blocked FIFO open returns EINTR */
  sigaction(SIGALRM, &sa, NULL);

  mkdir_p(slot_dir);
  char opts[128];
  snprintf(opts, sizeof opts, "size=%lld,nr_inodes=%lld,mode=0755", tmpfs_size, inodes);
  if (mount("tmpfs", slot_dir, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) die("mount tmpfs on %s", slot_dir);
  const char *subdirs[] = {"w", "tmp", "shm", "io"};
  for (int j = 0; j < 4; j++) {
    char p[4400];
    snprintf(p, sizeof p, "%s/%s", slot_dir, subdirs[j]);
    mkdir_p(p);
  }
  cg_init();
  wipe_slot();
  {
    /* Every run's stdio is reopened through a detached mount (reopen_detached): refuse to
     * start where the kernel cannot (the runner then falls back to one-shot runs). */
    int probe = open(slot_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int again = probe >= 0 ? reopen_detached(probe, O_RDONLY | O_DIRECTORY) : -1;
    if (again < 0) {
      fprintf(stderr, "oj-sandbox keeper: cannot reopen through a detached mount (open_tree): %s\n", strerror(errno));
      keeper_cleanup();
      return 70;
    }
    close(again);
    close(probe);
  }
  last_pid_fd = open("/proc/sys/kernel/ns_last_pid", O_RDWR | O_CLOEXEC);
  if (last_pid_fd < 0) last_pid_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (last_pid_fd < 0) die("/dev/null");
  pid_t zygote = start_bwrap(bwrap_argv, seccomp);
  if (zygote < 0) {
    fprintf(stderr, "oj-sandbox keeper: bubblewrap did not start\n");
    keeper_cleanup();
    return 70;
  }
  out("ready bwrap=%d zygote=%d", (int)bwrap_pid, (int)zygote);

  static char buf[MAX_FRAME];
  for (;;) {
    uint32_t len;
    if (read_all(0, &len, 4) != 0) break;
    if (len == 0 || len > MAX_FRAME) {
      out("error bad frame");
      break;
    }
    if (read_all(0, buf, len) != 0) break;
    struct kv req;
    if (parse_kv(buf, len, &req) != 0) {
      out("error bad frame");
      continue;
    }
    const char *cmd = kv_get(&req, "cmd");
    if (cmd && !strcmp(cmd, "run")) keeper_run(&req);
    else if (cmd && !strcmp(cmd, "quit")) break;
    else out("error unknown command");
  }
  keeper_cleanup();
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && !strcmp(argv[1], "zygote")) return zygote_main();
  if (argc >= 2 && !strcmp(argv[1], "keeper")) return keeper_main(argc, argv);
  fprintf(stderr, "usage: oj-sandbox keeper OPTIONS -- BWRAP_ARGV... | oj-sandbox zygote\n");
  return 64;
}

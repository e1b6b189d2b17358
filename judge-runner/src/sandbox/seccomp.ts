/**
 * A small seccomp deny-list as a classic BPF program (the format bwrap --seccomp reads):
 * syscalls a submission never needs and that widen the kernel attack surface answer
 * EPERM; socket(AF_VSOCK, …) answers EAFNOSUPPORT (vsock is not namespaced: it reaches the
 * hypervisor and other guests whatever the network namespace); everything else is allowed.
 * x86-64 only; other ABIs on x86-64 are refused.
 */

const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
const RET_ERRNO_EPERM = 0x00050000 | 1;
const RET_ERRNO_EAFNOSUPPORT = 0x00050000 | 97;
/** socket(2) on x86-64, and the address families it may not create. */
export const SOCKET_SYSCALL = 41;
export const DENIED_FAMILIES: Record<string, number> = { AF_VSOCK: 40 };
/** seccomp_data offsets: nr, arch, then args[0] (its low 32 bits: the int domain of socket). */
const OFF_NR = 0;
const OFF_ARCH = 4;
const OFF_ARG0_LO = 16;

const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_JGE_K = 0x35;
const BPF_RET_K = 0x06;

/** x86-64 numbers. clone3 stays allowed: glibc 2.36 creates threads with it. */
export const DENIED_SYSCALLS: Record<string, number> = {
  ptrace: 101,
  syslog: 103,
  acct: 163,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  fanotify_init: 300,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  mount_setattr: 442,
};

function insn(code: number, jt: number, jf: number, k: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeUInt16LE(code, 0);
  b.writeUInt8(jt, 2);
  b.writeUInt8(jf, 3);
  b.writeUInt32LE(k >>> 0, 4);
  return b;
}

/** The filter program, or null where it does not apply (not x86-64). */
export function buildSeccompFilter(arch: string = process.arch): Buffer | null {
  if (arch !== 'x64') return null;
  const denied = Object.values(DENIED_SYSCALLS);
  const families = Object.values(DENIED_FAMILIES);
  const prog: Buffer[] = [];
  // Indexes: 0 load arch, 1 check, 2 kill, 3 load nr, 4 x32 check, 5.. one JEQ per syscall,
  // then: socket? (else allow), load its domain, one JEQ per family, allow, deny, family deny.
  const socketAt = 5 + denied.length;
  const familiesAt = socketAt + 2;
  const allowAt = familiesAt + families.length;
  const denyAt = allowAt + 1;
  const familyDenyAt = denyAt + 1;
  /** Jump offset from the instruction at `from` to `to` (classic BPF jumps are relative). */
  const to = (from: number, target: number) => target - (from + 1);
  prog.push(insn(BPF_LD_W_ABS, 0, 0, OFF_ARCH));
  prog.push(insn(BPF_JEQ_K, 1, 0, AUDIT_ARCH_X86_64));
  prog.push(insn(BPF_RET_K, 0, 0, RET_KILL_PROCESS));
  prog.push(insn(BPF_LD_W_ABS, 0, 0, OFF_NR));
  prog.push(insn(BPF_JGE_K, to(4, denyAt), 0, X32_SYSCALL_BIT));
  denied.forEach((nr, i) => prog.push(insn(BPF_JEQ_K, to(5 + i, denyAt), 0, nr)));
  prog.push(insn(BPF_JEQ_K, 0, to(socketAt, allowAt), SOCKET_SYSCALL));
  prog.push(insn(BPF_LD_W_ABS, 0, 0, OFF_ARG0_LO));
  families.forEach((f, i) => prog.push(insn(BPF_JEQ_K, to(familiesAt + i, familyDenyAt), 0, f)));
  prog.push(insn(BPF_RET_K, 0, 0, RET_ALLOW));
  prog.push(insn(BPF_RET_K, 0, 0, RET_ERRNO_EPERM));
  prog.push(insn(BPF_RET_K, 0, 0, RET_ERRNO_EAFNOSUPPORT));
  return Buffer.concat(prog);
}

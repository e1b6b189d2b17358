import { describe, expect, it } from 'vitest';
import { DENIED_SYSCALLS, SOCKET_SYSCALL, buildSeccompFilter } from './seccomp';

/** A tiny classic-BPF interpreter for the instructions the builder emits. */
function run(prog: Buffer, arch: number, nr: number, arg0 = 0): number {
  let acc = 0;
  for (let pc = 0; pc < prog.length / 8; pc++) {
    const code = prog.readUInt16LE(pc * 8);
    const jt = prog.readUInt8(pc * 8 + 2);
    const jf = prog.readUInt8(pc * 8 + 3);
    const k = prog.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) {
      if (k === 0) acc = nr;
      else if (k === 4) acc = arch;
      else if (k === 16) acc = arg0 >>> 0;
      else throw new Error(`unexpected load offset ${k}`);
    } else if (code === 0x15) pc += acc === k ? jt : jf;
    else if (code === 0x35) pc += acc >= k ? jt : jf;
    else if (code === 0x06) return k;
    else throw new Error(`unexpected opcode ${code}`);
  }
  throw new Error('fell off the program');
}

describe('seccomp filter', () => {
  const prog = buildSeccompFilter('x64')!;
  const X86_64 = 0xc000003e;
  it('denies every listed syscall with EPERM', () => {
    for (const nr of Object.values(DENIED_SYSCALLS)) expect(run(prog, X86_64, nr)).toBe(0x00050001);
  });
  it('allows ordinary syscalls (read, write, mmap, clone, clone3, execve, exit_group)', () => {
    for (const nr of [0, 1, 9, 56, 435, 59, 231]) expect(run(prog, X86_64, nr)).toBe(0x7fff0000);
  });
  it('socket(AF_VSOCK, …) answers EAFNOSUPPORT; other families and syscalls with a 40 argument pass', () => {
    expect(run(prog, X86_64, SOCKET_SYSCALL, 40)).toBe(0x00050000 | 97);
    for (const family of [1, 2, 10, 16, 17])
      expect(run(prog, X86_64, SOCKET_SYSCALL, family)).toBe(0x7fff0000);
    // socketpair, read, write with a first argument of 40 are not socket(AF_VSOCK).
    for (const nr of [53, 0, 1]) expect(run(prog, X86_64, nr, 40)).toBe(0x7fff0000);
  });
  it('refuses x32 syscalls and kills other architectures', () => {
    expect(run(prog, X86_64, 0x40000000 + 1)).toBe(0x00050001);
    expect(run(prog, 0x40000003, 1)).toBe(0x80000000);
  });
  it('is not built for other host architectures', () => {
    expect(buildSeccompFilter('arm64')).toBeNull();
  });
});

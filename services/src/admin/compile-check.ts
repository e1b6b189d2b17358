// The compile check behind POST /api/admin/problem/compile-spj and compile-interactive (routes of the
// problem capability, which asks its CheckerCompilePort): special-judge and interactor code for the
// problem form's Compile button. The API process has no sandbox, so it
// only runs the compiler's front end (-fsyntax-only: nothing is linked or executed), with the
// judge's flags, a 10 s timeout and the judge extra files as headers in a private temp dir. The
// runners still compile the code for real (and report a failure as System Error) when judging.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const COMPILERS: Record<string, { bin: string; args: string[]; file: string }> = {
  C: {
    bin: 'gcc',
    args: ['-DONLINE_JUDGE', '-w', '-fmax-errors=3', '-std=c11', '-fsyntax-only'],
    file: 'spj.c',
  },
  'C++': {
    bin: 'g++',
    args: ['-DONLINE_JUDGE', '-w', '-fmax-errors=3', '-std=c++17', '-fsyntax-only'],
    file: 'spj.cpp',
  },
};
// The checker languages of imported Kattis validators (judge-runner CHECKER_LANGUAGES) check the same way.
COMPILERS['SPJ-C'] = COMPILERS.C!;
COMPILERS['SPJ-C++17'] = COMPILERS['C++']!;

export const COMPILE_MSG = {
  EMPTY: '参数不能为空！',
  OK: '编译成功！',
  NO_JUDGE: '没有可用的判题服务器，请重新尝试！',
} as const;

export async function compileCheck(
  code: string,
  language: string,
  extraFiles: Record<string, string>,
): Promise<{ ok: true } | { ok: false; message: string; unavailable?: boolean }> {
  const c = COMPILERS[language];
  if (!c) return { ok: false, message: `unsupported language: ${language}` };
  const dir = await mkdtemp(join(tmpdir(), 'oj-compile-'));
  try {
    for (const [name, content] of Object.entries(extraFiles)) {
      const safe = basename(name);
      if (safe && content) await writeFile(join(dir, safe), content);
    }
    await writeFile(join(dir, c.file), code);
    return await new Promise((resolve) => {
      const child = spawn(c.bin, [...c.args, c.file], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        if (stderr.length < 16_384) stderr += d.toString('utf8');
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.on('error', () => {
        clearTimeout(timer);
        resolve({ ok: false, message: COMPILE_MSG.NO_JUDGE, unavailable: true });
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve(code === 0 ? { ok: true } : { ok: false, message: stderr.trim() || `compiler exit ${code}` });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The problem capability's CheckerCompilePort, answered by a compiler front-end check in this
 * process (the reference envelopes: a compile error is status 500 with the compiler output, no
 * compiler on this host is the 400 "no judge available").
 */
export const compilerFrontEndPort = {
  async compile(input: {
    kind: 'spj' | 'interactive';
    code: string;
    language: string;
    extraFiles: Record<string, string>;
  }) {
    const r = await compileCheck(input.code, input.language, input.extraFiles);
    if (r.ok) return { ok: true as const };
    return { ok: false as const, status: (r.unavailable ? 400 : 500) as 400 | 500, msg: r.message };
  },
};

// POST /api/admin/problem/compile-spj and compile-interactive: a compile check of special-judge and
// interactor code for the problem form's Compile button. The API process has no sandbox, so it
// only runs the compiler's front end (-fsyntax-only: nothing is linked or executed), with the
// judge's flags, a 10 s timeout and the judge extra files as headers in a private temp dir. The
// runners still compile the code for real (and report a failure as System Error) when judging.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Type } from '@sinclair/typebox';
import type { App } from '../platform/http/app';
import { EnvelopeStatus } from '@oj/protocol';

export const CompileBody = Type.Object({
  code: Type.Optional(Type.Union([Type.String({ maxLength: 200_000 }), Type.Null()])),
  language: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  pid: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  extraFiles: Type.Optional(Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()])),
});

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

export function registerCompileRoutes(app: App) {
  for (const kind of ['spj', 'interactive'] as const)
    app.post(
      `/api/admin/problem/compile-${kind}`,
      {
        config: { access: 'login', roles: ['root', 'admin', 'problem_admin'] },
        schema: { tags: ['admin'], body: CompileBody },
      },
      async (req) => {
        const { code, language, extraFiles } = req.body;
        if (!code || !language) return { status: EnvelopeStatus.FAIL, msg: COMPILE_MSG.EMPTY, data: null };
        const r = await compileCheck(code, language, extraFiles ?? {});
        if (r.ok) return { status: 200, msg: COMPILE_MSG.OK, data: null };
        // The reference: a compile error is status 500 with the compiler's output; no judge is 400.
        return { status: r.unavailable ? EnvelopeStatus.FAIL : 500, msg: r.message, data: null };
      },
    );
}

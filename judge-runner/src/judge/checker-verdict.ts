/**
 * Special judge / interactor verdicts (judge.md §4.1): exit codes 0/100–103/99 and
 * testlib-style stderr. A checker failure is never blamed on the user (SE).
 */
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import type { SandboxResult } from '../sandbox/index';

export interface CheckerVerdict {
  status: number;
  /** Partial credit in [0,1] for PA. */
  percentage: number | null;
  message: string;
}

const S = JudgeStatus;

function partial(p: number, message: string): CheckerVerdict {
  if (!Number.isFinite(p) || p < 0) return { status: S.SYSTEM_ERROR, percentage: null, message };
  if (p >= 100) return { status: S.ACCEPTED, percentage: null, message };
  return { status: S.PARTIAL_ACCEPTED, percentage: p / 100, message };
}

/** testlib stderr (first 1024 chars, prefix match). */
export function parseTestlib(stderr: string): CheckerVerdict {
  const s = stderr.slice(0, 1024);
  if (s.startsWith('ok ')) return { status: S.ACCEPTED, percentage: null, message: s };
  if (s.startsWith('wrong answer ')) return { status: S.WRONG_ANSWER, percentage: null, message: s };
  if (s.startsWith('wrong output format ')) {
    return { status: S.WRONG_ANSWER, percentage: null, message: `May be output presentation error. ${s}` };
  }
  let m = /^partially correct \((-?[\d.]+)\) /.exec(s);
  if (m) return partial(Number(m[1]), s);
  m = /^points (-?[\d.]+) /.exec(s);
  if (m) return partial(Number(m[1]), s);
  return { status: S.SYSTEM_ERROR, percentage: null, message: s };
}

/** Verdict from a checker run and its (bounded) stdout/stderr. */
export function checkerVerdict(r: SandboxResult, stdout: string, stderr: string): CheckerVerdict {
  const message = stderr.slice(0, 1024);
  if (r.setupError) return { status: S.SYSTEM_ERROR, percentage: null, message: `checker: ${r.setupError}` };
  if (r.tle || r.mle) {
    return {
      status: S.SYSTEM_ERROR,
      percentage: null,
      message: `checker ${r.tle ? 'time' : 'memory'} limit exceeded`,
    };
  }
  if (!r.re && !r.ole) return { status: S.ACCEPTED, percentage: null, message };
  const code = r.exitCode ?? r.signal ?? -1;
  switch (code) {
    case 100:
      return { status: S.ACCEPTED, percentage: null, message };
    case 101:
      return { status: S.PRESENTATION_ERROR, percentage: null, message };
    case 102:
      return { status: S.WRONG_ANSWER, percentage: null, message };
    case 103:
      return { status: S.SYSTEM_ERROR, percentage: null, message };
    case 99: {
      const p = stdout.trim();
      if (/^-?\d+(\.\d+)?$/.test(p)) return partial(Number(p), message);
      return { status: S.PARTIAL_ACCEPTED, percentage: null, message };
    }
    default:
      if (stderr.trim() !== '') return parseTestlib(stderr);
      return {
        status: S.SYSTEM_ERROR,
        percentage: null,
        message: `checker exited with ${code} and no message`,
      };
  }
}

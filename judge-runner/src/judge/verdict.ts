/**
 * Sandbox result → case verdict (judge.md §1.3), with the corrections listed in
 * docs/compat.md: an OOM kill is MLE (HOJ: RE "9 (Killed)").
 */
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import type { SandboxResult } from '../sandbox/index';
import { runtimeErrorMessage } from './signals';

export const OLE_MESSAGE = 'The output character length of the program exceeds the limit';

export interface RunVerdict {
  /** null: the run is clean and within limits; compare the output (or run the checker). */
  status: number | null;
  message?: string;
}

/** T = effective time limit (ms), M = effective memory limit (MiB). */
export function runVerdict(r: SandboxResult, timeLimitMs: number, memoryLimitMb: number): RunVerdict {
  if (r.setupError) return { status: JudgeStatus.SYSTEM_ERROR, message: r.setupError };
  const memoryOver = r.memoryKB > memoryLimitMb * 1024;
  const clean = !r.re && !r.tle && !r.mle && !r.ole;
  if (clean) {
    if (r.timeMs > timeLimitMs) return { status: JudgeStatus.TIME_LIMIT_EXCEEDED };
    if (memoryOver) return { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED };
    return { status: null };
  }
  if (r.tle) return { status: JudgeStatus.TIME_LIMIT_EXCEEDED };
  // Killed by the kernel at the cgroup limit (HOJ reports this as RE "9 (Killed)").
  if (r.mle) return { status: JudgeStatus.MEMORY_LIMIT_EXCEEDED };
  if (r.ole) return { status: JudgeStatus.RUNTIME_ERROR, message: OLE_MESSAGE };
  return { status: JudgeStatus.RUNTIME_ERROR, message: runtimeErrorMessage(r.exitCode, r.signal) };
}

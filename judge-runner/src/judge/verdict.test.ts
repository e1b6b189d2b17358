import { describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import type { SandboxResult } from '../sandbox/index';
import { OLE_MESSAGE, runVerdict } from './verdict';
import { runtimeErrorMessage } from './signals';

function res(extra: Partial<SandboxResult>): SandboxResult {
  return {
    exitCode: 0,
    signal: null,
    timeMs: 10,
    wallMs: 20,
    memoryKB: 1000,
    tle: false,
    mle: false,
    ole: false,
    re: false,
    killedBy: null,
    setupError: null,
    ...extra,
  };
}

describe('runVerdict (judge.md §1.3)', () => {
  it('clean run: within limits → compare; CPU in (T, T+200] → TLE; memory over M → MLE', () => {
    expect(runVerdict(res({}), 1000, 256).status).toBeNull();
    expect(runVerdict(res({ timeMs: 1100 }), 1000, 256).status).toBe(S.TIME_LIMIT_EXCEEDED);
    expect(runVerdict(res({ memoryKB: 256 * 1024 + 1 }), 1000, 256).status).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });
  it('exit status beats output: return 1 → RE', () => {
    expect(runVerdict(res({ exitCode: 1, re: true }), 1000, 256)).toEqual({
      status: S.RUNTIME_ERROR,
      message: 'The program return exit status code: 1',
    });
  });
  it('signals are named', () => {
    expect(runVerdict(res({ exitCode: null, signal: 11, re: true }), 1000, 256).message).toBe(
      'The program return exit status code: 11 (Segmentation fault)',
    );
    expect(runtimeErrorMessage(null, 8)).toMatch(/8 \(Floating point exception\)$/);
  });
  it('OOM kill is MLE (HOJ: RE 9 Killed); any other death is RE even above M (as HOJ); OLE is RE with the OLE message', () => {
    expect(runVerdict(res({ exitCode: null, signal: 9, re: true, mle: true }), 1000, 256).status).toBe(
      S.MEMORY_LIMIT_EXCEEDED,
    );
    expect(
      runVerdict(res({ exitCode: null, signal: 6, re: true, memoryKB: 300 * 1024 }), 1000, 256).status,
    ).toBe(S.RUNTIME_ERROR);
    expect(runVerdict(res({ ole: true, exitCode: null, signal: 25, re: true }), 1000, 256)).toEqual({
      status: S.RUNTIME_ERROR,
      message: OLE_MESSAGE,
    });
  });
  it('killed at the CPU or wall limit → TLE; set-up failure → SE', () => {
    expect(
      runVerdict(res({ tle: true, killedBy: 'wall', signal: 9, exitCode: null, re: true }), 1000, 256).status,
    ).toBe(S.TIME_LIMIT_EXCEEDED);
    expect(runVerdict(res({ setupError: 'x' }), 1000, 256).status).toBe(S.SYSTEM_ERROR);
  });
});

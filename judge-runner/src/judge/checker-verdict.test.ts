import { describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import type { SandboxResult } from '../sandbox/index';
import { checkerVerdict, parseTestlib } from './checker-verdict';

function res(exitCode: number | null, extra: Partial<SandboxResult> = {}): SandboxResult {
  return {
    exitCode,
    signal: null,
    timeMs: 1,
    wallMs: 2,
    memoryKB: 100,
    tle: false,
    mle: false,
    ole: false,
    re: exitCode !== 0,
    killedBy: null,
    setupError: null,
    ...extra,
  };
}

describe('checkerVerdict (judge.md §4.1)', () => {
  it('maps exit codes 0/100/101/102/103', () => {
    expect(checkerVerdict(res(0), '', '').status).toBe(S.ACCEPTED);
    expect(checkerVerdict(res(100), '', '').status).toBe(S.ACCEPTED);
    expect(checkerVerdict(res(101), '', '').status).toBe(S.PRESENTATION_ERROR);
    expect(checkerVerdict(res(102), '', 'no').status).toBe(S.WRONG_ANSWER);
    expect(checkerVerdict(res(103), '', '').status).toBe(S.SYSTEM_ERROR);
  });
  it('exit 99 reads the percentage from stdout', () => {
    expect(checkerVerdict(res(99), '40\n', '')).toMatchObject({
      status: S.PARTIAL_ACCEPTED,
      percentage: 0.4,
    });
    expect(checkerVerdict(res(99), '100', '').status).toBe(S.ACCEPTED);
    expect(checkerVerdict(res(99), 'x', '')).toMatchObject({ status: S.PARTIAL_ACCEPTED, percentage: null });
  });
  it('other exits parse testlib stderr; silent crash is SE; checker TLE/MLE is SE', () => {
    expect(checkerVerdict(res(1), '', 'wrong answer expected 3, found 4').status).toBe(S.WRONG_ANSWER);
    expect(checkerVerdict(res(7), '', 'points 30 ok-ish')).toMatchObject({
      status: S.PARTIAL_ACCEPTED,
      percentage: 0.3,
    });
    expect(checkerVerdict(res(null, { signal: 11, re: true }), '', '').status).toBe(S.SYSTEM_ERROR);
    expect(checkerVerdict(res(null, { tle: true, re: true, signal: 9 }), '', 'ok ').status).toBe(
      S.SYSTEM_ERROR,
    );
    expect(checkerVerdict(res(null, { mle: true }), '', '').status).toBe(S.SYSTEM_ERROR);
  });
  it('testlib prefixes', () => {
    expect(parseTestlib('ok 3 numbers').status).toBe(S.ACCEPTED);
    expect(parseTestlib('wrong output format Expected int')).toMatchObject({
      status: S.WRONG_ANSWER,
      message: expect.stringMatching(/^May be output presentation error\./),
    });
    expect(parseTestlib('partially correct (25) half')).toMatchObject({
      status: S.PARTIAL_ACCEPTED,
      percentage: 0.25,
    });
    expect(parseTestlib('points 100 full').status).toBe(S.ACCEPTED);
    expect(parseTestlib('FAIL bad answer file').status).toBe(S.SYSTEM_ERROR);
    expect(parseTestlib('unexpected eof ').status).toBe(S.SYSTEM_ERROR);
  });
});

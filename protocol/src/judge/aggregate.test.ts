import { describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '../enums/judge-status';
import {
  aggregate,
  caseScore,
  casePasses,
  contestRecordStatus,
  oiRankScore,
  problemTotalScore,
  type CaseOutcome,
} from './aggregate';

function c(seq: number, status: number, fullScore: number, groupNum = 1, percentage?: number): CaseOutcome {
  return { seq, status, fullScore, groupNum, percentage, time: seq * 10, memory: seq * 100 };
}
const limits = { timeLimitMs: 1000, memoryLimitMb: 256 };

describe('aggregate (judge.md §3.3 worked examples)', () => {
  it('default OI: AC, AC, WA, PA 0.5 over 4×25 → 62, PA; rank score 7', () => {
    const cases = [
      c(1, S.ACCEPTED, 25),
      c(2, S.ACCEPTED, 25),
      c(3, S.WRONG_ANSWER, 25),
      c(4, S.PARTIAL_ACCEPTED, 25, 1, 0.5),
    ];
    const r = aggregate({ problemType: 1, caseMode: 'default', cases, ioScore: 100, ...limits });
    expect(r.score).toBe(62);
    expect(r.status).toBe(S.PARTIAL_ACCEPTED);
    expect(
      oiRankScore({ allAccepted: false, caseMode: 'default', score: 62, ioScore: 100, difficulty: 1 }),
    ).toBe(7);
  });

  it('default OI all TLE → 0, TLE; all PA → PA', () => {
    const tle = [1, 2, 3, 4].map((i) => c(i, S.TIME_LIMIT_EXCEEDED, 25));
    expect(
      aggregate({ problemType: 1, caseMode: 'default', cases: tle, ioScore: 100, ...limits }),
    ).toMatchObject({ status: S.TIME_LIMIT_EXCEEDED, score: 0 });
    const pa = [1, 2].map((i) => c(i, S.PARTIAL_ACCEPTED, 50, 1, 0.3));
    expect(
      aggregate({ problemType: 1, caseMode: 'default', cases: pa, ioScore: 100, ...limits }),
    ).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 30 });
  });

  it('subtask_lowest: AC,AC | AC,WA,CA(seq copied) → 30, PA', () => {
    const cases = [
      c(1, S.ACCEPTED, 30, 1),
      c(2, S.ACCEPTED, 30, 1),
      c(3, S.ACCEPTED, 70, 2),
      c(4, S.WRONG_ANSWER, 70, 2),
      { ...c(4, S.CANCELLED, 70, 2) },
    ];
    const r = aggregate({ problemType: 1, caseMode: 'subtask_lowest', cases, ioScore: 100, ...limits });
    expect(r).toMatchObject({ score: 30, status: S.PARTIAL_ACCEPTED });
    expect(
      problemTotalScore('subtask_lowest', [
        { groupNum: 1, score: 30 },
        { groupNum: 1, score: 30 },
        { groupNum: 2, score: 70 },
        { groupNum: 2, score: 70 },
        { groupNum: 2, score: 70 },
      ]),
    ).toBe(100);
  });

  it('subtask_lowest: a failing group where the tie at seq picks the real verdict, not Cancelled', () => {
    const cases = [c(1, S.WRONG_ANSWER, 50, 1), { ...c(1, S.CANCELLED, 50, 1) }];
    expect(
      aggregate({ problemType: 1, caseMode: 'subtask_lowest', cases, ioScore: 100, ...limits }).status,
    ).toBe(S.WRONG_ANSWER);
  });

  it('subtask_average: AC,WA | AC,AC,WA → 15 + 47 = 62; io_score 100', () => {
    const cases = [
      c(1, S.ACCEPTED, 30, 1),
      c(2, S.WRONG_ANSWER, 30, 1),
      c(3, S.ACCEPTED, 70, 2),
      c(4, S.ACCEPTED, 70, 2),
      c(5, S.WRONG_ANSWER, 70, 2),
    ];
    expect(
      aggregate({ problemType: 1, caseMode: 'subtask_average', cases, ioScore: 100, ...limits }).score,
    ).toBe(62);
    expect(
      problemTotalScore(
        'subtask_average',
        [30, 30, 70, 70, 70].map((score, i) => ({ groupNum: i < 2 ? 1 : 2, score })),
      ),
    ).toBe(100);
  });

  it('ACM default: AC, WA(2), TLE(3) → WA with its message; score null', () => {
    const cases = [
      c(1, S.ACCEPTED, 0),
      { ...c(2, S.WRONG_ANSWER, 0), message: 'wa here' },
      c(3, S.TIME_LIMIT_EXCEEDED, 0),
    ];
    expect(aggregate({ problemType: 0, caseMode: 'default', cases, ioScore: 0, ...limits })).toMatchObject({
      status: S.WRONG_ANSWER,
      score: null,
      message: 'wa here',
    });
  });

  it('ACM all AC; stored time/memory capped at the limits', () => {
    const cases = [{ ...c(1, S.ACCEPTED, 0), time: 1100, memory: 300 * 1024 }];
    expect(aggregate({ problemType: 0, caseMode: 'default', cases, ioScore: 0, ...limits })).toMatchObject({
      status: S.ACCEPTED,
      time: 1000,
      memory: 256 * 1024,
    });
  });

  it('OI score capped at io_score; all AC rank score', () => {
    const cases = [c(1, S.ACCEPTED, 60), c(2, S.ACCEPTED, 60)];
    expect(aggregate({ problemType: 1, caseMode: 'default', cases, ioScore: 100, ...limits })).toMatchObject({
      status: S.ACCEPTED,
      score: 100,
    });
    expect(
      oiRankScore({ allAccepted: true, caseMode: 'default', score: 100, ioScore: 100, difficulty: 1 }),
    ).toBe(12);
  });

  it('case score and pass rules', () => {
    expect(caseScore({ status: S.PARTIAL_ACCEPTED, fullScore: 25, percentage: 0.5 })).toBe(12);
    expect(caseScore({ status: S.PARTIAL_ACCEPTED, fullScore: 25, percentage: null })).toBe(0);
    expect(casePasses('subtask_lowest', { status: S.PARTIAL_ACCEPTED, percentage: 0.1 })).toBe(true);
    expect(casePasses('subtask_lowest', { status: S.PARTIAL_ACCEPTED, percentage: 0 })).toBe(false);
    expect(casePasses('ergodic_without_error', { status: S.PARTIAL_ACCEPTED, percentage: 0.5 })).toBe(false);
  });

  it('contest record mapping', () => {
    expect(contestRecordStatus(S.ACCEPTED)).toBe(1);
    expect(contestRecordStatus(S.PARTIAL_ACCEPTED)).toBe(0);
    expect(contestRecordStatus(S.WRONG_ANSWER)).toBe(-1);
    expect(contestRecordStatus(S.COMPILE_ERROR)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol';
import { nextSubmissionStatus } from '@oj/protocol/submission/machine';
import {
  caseRows,
  followUp,
  progressTransition,
  resultSources,
  resultTransition,
  verdictColumns,
  type Verdict,
} from './verdict';

const verdict = (over: Partial<Verdict> = {}): Verdict => ({
  status: S.ACCEPTED,
  time: 12,
  memory: 2048,
  score: 100,
  errorMessage: 'trace',
  judger: 'runner-1',
  cases: [
    { caseId: 7, seq: 1, status: 0, time: 5, memory: 1024, score: 60, fullScore: 60, groupNum: 1 },
    {
      caseId: 8,
      seq: 2,
      status: -1,
      time: 6,
      memory: 1024,
      score: 0,
      fullScore: 40,
      groupNum: 2,
      message: 'differ',
    },
  ],
  ...over,
});
const acm = { type: 0 as const, judgeCaseMode: 'default' as const, ioScore: 100, difficulty: 1 };
const oi = { type: 1 as const, judgeCaseMode: 'subtask_lowest' as const, ioScore: 100, difficulty: 2 };

describe('verdictColumns', () => {
  it('ACM: no score, no rank score; the error text only for CE/SE/RE/SF', () => {
    expect(verdictColumns(S.WRONG_ANSWER, verdict({ status: S.WRONG_ANSWER }), acm)).toEqual({
      status: S.WRONG_ANSWER,
      time: 12,
      memory: 2048,
      score: null,
      oi_rank_score: null,
      error_message: null,
      judger: 'runner-1',
    });
    expect(verdictColumns(S.COMPILE_ERROR, verdict(), acm).error_message).toBe('trace');
  });

  it('OI: the score and its rank score (full marks count the accepted bonus)', () => {
    const full = verdictColumns(S.ACCEPTED, verdict(), oi);
    expect(full.score).toBe(100);
    expect(full.oi_rank_score).toBeGreaterThan(0);
    const partial = verdictColumns(S.PARTIAL_ACCEPTED, verdict({ score: 60 }), oi);
    expect(partial.score).toBe(60);
    expect(partial.oi_rank_score).toBeLessThan(full.oi_rank_score!);
    expect(verdictColumns(S.COMPILE_ERROR, verdict({ score: null }), oi).oi_rank_score).toBeNull();
  });

  it('a vanished problem stores the verdict without scores', () => {
    expect(verdictColumns(S.ACCEPTED, verdict(), null)).toMatchObject({ score: null, oi_rank_score: null });
  });
});

describe('caseRows', () => {
  it("one row per case with the owner, the problem's case mode and the checker message", () => {
    const rows = caseRows({ pid: 3, uid: 'u1' }, verdict(), oi);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      pid: 3,
      uid: 'u1',
      case_id: '8',
      status: -1,
      user_output: 'differ',
      group_num: 2,
      seq: 2,
      mode: 'subtask_lowest',
    });
    expect(rows[0]!.user_output).toBeNull();
    expect(caseRows({ pid: 3, uid: 'u1' }, verdict(), null)[0]!.mode).toBe('default');
  });
});

describe('followUp', () => {
  const site = { cid: 0, gid: null };

  it('a first site verdict: counted from nothing; an AC adds the AC record', () => {
    expect(followUp({ ...site, status: S.ACCEPTED, counted_status: null })).toEqual({
      counters: { from: null, to: S.ACCEPTED },
      ac: 'add',
    });
    expect(followUp({ ...site, status: S.WRONG_ANSWER, counted_status: null })).toEqual({
      counters: { from: null, to: S.WRONG_ANSWER },
      ac: null,
    });
  });

  it('run again after it was applied (a redelivery): counters untouched, the AC add is idempotent', () => {
    expect(followUp({ ...site, status: S.WRONG_ANSWER, counted_status: S.WRONG_ANSWER })).toEqual({
      counters: null,
      ac: null,
    });
    // A rejudge AC → AC: counters stay, the AC record removed by the reset comes back.
    expect(followUp({ ...site, status: S.ACCEPTED, counted_status: S.ACCEPTED })).toEqual({
      counters: null,
      ac: 'add',
    });
  });

  it('a rejudge from AC to WA moves the count and drops the AC record', () => {
    expect(followUp({ ...site, status: S.WRONG_ANSWER, counted_status: S.ACCEPTED })).toEqual({
      counters: { from: S.ACCEPTED, to: S.WRONG_ANSWER },
      ac: 'remove',
    });
  });

  it('contest and group submissions: no problem counters; groups and contests keep no AC record', () => {
    expect(followUp({ cid: 5, gid: null, status: S.ACCEPTED, counted_status: null })).toEqual({
      counters: null,
      ac: null,
    });
    // The list counters count cid = 0, non-group submissions (core.md get-problem-list).
    expect(followUp({ cid: 0, gid: 9, status: S.ACCEPTED, counted_status: null })).toEqual({
      counters: null,
      ac: null,
    });
  });
});

describe('resultTransition', () => {
  it('answers as the lifecycle machine does, for every status and result code', () => {
    const codes = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    for (const status of codes)
      for (const result of codes)
        for (let i = 0; i < 2; i++)
          expect(resultTransition(status, result)).toBe(
            nextSubmissionStatus(status, { type: 'RESULT', status: result }),
          );
    expect(resultTransition(S.JUDGING, S.ACCEPTED)).toBe(S.ACCEPTED);
    expect(resultTransition(S.ACCEPTED, S.WRONG_ANSWER)).toBeNull();
    expect(resultTransition(S.PENDING, S.CANCELLED)).toBeNull();
  });

  it('resultSources: the running statuses a final result may land on, all leading to it', () => {
    expect(resultSources(S.ACCEPTED)).toEqual({
      from: expect.arrayContaining([S.PENDING, S.COMPILING, S.JUDGING]),
      next: S.ACCEPTED,
    });
    expect(resultSources(S.ACCEPTED)!.from).not.toContain(S.WRONG_ANSWER);
    for (const s of resultSources(S.WRONG_ANSWER)!.from)
      expect(nextSubmissionStatus(s, { type: 'RESULT', status: S.WRONG_ANSWER })).toBe(S.WRONG_ANSWER);
    expect(resultSources(S.CANCELLED)).toBeNull();
    expect(resultSources(S.JUDGING)).toBeNull();
  });

  it('progressTransition answers as the machine does for Compiling and Judging reports', () => {
    for (let status = -5; status <= 10; status++)
      for (const type of ['COMPILING', 'JUDGING'] as const)
        for (let i = 0; i < 2; i++)
          expect(progressTransition(status, type)).toBe(nextSubmissionStatus(status, { type }));
    expect(progressTransition(S.PENDING, 'COMPILING')).toBe(S.COMPILING);
    expect(progressTransition(S.JUDGING, 'COMPILING')).toBeNull();
  });
});

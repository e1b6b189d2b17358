// The event feed reader (issue #24 item 7) on feeds written in the Contest API 2023-06 shape.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Scoreboard, recordStatusOf } from '@oj/protocol/contest/scoreboard';
import { JudgeStatus } from '@oj/protocol';
import {
  feedBoard,
  FeedError,
  parseRelTime,
  parseTime,
  readEventFeed,
  statusOfJudgementType,
} from './event-feed';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const at = (hm: string) => Date.parse(`2026-01-15T${hm}:00Z`);

describe('Contest API times', () => {
  it('reads TIME offsets as the spec writes them and RELTIME', () => {
    expect(parseTime('2026-01-15T09:00:00.000+01')).toBe(Date.parse('2026-01-15T08:00:00Z'));
    expect(parseTime('2026-01-15T09:00:00.000+0130')).toBe(Date.parse('2026-01-15T07:30:00Z'));
    expect(parseTime('2026-01-15T09:00:00Z')).toBe(Date.parse('2026-01-15T09:00:00Z'));
    expect(parseTime('yesterday')).toBeNull();
    expect(parseRelTime('5:00:00.000')).toBe(5 * 3600_000);
    expect(parseRelTime('-0:00:01.5')).toBe(-1500);
    expect(parseRelTime(20)).toBe(20 * 60_000);
    expect(parseRelTime('5 hours')).toBeNull();
  });

  it('maps judgement types by their flags, known ids keeping their status', () => {
    expect(statusOfJudgementType('XYZ', { solved: true, penalty: false })).toBe(JudgeStatus.ACCEPTED);
    expect(statusOfJudgementType('TLE', { solved: false, penalty: true })).toBe(
      JudgeStatus.TIME_LIMIT_EXCEEDED,
    );
    expect(statusOfJudgementType('RTE', { solved: false, penalty: true })).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(statusOfJudgementType('CE', { solved: false, penalty: false })).toBe(JudgeStatus.COMPILE_ERROR);
    // A compile error the feed penalises counts as a penalised attempt; an unknown one alike.
    expect(recordStatusOf(statusOfJudgementType('CE', { solved: false, penalty: true }))).toBe(-1);
    expect(recordStatusOf(statusOfJudgementType('OLE', { solved: false, penalty: true }))).toBe(-1);
    expect(recordStatusOf(statusOfJudgementType('JE', { solved: false, penalty: false }))).toBe(0);
  });
});

describe('a pass-fail event feed', () => {
  const board = feedBoard(readEventFeed(fixture('pass-fail.ndjson')));

  it('reads the contest, problems in ordinal order with colours, and the freeze', () => {
    expect(board).toMatchObject({
      kind: 'acm',
      contestName: 'Demo Contest 2026',
      startTime: at('09:00'),
      endTime: at('14:00'),
      freezeTime: at('13:00'),
      penaltyMinutes: 20,
      problems: ['A', 'B'],
      colors: { A: '#ff0000', B: '#00ff00' },
    });
    // 32 non-blank lines; the broken line and the clarification are skipped.
    expect(board.stats).toEqual({ lines: 32, skipped: 2, pending: 1, hiddenTeams: 1 });
  });

  it('gives the judged submissions in time order with the judgement in force', () => {
    if (board.kind !== 'acm') throw new Error('acm expected');
    expect(
      board.submissions.map((s) => [s.uid, s.displayId, s.status, s.submitTime, s.name, s.school]),
    ).toEqual([
      ['t1', 'A', JudgeStatus.WRONG_ANSWER, at('09:10'), 'One', 'Alpha U'],
      // rejudged from WA to AC
      ['t1', 'A', JudgeStatus.ACCEPTED, at('09:20'), 'One', 'Alpha U'],
      // the older {type, op, data} lines
      ['t2', 'B', JudgeStatus.COMPILE_ERROR, at('10:00'), 'Team Two', null],
      ['t2', 'B', JudgeStatus.ACCEPTED, at('13:30'), 'Team Two', null],
      ['t1', 'B', JudgeStatus.TIME_LIMIT_EXCEEDED, at('13:40'), 'One', 'Alpha U'],
    ]);
    expect(board.submissions.map((s) => s.submitId)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a feed without a contest or without problems', () => {
    expect(() => feedBoard(readEventFeed('{"type":"problems","id":"a","data":{"id":"a"}}'))).toThrow(
      FeedError,
    );
    const noProblems = fixture('pass-fail.ndjson')
      .split('\n')
      .filter((l) => !l.includes('"problems"'))
      .join('\n');
    expect(() => feedBoard(readEventFeed(noProblems))).toThrow(FeedError);
  });

  it('a whole-collection event replaces the collection', () => {
    const text = [
      fixture('pass-fail.ndjson'),
      '{"type":"teams","data":[{"id":"t2","name":"Only Two"}],"token":"99"}',
    ].join('\n');
    const b = feedBoard(readEventFeed(text));
    if (b.kind !== 'acm') throw new Error('acm expected');
    expect(new Set(b.submissions.map((s) => s.uid))).toEqual(new Set(['t2']));
    expect(b.stats.hiddenTeams).toBe(0);
  });
});

describe('a score event feed', () => {
  const board = feedBoard(readEventFeed(fixture('score.ndjson')));
  const start = Date.parse('2026-03-01T08:00:00Z');

  it('folds the sealed and final cells with our OI board (best score per problem)', () => {
    if (board.kind !== 'oi') throw new Error('oi expected');
    expect(board.freezeTime).toBe(start + 150 * 60_000);
    const row = (uid: string) => board.board.rows.find((r) => r.uid === uid)!;
    // Sealed order: Bob 100, Ann 40, Cid 30.
    expect(board.board.rows.map((r) => r.uid)).toEqual(['u2', 'u1', 'u3']);
    expect(row('u1').before.X?.score).toBe(40);
    expect(row('u1').before.Y).toBeUndefined();
    expect(row('u1').after.Y?.score).toBe(100);
    // A lower score after the freeze keeps the best one.
    expect(row('u1').after.X?.score).toBe(40);
    expect(row('u3').after.X?.score).toBe(60);
    expect(Object.keys(row('u1').hidden).sort()).toEqual(['X', 'Y']);
    expect(row('u2').hidden).toEqual({});
    expect(row('u1').nickname).toBe('Ann');
  });

  it('the final cells equal the OI board folded from the same submissions without a freeze', () => {
    if (board.kind !== 'oi') throw new Error('oi expected');
    const subs = [
      ['u1', 'X', 10, -1, 40],
      ['u2', 'X', 20, 1, 100],
      ['u3', 'Y', 60, -1, 30],
      ['u1', 'Y', 160, 1, 100],
      ['u1', 'X', 165, -1, 20],
      ['u3', 'X', 170, -1, 60],
    ] as const;
    const plain = Scoreboard.recompute(
      {
        type: 1,
        startTime: start,
        endTime: start + 180 * 60_000,
        sealRankTime: null,
        oiRankScoreType: 'Highest',
        excludedUids: [],
        starUsernames: [],
        awardType: null,
        awards: [],
        rankShowName: 'username',
      },
      subs.map(([uid, displayId, min, status, score], i) => ({
        submitId: i + 1,
        uid,
        username: uid,
        displayId,
        submitTime: start + min * 60_000,
        status,
        score,
        useTime: null,
      })),
    );
    const expected = Object.fromEntries(
      plain
        .oiCells('real')
        .map((r) => [r.uid, Object.fromEntries(Object.entries(r.cells).map(([p, c]) => [p, c.score]))]),
    );
    const got = Object.fromEntries(
      board.board.rows.map((r) => [
        r.uid,
        Object.fromEntries(Object.entries(r.after).map(([p, c]) => [p, c.score])),
      ]),
    );
    expect(got).toEqual(expected);
  });
});

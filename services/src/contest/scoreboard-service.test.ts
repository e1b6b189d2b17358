// Rank pages are sent as bytes built around pre-serialized rows: they must be the ones
// serializing the object envelope would give (user text with $-patterns included).
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makePage } from '@oj/protocol';
import { Scoreboard, type BoardConfig } from '@oj/protocol/contest/scoreboard';
import { ok } from '../platform/http/envelope';
import { pushedVariants, rankPageBody } from './scoreboard-service';
import type { ContestRecordRow } from './rules';

const START = Date.UTC(2026, 0, 1, 8);
const config: BoardConfig = {
  type: 0,
  startTime: START,
  endTime: START + 3600_000,
  sealRankTime: null,
  oiRankScoreType: 'Recent',
  excludedUids: [],
  starUsernames: ['s'],
  awardType: 2,
  awards: [{ name: 'Gold', background: '#"\\', color: '</script>', num: 1 }],
  rankShowName: 'username',
};

describe('rank page JSON', () => {
  const board = Scoreboard.recompute(
    config,
    ['a', 's', 'b', 'c'].map((u, i) => ({
      submitId: i + 1,
      uid: u,
      username: u,
      displayId: i % 2 ? 'A' : 'B',
      submitTime: START + (i + 1) * 60_000,
      status: 1 as const,
      score: null,
      useTime: null,
    })),
    [
      {
        uid: 'b',
        username: 'b',
        realname: '张三 "quoted" $& $\' $1',
        nickname: null,
        school: 'x\ny',
        gender: null,
        avatar: null,
      },
    ],
  );
  for (const view of [
    { sealed: false, page: 1, size: 2, pinUid: 'c', concernedList: ['s'] },
    { sealed: false, page: 2, size: 3 },
    { sealed: false, page: 9, size: 3 },
    { sealed: false, keyword: 'b', removeStar: true },
  ]) {
    it(`equals the serialized envelope: ${JSON.stringify(view)}`, () => {
      const rows = board.rows(view);
      const expected = JSON.stringify(ok(makePage(rows.records, rows.total, rows.size, rows.current)));
      const body = board.pageJson(view, rankPageBody);
      expect(body.json.toString('utf8')).toBe(expected);
      // Only pages every viewer gets are shared (cached, with a gzip form of the same bytes).
      expect(body.shared).toBe(!('pinUid' in view) && !('keyword' in view));
      expect(gunzipSync(body.gzip()).toString('utf8')).toBe(expected);
      expect(body.gzip().length).toBeLessThan(body.json.length);
    });
  }
});

describe('which board variants each room is pushed (the seal holds in the contest room)', () => {
  const HOUR = 3600_000;
  const contest = (over: Partial<ContestRecordRow> = {}) =>
    ({
      startTime: new Date(START),
      endTime: new Date(START + 5 * HOUR),
      sealRank: true,
      sealRankTime: new Date(START + 4 * HOUR),
      autoRealRank: true,
      allowEndSubmit: false,
      ...over,
    }) as ContestRecordRow;

  it('before the seal: the open boards to the contest room, nothing extra to admins', () => {
    expect(pushedVariants(contest(), START + HOUR)).toEqual({ room: ['real'], admin: [] });
    expect(pushedVariants(contest({ allowEndSubmit: true }), START + HOUR)).toEqual({
      room: ['real', 'withAfter'],
      admin: [],
    });
  });

  it('while sealed: only the sealed board to the contest room, the real ones to the admin room', () => {
    expect(pushedVariants(contest({ allowEndSubmit: true }), START + 4.5 * HOUR)).toEqual({
      room: ['sealed'],
      admin: ['real', 'withAfter'],
    });
  });

  it('after the end: frozen forever without autoRealRank, real again with it', () => {
    expect(pushedVariants(contest({ autoRealRank: false }), START + 6 * HOUR).room).toEqual(['sealed']);
    expect(pushedVariants(contest(), START + 6 * HOUR).room).toEqual(['real']);
    expect(pushedVariants(contest({ sealRank: false }), START + 4.5 * HOUR).room).toEqual(['real']);
  });
});

// Rank pages are sent as bytes built around pre-serialized rows: they must be the ones
// serializing the object envelope would give (user text with $-patterns included).
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makePage } from '@oj/protocol';
import { Scoreboard, type BoardConfig } from '@oj/protocol/contest/scoreboard';
import { ok } from '../platform/http/envelope';
import { rankPageBody } from './scoreboard-service';

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

import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { Scoreboard, type BoardSubmission } from '@oj/protocol/contest/scoreboard';
import { acmCellText, rankSheet } from './rank-export';
import { columnName, writeXlsx } from './xlsx';

describe('ACM cell text', () => {
  it('follows the reference forms', () => {
    expect(acmCellText(undefined)).toBe('');
    expect(acmCellText({ errorNum: 2, isAC: true, ACTime: 5 })).toBe('+(3)');
    expect(acmCellText({ errorNum: 0, isAC: true, ACTime: 5, isAfterContest: true })).toBe('+(1)*');
    expect(acmCellText({ errorNum: 1, tryNum: 2 })).toBe('-(1+2)');
    expect(acmCellText({ errorNum: 3 })).toBe('-(3)');
    expect(acmCellText({ errorNum: 0, tryNum: 1 })).toBe('?(1)');
    expect(acmCellText({ errorNum: 0 })).toBe('');
  });
});

describe('rank sheet', () => {
  const at = (s: number) => 1_000_000 + s * 1000;
  const sub = (id: number, uid: string, p: string, s: number, status: 1 | -1 | 0): BoardSubmission => ({
    submitId: id,
    uid,
    username: uid,
    displayId: p,
    submitTime: at(s),
    status,
    score: null,
    useTime: null,
  });
  it('has the reference columns, stars as *, problems string-sorted', () => {
    const board = Scoreboard.recompute(
      {
        type: 0,
        startTime: at(0),
        endTime: at(10_000),
        sealRankTime: null,
        oiRankScoreType: 'Recent',
        excludedUids: [],
        starUsernames: ['star'],
        awardType: 0,
        awards: [],
        rankShowName: 'nickname',
      },
      [sub(1, 'bob', 'B', 60, -1), sub(2, 'bob', 'B', 120, 1), sub(3, 'star', 'A', 30, 1)],
      [
        {
          uid: 'bob',
          username: 'bob',
          realname: 'Bob R',
          nickname: 'bobby',
          school: 'S',
          gender: null,
          avatar: null,
        },
      ],
    );
    const sheet = rankSheet(0, board.ranked('real'), ['B', 'A'], 'nickname');
    expect(sheet).toEqual([
      [
        'Rank',
        'Username',
        'ShowName',
        'Real Name',
        'School',
        'AC',
        'Total Submission',
        'Total Penalty Time',
        'A',
        'B',
      ],
      ['*', 'star', '', '', '', 1, 1, 30, '+(1)', ''],
      [1, 'bob', 'bobby', 'Bob R', 'S', 1, 2, 1320, '', '+(2)'],
    ]);
  });
});

describe('xlsx writer', () => {
  it('names columns past Z', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
  it('writes a zip with the workbook parts and escaped inline strings', () => {
    const files = unzipSync(
      writeXlsx('rank', [
        ['a<b', 1],
        [null, 'x&y'],
      ]),
    );
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">a&lt;b</t></is></c>');
    expect(sheet).toContain('<c r="B1"><v>1</v></c>');
    expect(sheet).toContain('<c r="B2" t="inlineStr"><is><t xml:space="preserve">x&amp;y</t></is></c>');
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="rank"');
  });
});

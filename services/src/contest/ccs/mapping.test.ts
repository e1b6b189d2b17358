import { describe, expect, it } from 'vitest';
import { Scoreboard, recordStatusOf, type BoardConfig } from '@oj/protocol/contest/scoreboard';
import {
  JUDGEMENT_TYPES,
  awardsOf,
  ccsTime,
  cellCounts,
  judgementTypeOf,
  extensionsOf,
  languageIdOf,
  languageNameOfId,
  languageOf,
  organizationIdOf,
  problemIdOf,
  relTime,
  rgbOf,
  scoreboardRowsOf,
  sealHides,
  stateOf,
  teamOf,
  type CcsContestTimes,
} from './mapping';

const START = Date.UTC(2023, 5, 1, 2, 0, 0); // 10:00 at +08:00
const MIN = 60_000;

describe('times', () => {
  it('TIME at +08:00 with milliseconds', () => {
    expect(ccsTime(START)).toBe('2023-06-01T10:00:00.000+08:00');
    expect(ccsTime(START + 1234)).toBe('2023-06-01T10:00:01.234+08:00');
    expect(ccsTime(START, 0)).toBe('2023-06-01T02:00:00.000+00:00');
  });
  it('RELTIME h:mm:ss.uuu, negative before the start', () => {
    expect(relTime(0)).toBe('0:00:00.000');
    expect(relTime(5025678)).toBe('1:23:45.678');
    expect(relTime(26 * 3600_000)).toBe('26:00:00.000');
    expect(relTime(-1500)).toBe('-0:00:01.500');
  });
});

describe('verdicts → judgement types', () => {
  it('maps each final verdict; pending ones have none', () => {
    expect([0, -1, 1, 2, 3, -3, -2, 4, 8].map(judgementTypeOf)).toEqual([
      'AC',
      'WA',
      'TLE',
      'MLE',
      'RTE',
      'PE',
      'CE',
      'JE',
      'RE',
    ]);
    for (const pending of [5, 6, 7, 9, 10]) expect(judgementTypeOf(pending)).toBeNull();
  });
  it("penalty and solved flags are our ACM board's rules for every status mapped", () => {
    for (const status of [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 8]) {
      const id = judgementTypeOf(status)!;
      const type = JUDGEMENT_TYPES.find((t) => t.id === id)!;
      expect(type.penalty, `status ${status}`).toBe(recordStatusOf(status) === -1);
      expect(type.solved, `status ${status}`).toBe(recordStatusOf(status) === 1);
    }
  });
});

describe('ids, labels, colours, teams', () => {
  it('problem ids keep a valid display id, else p<cpid>', () => {
    expect(problemIdOf('A', 7)).toBe('A');
    expect(problemIdOf('1001', 7)).toBe('1001');
    expect(problemIdOf('甲', 7)).toBe('p7');
    expect(problemIdOf('-x', 9)).toBe('p9');
  });
  it('rgb only for hex colours', () => {
    expect(rgbOf('#ff0000')).toBe('#ff0000');
    expect(rgbOf('#abc')).toBe('#abc');
    expect(rgbOf('red')).toBeUndefined();
    expect(rgbOf(null)).toBeUndefined();
  });
  it('languages: ids, extensions, Java entry point', () => {
    expect(languageIdOf('C++')).toBe('cpp');
    expect(languageIdOf('C++ 17 With O2')).toBe('cpp-17-with-o2');
    expect(languageIdOf('C')).toBe('c');
    expect(languageOf({ name: 'Java', contentType: 'text/x-java' })).toEqual({
      id: 'java',
      name: 'Java',
      entry_point_required: true,
      entry_point_name: 'Main',
      extensions: ['java'],
    });
    expect(languageOf({ name: 'Python3', contentType: 'text/x-python' })).toMatchObject({
      id: 'python3',
      entry_point_required: false,
      extensions: ['py'],
    });
    expect(languageOf({ name: 'Python3', contentType: 'text/x-python' })).not.toHaveProperty(
      'entry_point_name',
    );
  });
  it('languages of issue #25 item 4: Contest API / Kattis ids both ways', () => {
    const site = [
      'C++',
      'C++ 17 With O2',
      'Golang',
      'JavaScript Node',
      'Pascal',
      'Haskell',
      'OCaml',
      'Common Lisp',
      'Perl',
      'Lua',
      'Fortran',
      'Kotlin',
    ];
    const ids = ['cpp', 'cpp-17-with-o2', 'go', 'javascript'];
    ids.push('pascal', 'haskell', 'ocaml', 'lisp', 'perl', 'lua', 'fortran', 'kotlin');
    expect(site.map(languageIdOf)).toEqual(ids);
    // Back: every id names its language; DOMjudge's extension ids and the old `golang` too.
    for (const [i, id] of ids.entries()) expect(languageNameOfId(id, site)).toBe(site[i]);
    expect(languageNameOfId('kt', site)).toBe('Kotlin');
    expect(languageNameOfId('hs', site)).toBe('Haskell');
    expect(languageNameOfId('PAS', site)).toBe('Pascal');
    expect(languageNameOfId('f95', site)).toBe('Fortran');
    expect(languageNameOfId('golang', site)).toBe('Golang');
    // Not offered here (Python 2), or not among the site's languages: none.
    expect(languageNameOfId('python2', site)).toBeNull();
    expect(languageNameOfId('ruby', site)).toBeNull();
    expect(languageOf({ name: 'Common Lisp', contentType: 'text/x-common-lisp' })).toEqual({
      id: 'lisp',
      name: 'Common Lisp',
      entry_point_required: false,
      extensions: ['lisp', 'cl'],
    });
    expect(extensionsOf('Fortran', 'text/x-fortran')[0]).toBe('f90');
    expect(extensionsOf('Kotlin', 'text/x-kotlin')).toEqual(['kt']);
  });
  it('team name follows the rank-show-name setting, organisation from the school, stars hidden', () => {
    const p = { uid: 'u1', username: 'alice', realname: '爱丽丝', nickname: null, school: 'Some University' };
    expect(teamOf(p, { show: 'realname', star: false, hidden: false })).toEqual({
      id: 'u1',
      name: '爱丽丝',
      label: 'alice',
      display_name: '爱丽丝',
      organization_id: organizationIdOf('Some University'),
      group_ids: ['participants'],
      hidden: false,
    });
    expect(teamOf(p, { show: 'nickname', star: true, hidden: true })).toMatchObject({
      name: 'alice',
      group_ids: ['unofficial'],
      hidden: true,
    });
    expect(
      teamOf({ ...p, school: ' ' }, { show: 'username', star: false, hidden: false }).organization_id,
    ).toBeNull();
    expect(organizationIdOf('Some University')).toMatch(/^org-[0-9a-f]{12}$/);
  });
});

describe('state and seal', () => {
  const c: CcsContestTimes = {
    startTime: START,
    endTime: START + 300 * MIN,
    sealRank: true,
    sealRankTime: START + 240 * MIN,
    autoRealRank: true,
  };
  it('before, running, frozen, ended and thawed', () => {
    expect(stateOf(c, START - 1)).toEqual({
      started: null,
      ended: null,
      finalized: null,
      end_of_updates: null,
    });
    expect(stateOf(c, START + MIN)).toMatchObject({ started: ccsTime(START), ended: null });
    expect(stateOf(c, START + MIN)).not.toHaveProperty('frozen');
    expect(stateOf(c, START + 250 * MIN)).toMatchObject({ frozen: ccsTime(c.sealRankTime!), ended: null });
    expect(stateOf(c, c.endTime + 1)).toEqual({
      started: ccsTime(START),
      frozen: ccsTime(c.sealRankTime!),
      ended: ccsTime(c.endTime),
      thawed: ccsTime(c.endTime),
      finalized: ccsTime(c.endTime),
      end_of_updates: ccsTime(c.endTime),
    });
  });
  it('a board sealed for good after the end: no thaw, no end of updates', () => {
    const s = stateOf({ ...c, autoRealRank: false }, c.endTime + 1);
    expect(s).not.toHaveProperty('thawed');
    expect(s.end_of_updates).toBeNull();
    expect(s.finalized).toBe(ccsTime(c.endTime));
  });
  it('the seal hides submissions from the seal second to the end, as the board folds them', () => {
    expect(sealHides(c.sealRankTime! - 1001, c)).toBe(false);
    expect(sealHides(c.sealRankTime!, c)).toBe(true);
    expect(sealHides(c.endTime - 1, c)).toBe(true);
    expect(sealHides(c.endTime + 1, c)).toBe(false);
    expect(sealHides(c.sealRankTime!, { ...c, sealRank: false })).toBe(false);
  });
});

describe('scoreboard and awards from our board', () => {
  const config: BoardConfig = {
    type: 0,
    startTime: START,
    endTime: START + 300 * MIN,
    sealRankTime: START + 240 * MIN,
    oiRankScoreType: 'Recent',
    excludedUids: [],
    starUsernames: ['star'],
    awardType: 2,
    awards: [
      { name: 'Gold', background: '#fff', color: '#000', num: 1 },
      { name: 'Silver', background: '#fff', color: '#000', num: 1 },
    ],
    rankShowName: 'username',
  };
  const sub = (submitId: number, uid: string, displayId: string, min: number, status: number) => ({
    submitId,
    uid,
    username: uid,
    displayId,
    submitTime: START + min * MIN,
    status: recordStatusOf(status),
    score: null,
    useTime: 10,
  });
  const raw = [
    { id: 1, uid: 'a', p: 'A', min: 10, status: -1 },
    { id: 2, uid: 'a', p: 'A', min: 20, status: 0 },
    { id: 3, uid: 'b', p: 'A', min: 15, status: 0 },
    { id: 4, uid: 'b', p: 'B', min: 250, status: 0 },
    { id: 5, uid: 'star', p: 'A', min: 5, status: 0 },
    { id: 6, uid: 'c', p: 'B', min: 30, status: 5 },
  ];
  const board = Scoreboard.recompute(
    config,
    raw.map((r) => sub(r.id, r.uid, r.p, r.min, r.status)),
    [],
  );
  const problems = [
    { id: 'A', displayId: 'A' },
    { id: 'B', displayId: 'B' },
  ];
  const times: CcsContestTimes = {
    startTime: START,
    endTime: config.endTime,
    sealRank: true,
    sealRankTime: config.sealRankTime,
    autoRealRank: true,
  };
  const counted = (sealed: boolean) =>
    cellCounts(
      raw.map((r) => ({
        uid: r.uid,
        displayId: r.p,
        submitTime: START + r.min * MIN,
        status: r.status,
        score: null,
        hidden: sealed && sealHides(START + r.min * MIN, times),
      })),
      times,
    );

  it('the real board: same ranks, solved and penalty (minutes) as our rows, stars left out', () => {
    const rows = board.ranked('real', true);
    const out = scoreboardRowsOf(rows, 0, problems, counted(false), 'Recent');
    expect(out.map((r) => [r.team_id, r.rank, r.score.num_solved, r.score.total_time])).toEqual([
      ['b', 1, 2, Math.floor((15 * 60 + 250 * 60) / 60)],
      ['a', 2, 1, 40],
    ]);
    expect(out[1]!.problems).toEqual([
      { problem_id: 'A', num_judged: 2, num_pending: 0, solved: true, time: 20 },
    ]);
    expect(out.every((r) => r.team_id !== 'star')).toBe(true);
  });
  it('the sealed board: the post-seal accept is pending, not solved', () => {
    const rows = board.ranked('sealed', true);
    const out = scoreboardRowsOf(rows, 0, problems, counted(true), 'Recent');
    const b = out.find((r) => r.team_id === 'b')!;
    expect(b.score.num_solved).toBe(1);
    expect(b.problems.find((p) => p.problem_id === 'B')).toEqual({
      problem_id: 'B',
      num_judged: 0,
      num_pending: 1,
      solved: false,
    });
  });
  it('awards: winner, medals by our board, first to solve per problem as our board marks it', () => {
    // The star solved A first: our board marks no visible row first on A, so there is no award.
    const awards = awardsOf(board.ranked('real', true), 0, problems, config.awards, 2);
    expect(awards).toEqual([
      { id: 'winner', citation: 'Contest winner', team_ids: ['b'] },
      { id: 'gold-medal', citation: 'Gold', team_ids: ['b'] },
      { id: 'silver-medal', citation: 'Silver', team_ids: ['a'] },
      { id: 'first-to-solve-B', citation: 'First to solve problem B', team_ids: ['b'] },
    ]);
  });
  it('OI rows carry scores and the time of the kept submission', () => {
    const oi = Scoreboard.recompute(
      { ...config, type: 1, sealRankTime: null, awardType: 0, awards: [] },
      [
        { ...sub(1, 'a', 'A', 10, 8), score: 40 },
        { ...sub(2, 'a', 'A', 30, 0), score: 100 },
        { ...sub(3, 'b', 'A', 20, -1), score: 0 },
      ],
      [],
    );
    const counts = cellCounts(
      [
        { uid: 'a', displayId: 'A', submitTime: START + 10 * MIN, status: 8, score: 40, hidden: false },
        { uid: 'a', displayId: 'A', submitTime: START + 30 * MIN, status: 0, score: 100, hidden: false },
        { uid: 'b', displayId: 'A', submitTime: START + 20 * MIN, status: -1, score: 0, hidden: false },
      ],
      times,
    );
    const out = scoreboardRowsOf(oi.ranked('real', true), 1, problems.slice(0, 1), counts, 'Recent');
    expect(out).toEqual([
      {
        rank: 1,
        team_id: 'a',
        score: { score: 100 },
        problems: [{ problem_id: 'A', num_judged: 2, num_pending: 0, score: 100, time: 30 }],
      },
      {
        rank: 2,
        team_id: 'b',
        score: { score: 0 },
        problems: [{ problem_id: 'A', num_judged: 1, num_pending: 0, score: 0 }],
      },
    ]);
  });
});

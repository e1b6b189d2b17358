import { describe, expect, it } from 'vitest';
import {
  addStarAccount,
  bodyOf,
  durationSeconds,
  emptyForm,
  formError,
  formOf,
  localInputOf,
  msOfLocalInput,
  parseAccountLimit,
  sealOptionDisabled,
  sealOptionOf,
  sealTimeOf,
  serialiseAccountLimit,
  type ContestForm,
} from './form-rules';
import type { AdminContest } from './api';
import {
  firstExample,
  nextDisplayId,
  problemDraftError,
  problemDtoOf,
  emptyProblemDraft,
  problemBase,
  withFirstExample,
} from './problem-rules';

const NOW = Date.UTC(2026, 10, 21, 8, 0, 0);
const me = { uid: 'u-1', username: 'root' };

function valid(patch: Partial<ContestForm> = {}): ContestForm {
  return { ...emptyForm(NOW), title: ' Cup ', description: 'desc', ...patch };
}

describe('contest form times', () => {
  it('round-trips datetime-local values and measures the duration', () => {
    const ms = NOW + 1234_000;
    expect(msOfLocalInput(localInputOf(ms))).toBe(ms);
    expect(msOfLocalInput('2026-11-21T10:00')).not.toBeNull();
    expect(msOfLocalInput('tomorrow')).toBeNull();
    const f = valid();
    expect(durationSeconds(f)).toBe(5 * 3600);
    expect(durationSeconds({ startTime: f.endTime, endTime: f.startTime })).toBe(0);
  });

  it('disables the seal options a short contest cannot have and infers the stored one', () => {
    expect(sealOptionDisabled(0, 1799)).toBe(true);
    expect(sealOptionDisabled(0, 1800)).toBe(false);
    expect(sealOptionDisabled(1, 3599)).toBe(true);
    expect(sealOptionDisabled(2, 60)).toBe(false);
    const start = NOW;
    const end = NOW + 5 * 3600_000;
    expect(sealTimeOf(0, start, end)).toBe(end - 1800_000);
    expect(sealTimeOf(1, start, end)).toBe(end - 3600_000);
    expect(sealTimeOf(2, start, end)).toBe(start);
    for (const o of [0, 1, 2] as const) expect(sealOptionOf(sealTimeOf(o, start, end), start, end)).toBe(o);
    expect(sealOptionOf(null, start, end)).toBe(0);
  });
});

describe('contest form checks', () => {
  it('names the first missing or wrong field', () => {
    expect(formError(valid())).toBeNull();
    expect(formError(valid({ title: '  ' }))).toBe('adminContest.titleRequired');
    expect(formError(valid({ description: '' }))).toBe('adminContest.descriptionRequired');
    expect(formError(valid({ startTime: '' }))).toBe('adminContest.startRequired');
    const f = valid();
    expect(formError({ ...f, endTime: f.startTime })).toBe('adminContest.durationCheck');
    expect(formError(valid({ auth: 1, pwd: '' }))).toBe('adminContest.passwordRequired');
    expect(formError(valid({ auth: 2, pwd: 'x' }))).toBeNull();
    const limit = { prefix: 't', suffix: '', start: 10, end: 5, extra: '' };
    expect(formError(valid({ openAccountLimit: true, accountLimit: limit }))).toBe(
      'adminContest.accountRangeCheck',
    );
  });

  it('refuses duplicate star users and trims them', () => {
    expect(addStarAccount(['a'], ' b ')).toEqual({ list: ['a', 'b'], error: null });
    expect(addStarAccount(['a'], 'a')).toEqual({ list: ['a'], error: 'adminContest.starDuplicate' });
    expect(addStarAccount(['a'], '  ')).toEqual({ list: ['a'], error: null });
  });

  it('serialises the account limit rule as the server parses it', () => {
    const rule = serialiseAccountLimit({ prefix: 'team', suffix: 'x', start: 1, end: 20, extra: 'a, b\nc' });
    expect(rule).toBe(
      '<prefix>team</prefix><suffix>x</suffix><start>1</start><end>20</end><extra>a b c</extra>',
    );
    expect(parseAccountLimit(rule)).toEqual({
      prefix: 'team',
      suffix: 'x',
      start: 1,
      end: 20,
      extra: 'a b c',
    });
    expect(parseAccountLimit(null).start).toBeNull();
  });
});

describe('contest form body', () => {
  it('sends ISO times, the seal instant of the option, no password for public contests', () => {
    const f = valid({ sealRank: true, sealOption: 1, pwd: 'left-over' });
    const body = bodyOf(f, me);
    const start = msOfLocalInput(f.startTime)!;
    const end = msOfLocalInput(f.endTime)!;
    expect(body).toMatchObject({
      uid: 'u-1',
      author: 'root',
      title: 'Cup',
      type: 0,
      auth: 0,
      pwd: null,
      duration: 5 * 3600,
      sealRank: true,
      awardConfigList: [],
      accountLimitRule: null,
    });
    expect(Date.parse(body.startTime)).toBe(start);
    expect(Date.parse(body.endTime)).toBe(end);
    expect(Date.parse(body.sealRankTime!)).toBe(end - 3600_000);
    expect('id' in body).toBe(false);
    expect(bodyOf(valid({ sealRank: false }), me).sealRankTime).toBeNull();
    expect(bodyOf(valid({ awardType: 1 }), me).awardConfigList).toHaveLength(3);
  });

  it('edits a stored contest without changing its owner', () => {
    const stored: AdminContest = {
      id: 7,
      title: 'OI day',
      description: 'd',
      startTime: '2026-11-21T08:00:00.000+0000',
      endTime: '2026-11-21T13:00:00.000+0000',
      duration: 18000,
      type: 1,
      auth: 1,
      pwd: 'secret',
      sealRank: true,
      sealRankTime: '2026-11-21T08:00:00.000+0000',
      autoRealRank: false,
      openPrint: true,
      openRank: true,
      allowEndSubmit: false,
      rankShowName: 'nickname',
      openAccountLimit: true,
      accountLimitRule: '<prefix>t</prefix><suffix></suffix><start>1</start><end>3</end><extra></extra>',
      starAccount: ['star1'],
      oiRankScoreType: 'Highest',
      awardType: 2,
      awardConfigList: [{ priority: 1, name: 'G', background: '#000000', color: '#ffffff', num: 1 }],
      status: 0,
      visible: false,
      uid: 'owner',
      author: 'alice',
      gid: null,
    };
    const f = formOf(stored);
    expect(f).toMatchObject({
      id: 7,
      type: 1,
      auth: 1,
      sealOption: 2,
      rankShowName: 'nickname',
      visible: false,
    });
    const body = bodyOf(f, me);
    expect(body).toMatchObject({
      id: 7,
      uid: 'owner',
      author: 'alice',
      pwd: 'secret',
      oiRankScoreType: 'Highest',
      starAccount: ['star1'],
      awardType: 2,
      accountLimitRule: stored.accountLimitRule,
    });
    expect(Date.parse(body.sealRankTime!)).toBe(Date.parse('2026-11-21T08:00:00Z'));
  });
});

describe('contest problems', () => {
  it('suggests the first free display id', () => {
    expect(nextDisplayId([])).toBe('A');
    expect(nextDisplayId(['A', 'b', 'D'])).toBe('C');
    const all = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
    expect(nextDisplayId(all)).toBe('A1');
  });

  it('checks and builds a contest problem', () => {
    const d = {
      ...emptyProblemDraft('A', [1, 2]),
      problemId: 'c-1',
      title: 'Sum',
      displayTitle: 'Sum',
      input: 'two numbers',
      output: 'their sum',
    };
    d.cases = [{ input: '1 2\n', output: '3\n', score: '100', groupNum: '1' }];
    expect(problemDraftError(d, false)).toBeNull();
    expect(problemDraftError({ ...d, displayTitle: '' }, false)).toBe('adminContest.displayTitleRequired');
    expect(
      problemDraftError({ ...d, cases: [{ input: '', output: '', score: '1', groupNum: '1' }] }, false),
    ).toBe('adminContest.problemForm.casesRequired');
    expect(
      problemDraftError({ ...d, cases: [{ input: '1', output: '1', score: 'x', groupNum: '1' }] }, true),
    ).toBe('adminContest.problemForm.scoreCheck');
    expect(problemDraftError({ ...d, languageIds: [] }, false)).toBe(
      'adminContest.problemForm.languagesRequired',
    );
    const dto = problemDtoOf({ ...d, exampleInput: '1 2', exampleOutput: '3' }, 1, 'root');
    expect(dto.problem).toMatchObject({
      problemId: 'c-1',
      auth: 3,
      type: 1,
      examples: '<input>1 2</input><output>3</output>',
    });
    expect(dto.samples).toEqual([{ input: '1 2\n', output: '3\n', score: 100 }]);
    expect(dto.languages).toEqual([{ id: 1 }, { id: 2 }]);
    expect(firstExample(dto.problem.examples)).toEqual({ input: '1 2', output: '3' });
  });
});

describe('editing a contest problem', () => {
  it('sends the stored fields back so a special judge, extra files and other examples survive', () => {
    const stored = {
      id: 4,
      problemId: 'SPJ1',
      title: 'Split',
      author: 'alice',
      judgeMode: 'spj',
      judgeCaseMode: 'default',
      spjCode: 'int main(){}',
      spjLanguage: 'C',
      judgeExtraFile: '{"a.txt":"x"}',
      stackLimit: 64,
      examples: '<input>1</input><output>1</output><input>2</input><output>2</output>',
      isUploadCase: true,
      hint: null,
      gmtCreate: 'not a problem input',
    };
    const base = problemBase(stored);
    expect(base).not.toHaveProperty('hint');
    expect(base).not.toHaveProperty('gmtCreate');
    const d = {
      ...emptyProblemDraft('A', [1]),
      pid: 4,
      problemId: 'SPJ1',
      title: 'Split!',
      displayTitle: 'Split',
      input: 'in',
      output: 'out',
      exampleInput: '9',
      exampleOutput: '9',
      uploadedCases: true,
      uploadCases: [{ id: 31, input: '1.in', output: '1.out', score: '0', groupNum: '1' }],
      base,
    };
    const dto = problemDtoOf(d, 0, 'root');
    expect(dto.judgeMode).toBe('spj');
    expect(dto.isUploadTestCase).toBe(true);
    // no new zip: the stored file names go back and the server keeps the stored files
    expect(dto).not.toHaveProperty('uploadTestcaseDir');
    expect(dto).not.toHaveProperty('changeJudgeCaseMode');
    expect(dto.samples).toEqual([{ id: 31, input: '1.in', output: '1.out' }]);
    expect(dto.problem).toMatchObject({
      id: 4,
      title: 'Split!',
      author: 'alice',
      judgeMode: 'spj',
      spjCode: 'int main(){}',
      spjLanguage: 'C',
      judgeExtraFile: '{"a.txt":"x"}',
      stackLimit: 64,
      auth: 3,
      isRemote: false,
      examples: '<input>9</input><output>9</output><input>2</input><output>2</output>',
    });
  });

  it('replaces only the first example', () => {
    expect(withFirstExample('', 'a', 'b')).toBe('<input>a</input><output>b</output>');
    expect(withFirstExample('<input>x</input><output>y</output>', '', '')).toBe('');
    expect(withFirstExample(null, '', '')).toBe('');
  });
});

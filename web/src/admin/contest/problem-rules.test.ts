import { describe, expect, it } from 'vitest';
import {
  defaultScores,
  emptyProblemDraft,
  isSubtaskMode,
  problemDraftError,
  problemDtoOf,
  uploadedCaseDrafts,
} from './problem-rules';

const filled = () => ({
  ...emptyProblemDraft('A', [1]),
  problemId: 'z-1',
  title: 'Zip',
  displayTitle: 'Zip',
  input: 'in',
  output: 'out',
});

describe('test-case zip upload rules', () => {
  it('spreads 100 points: floor(100/n) each, +1 on the last remainder cases', () => {
    expect(defaultScores(0)).toEqual([]);
    expect(defaultScores(1)).toEqual([100]);
    expect(defaultScores(3)).toEqual([33, 33, 34]);
    expect(defaultScores(7)).toEqual([14, 14, 14, 14, 14, 15, 15]);
    expect(defaultScores(6)).toEqual([16, 16, 17, 17, 17, 17]);
    // more cases than points: the first 50 get 0, the last 100 get 1
    expect(defaultScores(150).filter((x) => x === 0)).toHaveLength(50);
    expect(
      defaultScores(150)
        .slice(50)
        .every((x) => x === 1),
    ).toBe(true);
    for (const n of [1, 2, 3, 7, 9, 33, 99, 100])
      expect(defaultScores(n).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('turns an upload answer into case rows, group 1 when the server gave none', () => {
    expect(
      uploadedCaseDrafts([
        { input: '1.in', output: '1.out', groupNum: 1 },
        { input: '10.in', output: '10.ans' },
      ]),
    ).toEqual([
      { input: '1.in', output: '1.out', score: '50', groupNum: '1' },
      { input: '10.in', output: '10.ans', score: '50', groupNum: '1' },
    ]);
    expect(isSubtaskMode('subtask_lowest')).toBe(true);
    expect(isSubtaskMode('subtask_average')).toBe(true);
    expect(isSubtaskMode('ergodic_without_error')).toBe(false);
  });

  it('refuses upload mode without a zip, bad OI scores and missing subtask groups', () => {
    const d = { ...filled(), uploadedCases: true };
    expect(problemDraftError(d, true)).toBe('adminContest.problemForm.uploadRequired');
    // the hand-typed rows do not count in upload mode, even when filled
    expect(
      problemDraftError({ ...d, cases: [{ input: '1', output: '1', score: '100', groupNum: '1' }] }, false),
    ).toBe('adminContest.problemForm.uploadRequired');
    const up = {
      ...d,
      uploadCases: uploadedCaseDrafts([{ input: '1.in', output: '1.out' }]),
      uploadDir: 'ab',
    };
    expect(problemDraftError(up, true)).toBeNull();
    const bad = (score: string) => ({ ...up, uploadCases: [{ ...up.uploadCases[0]!, score }] });
    expect(problemDraftError(bad('-1'), true)).toBe('adminContest.problemForm.scoreCheck');
    expect(problemDraftError(bad('2.5'), true)).toBe('adminContest.problemForm.scoreCheck');
    expect(problemDraftError(bad(''), true)).toBe('adminContest.problemForm.scoreCheck');
    expect(problemDraftError(bad('0'), true)).toBeNull();
    expect(problemDraftError(bad('x'), false)).toBeNull(); // ACM: no scores
    const sub = { ...up, judgeCaseMode: 'subtask_lowest' };
    expect(problemDraftError(sub, true)).toBeNull();
    const noGroup = { ...sub, uploadCases: [{ ...up.uploadCases[0]!, groupNum: '' }] };
    expect(problemDraftError(noGroup, true)).toBe('adminContest.problemForm.groupNumCheck');
    expect(problemDraftError({ ...noGroup, judgeCaseMode: 'default' }, true)).toBeNull();
    // hand-typed subtask cases need groups too
    const manual = {
      ...filled(),
      judgeCaseMode: 'subtask_average',
      cases: [{ input: '1', output: '1', score: '100', groupNum: '0' }],
    };
    expect(problemDraftError(manual, true)).toBe('adminContest.problemForm.groupNumCheck');
  });

  it('saves an upload as isUploadCase with the upload dir and the file-name cases with scores', () => {
    const d = {
      ...filled(),
      judgeCaseMode: 'subtask_lowest',
      uploadedCases: true,
      uploadCases: uploadedCaseDrafts([
        { input: '1.in', output: '1.out', groupNum: 1 },
        { input: '2.in', output: '2.out', groupNum: 1 },
        { input: '3.in', output: '3.out', groupNum: 1 },
      ]).map((c, i) => (i === 2 ? { ...c, groupNum: '2' } : c)),
      uploadDir: 'f'.repeat(64),
    };
    const dto = problemDtoOf(d, 1, 'root');
    expect(dto.isUploadTestCase).toBe(true);
    expect(dto.problem).toMatchObject({ isUploadCase: true, judgeCaseMode: 'subtask_lowest', type: 1 });
    expect(dto).toMatchObject({ uploadTestcaseDir: 'f'.repeat(64) });
    expect(dto.samples).toEqual([
      { input: '1.in', output: '1.out', score: 33, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 33, groupNum: 1 },
      { input: '3.in', output: '3.out', score: 34, groupNum: 2 },
    ]);
    // ACM: neither scores nor groups are sent
    expect(problemDtoOf({ ...d, judgeCaseMode: 'default' }, 0, 'root').samples[0]).toEqual({
      input: '1.in',
      output: '1.out',
    });
  });

  it('flags a changed judge case mode of a stored problem', () => {
    const d = {
      ...filled(),
      pid: 3,
      judgeCaseMode: 'ergodic_without_error',
      base: { judgeCaseMode: 'default' },
    };
    expect(problemDtoOf(d, 0, 'root')).toMatchObject({ changeJudgeCaseMode: true });
    expect(problemDtoOf({ ...d, judgeCaseMode: 'default' }, 0, 'root')).not.toHaveProperty(
      'changeJudgeCaseMode',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  draftError,
  draftOf,
  dtoOf,
  emptyDraft,
  examplesString,
  parseExamples,
  uploadedCases,
} from './form-rules';

const ready = () => ({
  ...emptyDraft('root', [1, 2]),
  problemId: 'P1',
  title: 'T',
  input: 'in',
  output: 'out',
  uploadCases: uploadedCases([
    { input: '1.in', output: '1.out' },
    { input: '2.in', output: '2.out' },
    { input: '3.in', output: '3.out' },
  ]),
  uploadDir: '/tmp/x',
});

describe('problem form rules', () => {
  it('examples round-trip through the stored string', () => {
    const list = [
      { input: '1 2', output: '3' },
      { input: '', output: '' },
    ];
    expect(parseExamples(examplesString(list))).toEqual([{ input: '1 2', output: '3' }]);
  });

  it('checks sections in order', () => {
    expect(draftError(emptyDraft('r', [1]))).toBe('displayIdRequired');
    expect(draftError({ ...ready(), isFileIO: true })).toBe('fileIoNames');
    expect(draftError({ ...ready(), judgeMode: 'spj', spjCode: 'x', spjCompiled: false })).toBe(
      'spjNotCompiled',
    );
    expect(draftError({ ...ready(), uploadCases: [] })).toBe('uploadRequired');
    expect(
      draftError({
        ...ready(),
        type: 1,
        judgeCaseMode: 'subtask_lowest',
        uploadCases: [{ input: 'a', output: 'b', score: '10', groupNum: '' }],
      }),
    ).toBe('groupNum');
    expect(draftError({ ...ready(), languageIds: [] })).toBe('languagesRequired');
    expect(draftError({ ...ready(), templates: [{ lid: 1, code: ' ', enabled: true }] })).toBe(
      'templateEmpty',
    );
    expect(draftError(ready())).toBeNull();
  });

  it('builds the DTO of an OI subtask problem from an upload, with tags and templates', () => {
    const d = { ...ready(), type: 1 as const, judgeCaseMode: 'subtask_average', tags: ['dp'] };
    d.uploadCases = d.uploadCases.map((c, i) => ({ ...c, groupNum: String(i < 2 ? 1 : 2) }));
    const dto = dtoOf(d);
    expect(dto.isUploadTestCase).toBe(true);
    expect(dto.uploadTestcaseDir).toBe('/tmp/x');
    expect(dto.samples).toEqual([
      { input: '1.in', output: '1.out', score: 33, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 33, groupNum: 1 },
      { input: '3.in', output: '3.out', score: 34, groupNum: 2 },
    ]);
    expect(dto.tags).toEqual([{ name: 'dp' }]);
    expect(dto.problem).toMatchObject({
      type: 1,
      judgeCaseMode: 'subtask_average',
      isUploadCase: true,
      isGroup: false,
    });
  });

  it('reads a stored problem back into the form', () => {
    const d = draftOf(
      {
        id: 7,
        problemId: 'A',
        title: 't',
        type: 1,
        auth: 2,
        isUploadCase: true,
        judgeCaseMode: 'subtask_lowest',
        examples: '<input>1</input><output>2</output>',
        userExtraFile: '{"a.h":"x"}',
      },
      {
        cases: [{ id: 1, input: '1.in', output: '1.out', score: 50, groupNum: 2 }],
        tags: ['x'],
        languageIds: [3],
        templates: [],
      },
    );
    expect(d).toMatchObject({
      id: 7,
      type: 1,
      auth: 2,
      uploadMode: true,
      storedCaseMode: 'subtask_lowest',
      tags: ['x'],
    });
    // The stored case's visible mark is read back (absent in the stored answer: not visible; issue #26.3).
    expect(d.uploadCases[0]).toEqual({
      id: 1,
      input: '1.in',
      output: '1.out',
      score: '50',
      groupNum: '2',
      visible: false,
    });
    expect(d.userExtraFiles).toEqual([{ name: 'a.h', content: 'x' }]);
    expect(dtoOf({ ...d, judgeCaseMode: 'subtask_average' }).changeJudgeCaseMode).toBe(true);
  });
});

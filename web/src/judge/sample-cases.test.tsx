// @vitest-environment jsdom
// Issue #26.3: sample cases on the submission detail, the first difference highlighted.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { firstDifference, splitAtDifference } from './sample-diff';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

describe('first difference of expected and user output', () => {
  it('finds the line and column of the first differing character', () => {
    expect(firstDifference('3\n', '3\n')).toBeNull();
    expect(firstDifference('3\r\n', '3\n')).toBeNull();
    expect(firstDifference('1\n2\n3\n', '1\n2\n4\n')).toEqual({ index: 4, line: 3, column: 1 });
    expect(firstDifference('hello world\n', 'hello wxrld\n')).toEqual({ index: 7, line: 1, column: 8 });
    // Output that stops early: the difference is where it ends.
    expect(firstDifference('1\n2\n', '1\n')).toEqual({ index: 2, line: 2, column: 1 });
    expect(splitAtDifference('1\n2\n4\n', firstDifference('1\n2\n3\n', '1\n2\n4\n'))).toEqual({
      before: '1\n2\n',
      mark: '4',
      after: '\n',
    });
  });
});

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];

const submission = {
  submitId: 5,
  uid: 'u1',
  username: 'alice',
  pid: 11,
  displayPid: '1000',
  title: 'A+B',
  submitTime: '2024-05-01T08:30:00.000+0000',
  status: -1,
  time: 3,
  memory: 100,
  score: null,
  length: 10,
  language: 'C++',
  judger: null,
  share: false,
  code: 'int main(){}',
  errorMessage: null,
  cid: 0,
  gid: null,
};

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sample cases panel (issue #26.3)', () => {
  it('shows input, expected and user output of the sample case with the first difference, in both languages', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-submission-detail') return ok({ submission, codeShare: true });
      if (path(url) === '/api/get-all-case-result')
        return ok({
          judgeCaseMode: 'default',
          judgeCaseList: [
            {
              status: -1,
              time: 3,
              memory: 100,
              score: null,
              userOutput: null,
              seq: 1,
              sampleIO: { input: '1 2\n', expected: '3\n', output: '4\n', truncated: true },
            },
            { status: -1, time: 2, memory: 90, score: null, userOutput: null, seq: 2 },
          ],
          subTaskJudgeCaseVoList: null,
        });
      return undefined;
    });
    useSession.getState().signIn('tok', ALICE);
    renderApp('/submission-detail/5');
    const panel = await screen.findByTestId('sample-cases');
    // Only the sample case: the hidden case has no texts.
    expect(screen.getAllByTestId('sample-case')).toHaveLength(1);
    expect(screen.getByTestId('sample-input').textContent).toBe('1 2\n');
    expect(screen.getByTestId('sample-expected').textContent).toBe('3\n');
    expect(screen.getByTestId('sample-output').textContent).toBe('4\n');
    expect(screen.getByTestId('sample-mark').textContent).toBe('4');
    expect(screen.getByTestId('sample-diff-where').textContent).toBe('First difference: line 1, column 1');
    expect(panel.textContent).toContain('Sample cases');
    expect(panel.textContent).toContain('Expected output');
    expect(panel.textContent).toContain('Only the first 4 KiB of each text is shown.');

    await i18n.changeLanguage('zh-CN');
    await waitFor(() => expect(screen.getByTestId('sample-cases').textContent).toContain('样例测试点'));
    const zh = screen.getByTestId('sample-cases').textContent ?? '';
    expect(zh).toContain('期望输出');
    expect(zh).toContain('你的输出');
    expect(zh).toContain('每段文本只显示前 4 KiB。');
    expect(screen.getByTestId('sample-diff-where').textContent).toBe('第一处不同：第 1 行，第 1 列');
    await i18n.changeLanguage('en-US');
  });

  it('a case the setter marked visible is titled as a visible case, not a sample, in both languages', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-submission-detail') return ok({ submission, codeShare: true });
      if (path(url) === '/api/get-all-case-result')
        return ok({
          judgeCaseMode: 'default',
          judgeCaseList: [
            {
              status: -1,
              time: 3,
              memory: 100,
              score: null,
              userOutput: null,
              seq: 1,
              sampleIO: { input: '1 2\n', expected: '3\n', output: '3\n', truncated: false },
            },
            {
              status: -1,
              time: 2,
              memory: 90,
              score: null,
              userOutput: null,
              seq: 2,
              sampleIO: { input: '5 5\n', expected: '10\n', output: '9\n', truncated: false, visible: true },
            },
          ],
          subTaskJudgeCaseVoList: null,
        });
      return undefined;
    });
    useSession.getState().signIn('tok', ALICE);
    renderApp('/submission-detail/5');
    await screen.findByTestId('sample-cases');
    const [sample, visible] = screen.getAllByTestId('sample-case');
    expect(sample!.textContent).toContain('Sample (case 1)');
    expect(visible!.textContent).toContain('Visible case (case 2)');
    expect(visible!.textContent).not.toContain('Sample');
    await i18n.changeLanguage('zh-CN');
    await waitFor(() =>
      expect(screen.getAllByTestId('sample-case')[1]!.textContent).toContain('公开测试点（测试点 2）'),
    );
    expect(screen.getAllByTestId('sample-case')[0]!.textContent).toContain('样例（测试点 1）');
    await i18n.changeLanguage('en-US');
  });

  it('no sample texts (hidden cases, or a viewer who may not read them): no panel', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-submission-detail') return ok({ submission, codeShare: true });
      if (path(url) === '/api/get-all-case-result') return ok(null);
      return undefined;
    });
    renderApp('/submission-detail/5');
    await screen.findByTestId('submission-detail');
    expect(screen.queryByTestId('sample-cases')).toBeNull();
  });
});

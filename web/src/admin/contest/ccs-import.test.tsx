// @vitest-environment jsdom
// The Contest API import screen and the event-feed scroll board screen (issue #24 items 5, 7).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CcsFeedBoard } from '@oj/protocol/contest/ccs-import';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch, urlPath } from '../../test/harness';
import { i18n } from '../../i18n';
import { feedScrollState } from './CcsFeedBoardPage';
import { buildSealedBoard, nextReveal, ranksAndMedals, revealNext } from '../../contest/scroll-reveal';
import { revealNextOi } from '../../contest/scroll-reveal-oi';
import { formatOfFile, kindOfFile } from './ccs-api';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const MIN = 60_000;
const START = Date.parse('2026-01-15T09:00:00Z');

function pickFile(testId: string, name: string, text: string) {
  const input = screen.getByTestId(testId).querySelector('input[type=file]')!;
  fireEvent.change(input, { target: { files: [new File([text], name)] } });
}

/** An ACM feed: t1 solves A before the freeze and B after it; t2 solves B after it; t3 fails. */
const ACM_FEED: CcsFeedBoard = {
  kind: 'acm',
  contestName: 'Demo Contest',
  startTime: START,
  endTime: START + 300 * MIN,
  freezeTime: START + 240 * MIN,
  penaltyMinutes: 10,
  problems: ['A', 'B'],
  colors: { A: '#ff0000', B: null },
  stats: { lines: 40, skipped: 1, pending: 2, hiddenTeams: 1 },
  submissions: [
    ['t1', 'A', 0, 10],
    ['t2', 'A', -1, 20],
    ['t2', 'A', 0, 30],
    ['t3', 'B', -1, 200],
    ['t1', 'B', -1, 245],
    ['t1', 'B', 0, 250],
    ['t2', 'B', 0, 260],
    ['t3', 'B', -2, 270],
  ].map(([uid, displayId, status, min], i) => ({
    uid: uid as string,
    username: uid as string,
    name: `Team ${uid as string}`,
    school: uid === 't1' ? 'Alpha U' : null,
    submitId: i + 1,
    status: status as number,
    submitTime: START + (min as number) * MIN,
    displayId: displayId as string,
  })),
};

const OI_FEED: CcsFeedBoard = {
  kind: 'oi',
  contestName: 'Score demo',
  startTime: START,
  endTime: START + 180 * MIN,
  freezeTime: START + 150 * MIN,
  penaltyMinutes: 20,
  problems: ['X'],
  colors: { X: null },
  stats: { lines: 10, skipped: 0, pending: 0, hiddenTeams: 0 },
  board: {
    problems: ['X'],
    rows: [
      {
        uid: 'u2',
        username: 'u2',
        nickname: 'Bob',
        realname: null,
        school: null,
        before: { X: { score: 50, time: 100, firstTime: 600, firstId: 1 } },
        after: { X: { score: 50, time: 100, firstTime: 600, firstId: 1 } },
        hidden: {},
      },
      {
        uid: 'u1',
        username: 'u1',
        nickname: 'Ann',
        realname: null,
        school: null,
        before: { X: { score: 40, time: null, firstTime: 700, firstId: 2 } },
        after: { X: { score: 100, time: 90, firstTime: 700, firstId: 2 } },
        hidden: { X: [{ submitId: 3, status: 0, score: 100, submitTime: '2026/01/15 19:40:00' }] },
      },
    ],
  },
};

beforeEach(() => {
  resetStores();
  useSession.setState({ token: 't', user: ROOT });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  if (i18n.isInitialized) await i18n.changeLanguage('en-US');
});

async function open(path: string, testId: string) {
  renderApp(path);
  await act(() => i18n.changeLanguage('en-US'));
  return screen.findByTestId(testId, {}, { timeout: 30_000 });
}

describe('file kinds', () => {
  it('guesses the kind and format from the file name', () => {
    expect([kindOfFile('organizations.json'), formatOfFile('organizations.json')]).toEqual([
      'organizations',
      'json',
    ]);
    expect([kindOfFile('teams.tsv'), formatOfFile('teams.tsv')]).toEqual(['teams', 'tsv']);
    expect(kindOfFile('accounts.json')).toBe('accounts');
    expect(kindOfFile('export.json')).toBeNull();
  });
});

// The first render loads the lazy admin chunk, slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

describe('Contest API import screen', () => {
  it('sends the picked file with its kind and format, and shows the result of every row', async () => {
    const calls = stubFetch((url) => {
      if (urlPath(url) === '/api/admin/contest/ccs/import')
        return ok({
          created: 1,
          updated: 1,
          refused: 1,
          rows: [
            { line: 2, id: '1', outcome: 'created', reason: null },
            { line: 3, id: '2', outcome: 'updated', reason: null },
            { line: 4, id: '3', outcome: 'refused', reason: 'The name must not be empty' },
          ],
        });
      return undefined;
    });
    await open('/admin/contest/ccs-import?cid=7', 'ccs-import');
    expect(screen.getByTestId<HTMLInputElement>('ccs-cid').value).toBe('7');
    const tsv = 'teams\t1\n1\t\t3\tOne\n2\t\t3\tTwo\n3\t\t3\t\n';
    pickFile('ccs-file', 'teams.tsv', tsv);
    expect(screen.getByTestId<HTMLSelectElement>('ccs-kind').value).toBe('teams');
    expect(screen.getByTestId<HTMLSelectElement>('ccs-format').value).toBe('tsv');
    fireEvent.click(screen.getByTestId('ccs-submit'));
    await screen.findByTestId('ccs-result');
    const sent = calls.find((c) => urlPath(c.url) === '/api/admin/contest/ccs/import')!;
    expect(sent.body).toEqual({ cid: 7, kind: 'teams', format: 'tsv', content: tsv });
    expect(screen.getByTestId('ccs-summary').textContent).toBe('1 created, 1 updated, 1 refused');
    expect(screen.getByTestId('ccs-row-2').dataset.outcome).toBe('created');
    expect(screen.getByTestId('ccs-row-4').dataset.outcome).toBe('refused');
    expect(within(screen.getByTestId('ccs-row-4')).getByText('The name must not be empty')).toBeTruthy();
    // The same screen in Chinese.
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('ccs-summary').textContent).toBe('新建 1 行，更新 1 行，拒绝 1 行');
    expect(within(screen.getByTestId('ccs-row-4')).getByText('拒绝')).toBeTruthy();
  });

  it('asks for a contest and a file before sending, and shows a refusal', async () => {
    const calls = stubFetch((url) =>
      urlPath(url) === '/api/admin/contest/ccs/import'
        ? { body: { status: 403, msg: 'No permission', data: null } }
        : undefined,
    );
    await open('/admin/contest/ccs-import', 'ccs-import');
    fireEvent.click(screen.getByTestId('ccs-submit'));
    expect((await screen.findByTestId('ccs-problem')).textContent).toBe('Enter the contest ID');
    fireEvent.change(screen.getByTestId('ccs-cid'), { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('ccs-submit'));
    expect((await screen.findByTestId('ccs-problem')).textContent).toBe('Choose a file');
    pickFile('ccs-file', 'organizations.json', '[]');
    fireEvent.click(screen.getByTestId('ccs-submit'));
    await waitFor(() => expect(screen.getByTestId('ccs-problem').textContent).toBe('No permission'));
    expect(calls.filter((c) => urlPath(c.url) === '/api/admin/contest/ccs/import')).toHaveLength(1);
    expect(screen.queryByTestId('ccs-result')).toBeNull();
  });

  it('is not drawn for a user without the admin role', async () => {
    useSession.setState({ token: 't', user: ALICE });
    stubFetch(() => undefined);
    renderApp('/admin/contest/ccs-import');
    await waitFor(() => expect(screen.queryByTestId('ccs-import')).toBeNull());
  });
});

describe('event feed scroll board screen', () => {
  it('reads a feed by URL with credentials, then reveals it on the scroll board', async () => {
    const calls = stubFetch((url) =>
      urlPath(url) === '/api/admin/contest/ccs/feed-board' ? ok(ACM_FEED) : undefined,
    );
    await open('/admin/contest/ccs-feed', 'ccs-feed');
    fireEvent.change(screen.getByTestId('ccs-feed-url'), {
      target: { value: 'https://cds.example.org/api/contests/wf/event-feed' },
    });
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'cds' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('ccs-feed-load'));
    const summary = await screen.findByTestId('ccs-feed-summary');
    expect(calls.find((c) => urlPath(c.url) === '/api/admin/contest/ccs/feed-board')!.body).toEqual({
      url: 'https://cds.example.org/api/contests/wf/event-feed',
      username: 'cds',
      password: 'secret',
    });
    expect(summary.textContent).toContain('Demo Contest');
    expect(summary.textContent).toContain('2 problems, 3 teams, ACM (pass-fail)');
    expect(screen.getByTestId('ccs-feed-penalty').textContent).toContain('10 minutes');
    fireEvent.click(screen.getByTestId('ccs-feed-start'));
    await screen.findByTestId('scroll-board');
    // Sealed: t1 and t2 have A each; t2 is second by penalty.
    expect(screen.getByTestId('scroll-rank-t1').textContent).toBe('1');
    for (let i = 0; i < 10 && !screen.getByTestId<HTMLButtonElement>('scroll-next').disabled; i++)
      fireEvent.click(screen.getByTestId('scroll-next'));
    expect(screen.getByTestId<HTMLButtonElement>('scroll-next').disabled).toBe(true);
    expect(screen.getByTestId('scroll-rank-t1').textContent).toBe('1');
    expect(screen.getByTestId('scroll-rank-t2').textContent).toBe('2');
    expect(screen.getByTestId('scroll-rank-t3').textContent).toBe('3');
  });

  it('uploads an NDJSON file, and shows the server refusal in Chinese too', async () => {
    stubFetch((url) =>
      urlPath(url) === '/api/admin/contest/ccs/feed-board'
        ? { body: { status: 400, msg: '事件流中没有题目', data: null } }
        : undefined,
    );
    await open('/admin/contest/ccs-feed', 'ccs-feed');
    await act(() => i18n.changeLanguage('zh-CN'));
    fireEvent.click(screen.getByTestId('ccs-feed-load'));
    expect((await screen.findByTestId('ccs-feed-problem')).textContent).toBe('请填写地址或选择文件');
    pickFile('ccs-feed-file', 'event-feed.ndjson', '{"type":"state","data":{}}\n');
    fireEvent.click(screen.getByTestId('ccs-feed-load'));
    await waitFor(() => expect(screen.getByTestId('ccs-feed-problem').textContent).toBe('事件流中没有题目'));
    expect(screen.getByText('事件流滚榜', { selector: 'h2' })).toBeTruthy();
  });
});

describe('the revealed board of a feed', () => {
  it('ACM: after every reveal it equals the board of the same submissions without a freeze', () => {
    const start = feedScrollState(ACM_FEED);
    if (start.kind !== 'acm') throw new Error('acm');
    let state = start.state;
    expect(nextReveal(state)).not.toBeNull();
    for (let r = revealNext(state); r; r = revealNext(state)) state = r.state;
    if (ACM_FEED.kind !== 'acm') throw new Error('acm');
    const unfrozen = buildSealedBoard({
      problems: ACM_FEED.problems,
      startTime: ACM_FEED.startTime,
      sealTime: Number.MAX_SAFE_INTEGER,
      submissions: ACM_FEED.submissions,
    });
    const view = (s: typeof state) =>
      s.teams.map((x) => [
        x.uid,
        x.solved,
        x.penalty,
        ranksAndMedals(s.teams, { gold: 0, silver: 0, bronze: 0 }),
      ]);
    expect(view(state)).toEqual(view(unfrozen));
    expect(state.teams.map((x) => x.uid)).toEqual(['t1', 't2', 't3']);
  });

  it('OI: after every reveal the scores are the final cells', () => {
    const start = feedScrollState(OI_FEED);
    if (start.kind !== 'oi') throw new Error('oi');
    let state = start.state;
    expect(state.teams.map((x) => [x.uid, x.score])).toEqual([
      ['u2', 50],
      ['u1', 40],
    ]);
    for (let r = revealNextOi(state); r; r = revealNextOi(state)) state = r.state;
    expect(state.teams.map((x) => [x.uid, x.score])).toEqual([
      ['u1', 100],
      ['u2', 50],
    ]);
  });
});

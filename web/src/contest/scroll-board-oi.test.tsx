// @vitest-environment jsdom
// The OI scroll board page (issue #26 item 9): sealed scores first, then reveals bottom-up.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OiScrollBoard } from '@oj/protocol/contest/scroll-board';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { useContestStore } from './store';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const path = (url: string) => url.split('?')[0];

beforeEach(() => {
  resetStores();
  useContestStore.getState().reset();
});
afterEach(() => cleanup());

const cell = (score: number, firstId: number) => ({ score, time: null, firstTime: 60, firstId });
const data: OiScrollBoard = {
  problems: ['A', 'B'],
  rows: [
    {
      uid: 'b',
      username: 'b',
      nickname: null,
      realname: null,
      school: null,
      before: { A: cell(100, 1) },
      after: { A: cell(100, 1) },
      hidden: {},
    },
    {
      uid: 'a',
      username: 'a',
      nickname: null,
      realname: null,
      school: 'School A',
      before: { A: cell(50, 2) },
      after: { A: cell(50, 2), B: cell(80, 3) },
      hidden: { B: [{ submitId: 3, status: 8, score: 80, submitTime: '2026/01/01 12:30:00' }] },
    },
  ],
};

describe('OI scroll board page', () => {
  it('shows the sealed scores, then a reveal raises the score and re-ranks', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(path(url)!);
      if (path(url) === '/api/get-contest-scroll-board-info')
        return ok({
          id: 7,
          type: 1,
          rankShowName: 'username',
          problemCount: 2,
          balloonColor: { A: null, B: '#00f' },
          startTime: '2026/01/01 08:00:00',
          sealRankTime: '2026/01/01 12:00:00',
          starUserList: [],
        });
      if (path(url) === '/api/get-contest-scroll-board-oi') return ok(data);
      return undefined;
    });
    renderApp('/scrollBoard?cid=7&medals[]=1&medals[]=0&medals[]=0');
    expect(await screen.findByTestId('scroll-board')).toBeTruthy();
    expect(asked).not.toContain('/api/get-contest-scroll-board-submission');
    expect(screen.getByTestId('scroll-rank-b').textContent).toBe('1');
    expect(screen.getByTestId('scroll-score-a').textContent).toBe('50');
    expect(screen.getByTestId('scroll-cell-a-B').getAttribute('data-tone')).toBe('pending');
    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.getByTestId('scroll-rank-a').textContent).toBe('1'));
    expect(screen.getByTestId('scroll-score-a').textContent).toBe('130');
    expect(screen.getByTestId('scroll-cell-a-B').textContent).toBe('80');
    expect(screen.getByTestId('scroll-row-a').className).toContain('oj-medal-gold');
    expect(screen.getByTestId('scroll-next').hasAttribute('disabled')).toBe(true);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { fakeSocket as sock } from '../test/fake-socket';
import { trainingRow } from '../test/rank-rows';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

const training = (over: Record<string, unknown> = {}) => ({
  id: 5,
  title: 'Graph path',
  description: 'Learn **graphs**',
  author: 'root',
  auth: 'Private',
  rank: 1,
  gid: null,
  rankShowName: 'username',
  categoryId: 22,
  categoryName: 'Graphs',
  categoryColor: '#8f398f',
  problemCount: 2,
  acCount: 0,
  gmtModified: '2026-01-01T00:00:00.000+0000',
  ...over,
});
const problem = (pid: number, problemId: string) => ({
  pid,
  problemId,
  title: `P ${problemId}`,
  difficulty: 0,
  type: 0,
  tags: [],
  total: 4,
  ac: 1,
  score: null,
});
const rankRow = (uid: string, ac: number) =>
  trainingRow(uid, ac, {
    totalRunTime: ac * 10,
    submissionInfo: ac ? { A1: { status: 0, score: null, isAC: true, runTime: 10 } } : {},
  });

beforeEach(() => {
  resetStores();
  sock.emitted = [];
  sock.ackOk = true;
  sock.handlers.clear();
});
afterEach(() => cleanup());

describe('training list', () => {
  it('filters by the category of the query, hides progress when anonymous and asks to log in', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-training-category')
        return ok([
          { id: 22, name: 'Graphs', color: '#8f398f', gid: null, gmtCreate: null, gmtModified: null },
        ]);
      if (path(url) === '/api/get-training-list')
        return ok({ records: [training({ acCount: null })], total: 1, size: 15, current: 1, pages: 1 });
      return undefined;
    });
    renderApp('/training?categoryId=22&currentPage=1');
    await screen.findByTestId('training-row-5');
    const listCall = calls.find((c) => path(c.url) === '/api/get-training-list')!;
    expect(query(listCall.url)).toMatchObject({ categoryId: '22', currentPage: '1', limit: '15' });
    expect(screen.queryByTestId('training-progress-head')).toBeNull();
    expect(screen.getByTestId('training-category-22').getAttribute('data-active')).toBe('true');
    fireEvent.click(screen.getByTestId('training-row-5'));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
  });

  it('shows the progress column when logged in', async () => {
    useSession.setState({ token: 't', user: ALICE as never });
    stubFetch((url) => {
      if (path(url) === '/api/get-training-category') return ok([]);
      if (path(url) === '/api/get-training-list')
        return ok({ records: [training({ acCount: 1 })], total: 1, size: 15, current: 1, pages: 1 });
      return undefined;
    });
    renderApp('/training');
    await screen.findByTestId('training-progress-head');
    expect(screen.getByTestId('training-progress-5').textContent).toContain('1/2');
  });
});

describe('training area', () => {
  it('asks for the password, registers, then follows the progress push', async () => {
    useSession.setState({ token: 't', user: ALICE as never });
    let registered = false;
    const calls = stubFetch((url) => {
      const p = path(url);
      if (p === '/api/get-training-detail') return ok(training());
      if (p === '/api/get-training-access') return ok({ access: registered });
      if (p === '/api/get-training-problem-list')
        return registered
          ? ok([problem(11, 'A1'), problem(12, 'A2')])
          : { body: { status: 401, msg: 'register first', data: null } };
      if (p === '/api/get-training-problem-status')
        return registered ? ok({ 11: { status: -10 }, 12: { status: -1 } }) : undefined;
      if (p === '/api/register-training') {
        registered = true;
        return ok(null);
      }
      return undefined;
    });
    renderApp('/training/5/problems');
    await screen.findByTestId('training-password-card');
    fireEvent.click(screen.getByTestId('training-register'));
    expect(calls.some((c) => path(c.url) === '/api/register-training')).toBe(false);
    fireEvent.change(screen.getByTestId('training-password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('training-register'));
    await screen.findByTestId('training-problem-A1');
    expect(calls.find((c) => path(c.url) === '/api/register-training')!.body).toEqual({
      tid: 5,
      password: 'pw',
    });
    expect(screen.queryByTestId('training-password-card')).toBeNull();
    expect(screen.getByTestId('training-status-A1').getAttribute('data-status')).toBe('none');
    await waitFor(() =>
      expect(screen.getByTestId('training-status-A2').getAttribute('data-status')).toBe('minus'),
    );
    expect(screen.getByTestId('training-progress-text').textContent).toContain('0 / 2');
    sock.push('training:progress', {
      uid: 'u1',
      pid: 11,
      status: 0,
      trainings: [{ tid: 5, acCount: 1 }],
      at: 0,
    });
    await waitFor(() =>
      expect(screen.getByTestId('training-status-A1').getAttribute('data-status')).toBe('tick'),
    );
    expect(screen.getByTestId('training-progress-text').textContent).toContain('1 / 2');
    // another training's push changes nothing here
    sock.push('training:progress', {
      uid: 'u1',
      pid: 12,
      status: 0,
      trainings: [{ tid: 9, acCount: 3 }],
      at: 0,
    });
    expect(screen.getByTestId('training-status-A2').getAttribute('data-status')).toBe('minus');
  });

  it('joins the training room on the rank and moves a pushed row in place', async () => {
    useSession.setState({ token: 't', user: ALICE as never });
    const calls = stubFetch((url) => {
      const p = path(url);
      if (p === '/api/get-training-detail') return ok(training());
      if (p === '/api/get-training-access') return ok({ access: true });
      if (p === '/api/get-training-problem-list') return ok([problem(11, 'A1')]);
      if (p === '/api/get-training-problem-status') return ok({});
      if (p === '/api/get-training-rank')
        return ok({
          records: [rankRow('bob', 1), rankRow('u1', 0)],
          total: 2,
          size: 30,
          current: 1,
          pages: 1,
        });
      return undefined;
    });
    renderApp('/training/5/rank');
    await screen.findByTestId('training-rank-row-u1');
    await waitFor(() => expect(sock.emitted).toContainEqual(['subscribe:training', { tid: 5 }]));
    const rankCalls = () => calls.filter((c) => path(c.url) === '/api/get-training-rank').length;
    const before = rankCalls();
    sock.push('training:rank', {
      tid: 5,
      row: { ...rankRow('u1', 2), totalRunTime: 5 },
      order: 0,
      prevOrder: 1,
      total: 2,
      at: 0,
    });
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('[data-testid^="training-rank-row-"]')].map((e) =>
          e.getAttribute('data-testid'),
        ),
      ).toEqual(['training-rank-row-u1', 'training-rank-row-bob']),
    );
    expect(screen.getByTestId('training-rank-ac-u1').textContent).toBe('2');
    expect(rankCalls()).toBe(before);
    sock.push('training:rank', { tid: 5, reset: true, at: 0 });
    await waitFor(() => expect(rankCalls()).toBe(before + 1));
  });
});

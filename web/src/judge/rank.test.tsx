// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';

const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('rank pages', () => {
  it('shows top-10 bars, nickname tones, and searches', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      uid: `u${i}`,
      username: `user${i}`,
      nickname: i === 0 ? 'abc' : null,
      signature: null,
      titleName: null,
      titleColor: null,
      ac: 20 - i,
      total: 40,
      rating: null,
    }));
    const calls = stubFetch((url) => {
      if (path(url) !== '/api/get-rank-list') return undefined;
      return query(url).searchUser ? ok({ records: [], total: 0 }) : ok({ records: rows, total: 12 });
    });
    renderApp('/acm-rank');
    expect(await screen.findAllByTestId('rank-bar')).toHaveLength(10);
    expect(screen.getAllByTestId('rank-row')).toHaveLength(12);
    expect(screen.getByTestId('rank-nickname').className).toContain('oj-nick-red');
    expect(query(calls.find((c) => path(c.url) === '/api/get-rank-list')!.url)).toEqual({
      type: '0',
      currentPage: '1',
      limit: '30',
    });
    fireEvent.change(screen.getByTestId('rank-search'), { target: { value: 'zz' } });
    fireEvent.submit(screen.getByTestId('rank-search').closest('form')!);
    expect(await screen.findByTestId('rank-empty')).toBeTruthy();
    expect(query(calls.at(-1)!.url)).toMatchObject({ type: '0', searchUser: 'zz' });
  });

  it('asks for the OI list with type 1', async () => {
    const calls = stubFetch((url) =>
      path(url) === '/api/get-rank-list' ? ok({ records: [], total: 0 }) : undefined,
    );
    renderApp('/oi-rank');
    expect(await screen.findByTestId('oi-rank')).toBeTruthy();
    await waitFor(() =>
      expect(query(calls.find((c) => path(c.url) === '/api/get-rank-list')!.url).type).toBe('1'),
    );
  });
});

// @vitest-environment jsdom
// Discussion and message screens (issue 13) against scripted calls: list paging and filters,
// the switch redirect, detail with like/report, a pushed comment refetching the comment area,
// the message center's lists, badges, pushed refetch and clean.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageServerEvents } from '@oj/protocol/realtime/message';
import { i18n } from '../i18n';
import { useMessages } from '../message/store';
import { useSession } from '../store/session';
import { useSite } from '../store/site';
import { fakeSocket as sock } from '../test/fake-socket';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
const page = (records: unknown[], total = records.length, size = 10) => ({
  records,
  total,
  size,
  current: 1,
  pages: Math.ceil(total / size),
});
const post = (over: Record<string, unknown> = {}) => ({
  id: 9,
  categoryId: 1,
  title: '[1000] how to read',
  description: 'scanf or cin',
  content: null,
  pid: '1000',
  uid: 'u2',
  author: 'bob',
  avatar: null,
  role: 'user',
  viewNum: 3,
  likeNum: 1,
  commentNum: 2,
  topPriority: false,
  status: 0,
  gid: null,
  gmtCreate: '2026-01-01T00:00:00.000+0000',
  gmtModified: '2026-01-01T00:00:00.000+0000',
  ...over,
});
const CATS = [{ id: 1, name: 'Chat', gmtCreate: null, gmtModified: null }];

beforeEach(() => {
  resetStores();
  sock.emitted = [];
  sock.handlers.clear();
});
afterEach(() => cleanup());

describe('discussion list', () => {
  it('asks for 10 a page in the problem scope, filters by keyword and category, links the post', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/discussion-category') return ok(CATS);
      if (path(url) === '/api/get-discussion-list') return ok(page([post()], 11));
      return undefined;
    });
    renderApp('/discussion/1000');
    await screen.findByTestId('discussion-card');
    const first = calls.find((c) => path(c.url) === '/api/get-discussion-list')!;
    expect(query(first.url)).toMatchObject({ pid: '1000', limit: '10', currentPage: '1' });
    expect(screen.getByTestId('discussion-link').getAttribute('href')).toBe('/discussion-detail/9');
    fireEvent.click(await screen.findByTestId('category-1'));
    await waitFor(() =>
      expect(calls.some((c) => path(c.url) === '/api/get-discussion-list' && query(c.url).cid === '1')).toBe(
        true,
      ),
    );
    // posting needs a login: the login dialog opens
    fireEvent.click(screen.getByTestId('discussion-post'));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
  });

  it('shows the seeded categories in the interface language; a renamed one as named (wire text untouched)', async () => {
    const seeded = [
      { id: 1, name: '闲聊', gmtCreate: null, gmtModified: null },
      { id: 2, name: '题解', gmtCreate: null, gmtModified: null },
      { id: 6, name: 'Contest notes', gmtCreate: null, gmtModified: null },
    ];
    stubFetch((url) => {
      if (path(url) === '/api/discussion-category') return ok(seeded);
      if (path(url) === '/api/get-discussion-list') return ok(page([post({ categoryId: 2 })], 1));
      return undefined;
    });
    renderApp('/discussion');
    expect((await screen.findByTestId('category-1')).textContent).toBe('Chat');
    expect(screen.getByTestId('category-2').textContent).toBe('Solutions');
    expect(screen.getByTestId('category-6').textContent).toBe('Contest notes');
    expect((await screen.findByTestId('discussion-card')).textContent).toContain('Solutions');
    await i18n.changeLanguage('zh-CN');
    await waitFor(() => expect(screen.getByTestId('category-1').textContent).toBe('闲聊'));
    expect(screen.getByTestId('category-2').textContent).toBe('题解');
    expect(screen.getByTestId('category-6').textContent).toBe('Contest notes');
    expect(screen.getByTestId('discussion-card').textContent).toContain('题解');
    await i18n.changeLanguage('en-US');
  });

  it('goes home when public discussion is off', async () => {
    stubFetch(() => undefined);
    useSite.setState({ config: { ...useSite.getState().config, openPublicDiscussion: false } });
    const { location } = renderApp('/discussion');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/home'));
  });
});

describe('discussion detail', () => {
  it('likes, refuses an empty report, and refetches comments when a comment is pushed', async () => {
    useSession.setState({ token: 't', user: ALICE as never });
    let comments = 0;
    const calls = stubFetch((url) => {
      const p = path(url);
      if (p === '/api/discussion-category') return ok(CATS);
      if (p === '/api/get-discussion-detail')
        return ok({
          ...post({ content: 'Use **fast** IO' }),
          categoryName: 'Chat',
          titleName: null,
          titleColor: null,
          hasLike: null,
        });
      if (p === '/api/comments') {
        comments++;
        return ok({ commentList: page([], 0), commentLikeMap: {} });
      }
      if (p === '/api/discussion-like') return ok(null);
      if (p === '/api/msg/unread') return ok({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
      return undefined;
    });
    renderApp('/discussion-detail/9');
    await screen.findByTestId('discussion-content');
    expect(screen.getByTestId('discussion-content').querySelector('strong')?.textContent).toBe('fast');
    expect(screen.queryByTestId('discussion-edit')).toBeNull();
    fireEvent.click(screen.getByTestId('discussion-like'));
    await waitFor(() => expect(calls.some((c) => path(c.url) === '/api/discussion-like')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('discussion-like').textContent).toContain('2'));
    expect(query(calls.find((c) => path(c.url) === '/api/discussion-like')!.url)).toEqual({
      did: '9',
      toLike: 'true',
    });

    fireEvent.click(screen.getByTestId('discussion-report'));
    fireEvent.click(await screen.findByTestId('report-send'));
    await screen.findByTestId('report-error');

    await waitFor(() => expect(sock.emitted.some(([ev]) => ev === 'subscribe:discussion')).toBe(true));
    const before = comments;
    sock.push(MessageServerEvents.discussionComment, { did: 9, commentId: 1, replyId: null, at: 1 });
    await waitFor(() => expect(comments).toBeGreaterThan(before));
  });
});

describe('message center', () => {
  it('lists with the spec page size, red dots, tab badges, pushed refetch and clean', async () => {
    useSession.setState({ token: 't', user: ALICE as never });
    let items = 1;
    const calls = stubFetch((url, init) => {
      const p = path(url);
      if (p === '/api/msg/unread') return ok({ comment: 1, reply: 0, like: 2, sys: 0, mine: 0 });
      if (p === '/api/msg/comment')
        return ok(
          page(
            Array.from({ length: items }, (_, i) => ({
              id: i + 1,
              action: 'Discuss',
              sourceId: 9,
              sourceType: 'Discussion',
              sourceTitle: 'a post',
              sourceContent: 'nice',
              quoteId: null,
              quoteType: null,
              quoteContent: null,
              url: '/discussion-detail/9',
              state: false,
              senderId: 'u2',
              senderUsername: 'bob',
              senderAvatar: null,
              gmtCreate: '2026-01-01T00:00:00.000+0000',
            })),
            items,
            6,
          ),
        );
      if (p === '/api/msg/clean' && init.method === 'DELETE') {
        items = 0;
        return ok(null);
      }
      return undefined;
    });
    renderApp('/message/discuss');
    await screen.findByTestId('msg-item');
    expect(query(calls.find((c) => path(c.url) === '/api/msg/comment')!.url)).toMatchObject({ limit: '6' });
    expect(screen.getByTestId('msg-unread-dot')).toBeTruthy();
    expect(screen.getByTestId('msg-source').getAttribute('href')).toBe('/discussion-detail/9');
    expect((await screen.findByTestId('msg-tab-like-count')).textContent).toBe('2');

    items = 2;
    sock.push(MessageServerEvents.unread, {
      uid: 'u1',
      counts: { comment: 2, reply: 0, like: 0, sys: 0, mine: 0 },
      kind: 'comment',
      at: 1,
    });
    await waitFor(() => expect(screen.getAllByTestId('msg-item').length).toBe(2));
    expect(screen.queryByTestId('msg-tab-like-count')).toBeNull();
    expect(useMessages.getState().unread.comment).toBe(2);

    fireEvent.click(screen.getByTestId('msg-clean'));
    fireEvent.click(await screen.findByText('Delete'));
    await screen.findByTestId('msg-empty');
    expect(query(calls.find((c) => path(c.url) === '/api/msg/clean')!.url)).toEqual({ type: 'Discuss' });
  });
});

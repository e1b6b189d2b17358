// @vitest-environment jsdom
// Issue #26 items 4–6: the posting/commenting and group-creation rules with the user's progress are
// shown before any editor opens (buttons disabled), group form fields carry their rules, and the
// post editor labels its text box, takes a blank description from the text and drops a stale banner.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { useSession } from '../store/session';
import { fakeSocket as sock } from '../test/fake-socket';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { descriptionOf } from './post-rules';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const CATS = [{ id: 1, name: 'Chat', gmtCreate: null, gmtModified: null }];
const rule = (over: Record<string, unknown> = {}) => ({
  exempt: false,
  accepted: 2,
  postNeed: 10,
  commentNeed: 4,
  dailyLimit: 5,
  postedToday: 0,
  ...over,
});
const common = (url: string) => {
  const p = path(url);
  if (p === '/api/discussion-category') return ok(CATS);
  if (p === '/api/get-discussion-list') return ok(page([]));
  if (p === '/api/msg/unread') return ok({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
  return undefined;
};

beforeEach(() => {
  resetStores();
  sock.emitted = [];
  sock.handlers.clear();
  useSession.setState({ token: 't', user: ALICE as never });
});
afterEach(() => cleanup());

describe('discussion posting rule (item 4)', () => {
  it('shows "Solve 10 problems to post: 2/10" before the editor and disables the button, both languages', async () => {
    stubFetch((url) => (path(url) === '/api/discussion-write-rule' ? ok(rule()) : common(url)));
    renderApp('/discussion');
    const notice = await screen.findByTestId('write-rule-post');
    expect(notice.textContent).toContain('Solve 10 problems to post: 2/10');
    expect((screen.getByTestId('discussion-post') as HTMLButtonElement).disabled).toBe(true);
    await i18n.changeLanguage('zh-CN');
    await waitFor(() => expect(screen.getByTestId('write-rule-post').textContent).toContain('2/10'));
    expect(screen.getByTestId('write-rule-post').textContent).toContain('通过 10 道题后可发帖');
    await i18n.changeLanguage('en-US');
  });

  it('the daily cap blocks too; a user who meets the rule sees no notice and may open the editor', async () => {
    let current = rule({ accepted: 12, postedToday: 5 });
    stubFetch((url) => (path(url) === '/api/discussion-write-rule' ? ok(current) : common(url)));
    const view = renderApp('/discussion');
    expect((await screen.findByTestId('write-rule-post')).textContent).toContain(
      'At most 5 posts per 24 hours',
    );
    view.unmount();
    current = rule({ accepted: 12 });
    renderApp('/discussion');
    await waitFor(() =>
      expect((screen.getByTestId('discussion-post') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByTestId('write-rule-post')).toBeNull();
  });

  it('a discussion comment box is disabled under the comment rule, with the progress', async () => {
    stubFetch((url) => {
      const p = path(url);
      if (p === '/api/discussion-write-rule') return ok(rule());
      if (p === '/api/get-discussion-detail')
        return ok({
          id: 9,
          categoryId: 1,
          title: 'hello',
          description: 'd',
          content: 'text',
          pid: null,
          uid: 'u2',
          author: 'bob',
          avatar: null,
          role: 'user',
          viewNum: 1,
          likeNum: 0,
          commentNum: 0,
          topPriority: false,
          status: 0,
          gid: null,
          gmtCreate: '2026-01-01T00:00:00.000+0000',
          gmtModified: '2026-01-01T00:00:00.000+0000',
          categoryName: 'Chat',
          titleName: null,
          titleColor: null,
          hasLike: null,
        });
      if (p === '/api/comments') return ok({ commentList: page([]), commentLikeMap: {} });
      return common(url);
    });
    renderApp('/discussion-detail/9');
    expect((await screen.findByTestId('write-rule-comment')).textContent).toContain(
      'Solve 4 problems to comment and reply: 2/4',
    );
    expect((screen.getByTestId('comment-box-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByTestId('comment-box').querySelector('textarea') as HTMLTextAreaElement).disabled,
    ).toBe(true);
  });
});

describe('post editor (item 6)', () => {
  it('labels the text box, saves without a description (taken from the text), drops a stale banner', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/discussion-write-rule') return ok(rule({ accepted: 12 }));
      if (path(url) === '/api/discussion') return ok(null);
      return common(url);
    });
    renderApp('/discussion');
    await waitFor(() =>
      expect((screen.getByTestId('discussion-post') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('discussion-post'));
    expect((await screen.findByTestId('post-content-label')).textContent).toContain('Content');
    fireEvent.click(screen.getByTestId('post-save'));
    expect((await screen.findByTestId('post-error')).textContent).toContain('Title');
    fireEvent.change(screen.getByTestId('post-title'), { target: { value: 'My question' } });
    expect(screen.queryByTestId('post-error')).toBeNull();
    const box = screen.getByTestId('post-content').querySelector('textarea')!;
    fireEvent.change(box, { target: { value: '## How do I read input?\nmore' } });
    fireEvent.click(screen.getByTestId('post-save'));
    await waitFor(() =>
      expect(calls.some((c) => path(c.url) === '/api/discussion' && c.method === 'POST')).toBe(true),
    );
    const sent = calls.find((c) => path(c.url) === '/api/discussion' && c.method === 'POST')!;
    expect(sent.body).toMatchObject({ title: 'My question', description: 'How do I read input?' });
  });

  it('descriptionOf keeps a typed description and cuts a derived one to 255', () => {
    expect(descriptionOf({ description: 'mine', content: 'x' })).toBe('mine');
    expect(descriptionOf({ description: ' ', content: '\n> **quoted** line\n' })).toBe('**quoted** line');
    expect([...descriptionOf({ description: '', content: '字'.repeat(300) })]).toHaveLength(255);
  });
});

describe('group creation rule (item 5)', () => {
  const groups = (url: string) => {
    const p = path(url);
    if (p === '/api/get-group-list') return ok(page([]));
    return common(url);
  };

  it('shows the 20-AC rule with progress and disables Create before the form opens', async () => {
    stubFetch((url) =>
      path(url) === '/api/group-create-rule'
        ? ok({
            exempt: false,
            accepted: 3,
            need: 20,
            dailyLimit: 2,
            createdToday: 0,
            totalLimit: 5,
            created: 0,
          })
        : groups(url),
    );
    renderApp('/group');
    expect((await screen.findByTestId('group-create-rule')).textContent).toContain(
      'Solve 20 problems to create a group: 3/20',
    );
    expect((screen.getByTestId('group-create') as HTMLButtonElement).disabled).toBe(true);
  });

  it('an allowed user opens the form with each field rule beside its field', async () => {
    stubFetch((url) =>
      path(url) === '/api/group-create-rule'
        ? ok({
            exempt: false,
            accepted: 30,
            need: 20,
            dailyLimit: 2,
            createdToday: 0,
            totalLimit: 5,
            created: 1,
          })
        : groups(url),
    );
    renderApp('/group');
    await waitFor(() =>
      expect((screen.getByTestId('group-create') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByTestId('group-create-rule')).toBeNull();
    fireEvent.click(screen.getByTestId('group-create'));
    expect((await screen.findByTestId('group-form-name-help')).textContent).toBe('5 to 25 characters');
    expect(screen.getByTestId('group-form-shortName-help').textContent).toBe('5 to 10 characters');
    expect(screen.getByTestId('group-form-brief-help').textContent).toBe('5 to 50 characters');
    expect(screen.getByTestId('group-form-description-help').textContent).toBe('5 to 1000 characters');
    fireEvent.change(screen.getByTestId('group-form-name'), { target: { value: 'abc' } });
    fireEvent.blur(screen.getByTestId('group-form-name'));
    expect(screen.getByTestId('group-form-name-help').textContent).toBe('Length must be 5 to 25 characters');
  });
});

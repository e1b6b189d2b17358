// @vitest-environment jsdom
// Issue #16 content: seeded texts in the interface language, 7-day rank without 0-AC users,
// "Rating" in Chinese, English comment plurals.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { useSite } from '../store/site';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { SEEDED_DESCRIPTION, SEEDED_WELCOME_TITLE } from './seeded-content';

const WELCOME = {
  id: 1,
  title: SEEDED_WELCOME_TITLE,
  content: '欢迎使用本在线评测系统：在这里可以练习题目。\n\nWelcome!',
  gmtCreate: '2024-01-01T00:00:00.000+0000',
  username: 'root',
};

function home() {
  return stubFetch((url) => {
    if (url.startsWith('/api/get-common-announcement'))
      return ok({ records: [WELCOME], total: 1, size: 5, current: 1, pages: 1 });
    if (url === '/api/get-recent-seven-ac-rank')
      return ok([
        { uid: 'x', username: 'bob', nickname: null, avatar: null, ac: 3 },
        { uid: 'y', username: 'idle', nickname: null, avatar: null, ac: 0 },
      ]);
    if (url === '/api/get-website-config')
      return ok({ ...useSite.getState().config, description: SEEDED_DESCRIPTION });
    return undefined;
  });
}

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('home content (issue #16)', () => {
  it('English: seeded description and welcome in English only; the 7-day rank leaves out 0-AC users', async () => {
    home();
    renderApp('/home');
    expect((await screen.findByTestId('announcement-item')).textContent).toContain(
      'Welcome to Online Judge!',
    );
    expect(screen.getByTestId('announcement-item').textContent).not.toMatch(/[\u4e00-\u9fff]/);
    const rows = await screen.findAllByTestId('home-rank-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('bob')]);
    expect((await screen.findByTestId('footer-description')).textContent).toBe(
      'An online judge for programming practice, contests and trainings.',
    );
  });

  it('Chinese: the same seeded texts in Chinese only', async () => {
    home();
    renderApp('/home');
    await i18n.changeLanguage('zh-CN');
    expect((await screen.findByTestId('announcement-item')).textContent).toContain('欢迎来到 Online Judge！');
    expect((await screen.findByTestId('footer-description')).textContent).toBe(
      '在线评测系统：练习题目、参加比赛与训练。',
    );
    await i18n.changeLanguage('en-US');
  });
});

describe('translations (issue #16)', () => {
  it('"Rating" is translated in zh-CN and "1 comment" is singular in English', () => {
    initI18n('zh-CN');
    expect(i18n.t('rank.rating')).toBe('等级分');
    expect(i18n.t('userHome.rating')).toBe('等级分');
    initI18n('en-US');
    expect(i18n.t('commentArea.total', { count: 1 })).toBe('1 comment');
    expect(i18n.t('commentArea.total', { count: 3 })).toBe('3 comments');
    initI18n('zh-CN');
    expect(i18n.t('commentArea.total', { count: 1 })).toBe('共 1 条评论');
    initI18n('en-US');
  });
});

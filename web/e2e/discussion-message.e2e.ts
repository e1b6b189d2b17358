// Discussions and the message center in real Chromium (issue 13): A posts on problem 1000; B, in
// another browser, comments and likes; A's navbar badge and open message list change without a
// reload; a new comment appears on the post A is reading; A replies and B sees the reply message;
// root's All notice reaches both at once; B reports and an admin handles the report. A stored-XSS
// corpus goes through the post, comments, replies, the report and the notice and never runs.
// zh-CN for A, en-US for B; screenshots at 1400 and 375 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  e2e,
  MOBILE,
  logInByApi,
  newPage,
  pageErrors,
  registerUserByApi,
  screenshot,
  uniqueName,
} from './support/browser';
import { apiLogin, call } from './support/contest';

const PASSWORD = 'e2e-pass-123';
/** Each payload would set window.__xss (or open a dialog) if it ever ran. */
const XSS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '[click](javascript:window.__xss=1)',
  '<a href="javascript:window.__xss=1">js link</a>',
  '<svg onload="window.__xss=1"><circle r="5"/></svg>',
  '<svg><script>window.__xss=1</script></svg>',
  '$\\href{javascript:window.__xss=1}{katex link}$',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<details open ontoggle="window.__xss=1">x</details>',
  // Blueprint's own overlay classes would build a full-screen layer that swallows clicks.
  '<div class="bp6-overlay-backdrop bp6-overlay-content bp6-toast-container-in-portal">overlay</div>',
].join('\n\n');

const tag = uniqueName('d');
const a = await registerUserByApi(uniqueName('dma'), PASSWORD);
const b = await registerUserByApi(uniqueName('dmb'), PASSWORD);
const root = await apiLogin('root', e2e().rootPassword);
const title = `${tag} how to read input`;
let did = 0;
let pageA: Page;
let pageB: Page;
const dialogs: string[] = [];

async function noXss(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('.oj-markdown [class*="bp6-"]').count()).toBe(0);
}

async function watch(page: Page): Promise<Page> {
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return page;
}

describe('discussions and messages', () => {
  let switches: Record<string, unknown> = {};
  beforeAll(async () => {
    // New users have no accepted problems: let them post and comment here (restored after).
    switches = await call<Record<string, unknown>>(root, 'GET', '/api/admin/switch/info');
    await call(root, 'PUT', '/api/admin/switch/update', {
      ...switches,
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateCommentACInitValue: 0,
    });
  });
  afterAll(async () => {
    await call(root, 'PUT', '/api/admin/switch/update', switches).catch(() => undefined);
  });

  it('A posts a discussion on problem 1000 in the fullscreen editor with a live preview', async () => {
    pageA = await watch(await newPage(DESKTOP));
    await logInByApi(pageA, a.username, a.password);
    await pageA.goto('/discussion/1000');
    await pageA.getByTestId('discussion-list').waitFor();
    await pageA.getByTestId('discussion-post').click();
    await pageA.getByTestId('post-title').fill(title);
    await pageA.getByTestId('post-description').fill('scanf or cin?');
    await pageA.getByTestId('post-content-input').fill(`Use **fast IO**: $a+b$\n\n${XSS}`);
    // live preview: markdown and KaTeX render, the payloads do not run
    await pageA.getByTestId('post-content-preview').locator('strong').waitFor();
    await pageA.getByTestId('post-content-preview').locator('.katex').first().waitFor();
    // an image chosen (as pasted or dropped) uploads with a progress bar and lands as markdown
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    await pageA
      .getByTestId('post-content-file')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => pageA.getByTestId('post-content-input').inputValue())
      .toMatch(/!\[dot\.png\]\(\/api\/public\/img\/md\/[0-9a-f]{32}\.png\)/);
    const src = await pageA
      .getByTestId('post-content-preview')
      .locator('img[src*="/api/public/img/md/"]')
      .getAttribute('src');
    expect((await fetch(`${e2e().baseUrl}${src}`)).headers.get('content-type')).toBe('image/png');
    await noXss(pageA);
    await screenshot(pageA, 'discussion-editor', { fullPage: false });
    await pageA.getByTestId('post-save').click();
    const card = pageA.getByTestId('discussion-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain(`[1000] ${title}`);
    await screenshot(pageA, 'discussion-list');
    const href = await card.getByTestId('discussion-link').getAttribute('href');
    did = Number(href!.split('/').pop());
    expect(did).toBeGreaterThan(0);
    // A waits on the message center, reached through the navbar menu (no page load)
    await pageA.getByTestId('message-menu').click();
    await pageA.getByTestId('message-comment').click();
    await pageA.getByTestId('msg-list-discuss').waitFor();
    await pageA.getByTestId('msg-empty').waitFor();
  });

  it('B comments and likes in another browser; A sees the badge and the list change without a reload', async () => {
    pageB = await watch(await newPage(DESKTOP, { locale: 'en-US' }));
    await logInByApi(pageB, b.username, b.password);
    await pageB.goto(`/discussion-detail/${did}`);
    await pageB.getByTestId('discussion-title').waitFor();
    expect(await pageB.getByTestId('discussion-title').textContent()).toContain(title);
    await pageB.getByTestId('discussion-content').locator('strong').waitFor();
    await noXss(pageB);
    await pageB.getByTestId('comment-box-input').fill(`first! ${XSS}`);
    await pageB.getByTestId('comment-box-submit').click();
    await pageB.getByTestId('comment-area').locator('.oj-comment').first().waitFor();

    const marker = await pageA.evaluate(() => ((window as unknown as { __mark: number }).__mark = 42));
    expect(marker).toBe(42);
    // the open list of that kind shows it at once (and, being read, marks it read)
    await pageA.getByTestId('msg-item').first().waitFor();
    expect(await pageA.getByTestId('msg-item').first().textContent()).toContain(b.username);
    await pageA.getByTestId('msg-source').first().waitFor();

    await pageB.getByTestId('discussion-like').click();
    // a like is another kind: the navbar dot and the like tab's badge light up
    await pageA.getByTestId('message-dot').waitFor();
    await pageA.getByTestId('msg-tab-like-count').waitFor();
    expect(await pageA.getByTestId('msg-tab-like-count').textContent()).toBe('1');
    // still the same document: nothing reloaded
    expect(await pageA.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(42);
    await noXss(pageA);
    await screenshot(pageA, 'message-center');
    await pageA.getByTestId('msg-tab-like').click();
    await pageA.getByTestId('msg-list-like').getByTestId('msg-item').first().waitFor();
    // reading the list marks it read: the tab badge goes away
    await expect.poll(() => pageA.getByTestId('msg-tab-like-count').count()).toBe(0);
  });

  it('a new comment appears on the post A is reading; A replies; B sees the reply message', async () => {
    await pageA.goto(`/discussion-detail/${did}`);
    await pageA.getByTestId('comment-area').locator('.oj-comment').first().waitFor();
    const before = await pageA.locator('.oj-comment').count();
    await pageB.getByTestId('comment-box-input').fill('second comment from B');
    await pageB.getByTestId('comment-box-submit').click();
    await expect.poll(() => pageA.locator('.oj-comment').count()).toBe(before + 1);

    await pageB.goto('/message/reply');
    await pageB.getByTestId('msg-list-reply').waitFor();
    const first = pageA.locator('.oj-comment').filter({ hasText: 'first!' });
    const id = (await first.getAttribute('data-testid'))!.replace('comment-', '');
    await pageA.getByTestId(`comment-reply-${id}`).click();
    await pageA.getByTestId(`reply-box-${id}-input`).fill(`thanks ${XSS}`);
    await pageA.getByTestId(`reply-box-${id}-submit`).click();
    await pageA.locator('.oj-reply').first().waitFor();
    await pageB.getByTestId('msg-list-reply').getByTestId('msg-item').first().waitFor();
    expect(await pageB.getByTestId('msg-item').first().textContent()).toContain(a.username);
    await noXss(pageA);
    await noXss(pageB);
    await screenshot(pageB, 'message-reply-en');
    await screenshot(pageA, 'discussion-detail');
  });

  it('root sends an All notice from the back office; both see it at once', async () => {
    const admin = await watch(await newPage(DESKTOP));
    await logInByApi(admin, 'root', e2e().rootPassword);
    await admin.goto('/admin/notice');
    await admin.getByTestId('notice-create').click();
    await admin.getByTestId('notice-title').fill(`${tag} maintenance`);
    await admin.getByTestId('notice-content-input').fill(`Tonight **22:00**\n\n${XSS}`);
    await pageA.goto('/message/sys');
    await pageA.getByTestId('msg-list-sys').waitFor();
    await admin.getByTestId('notice-save').click();
    await admin
      .getByTestId('notice-row')
      .filter({ hasText: `${tag} maintenance` })
      .waitFor();
    // A, on the system tab, gets the notice in the open list; B, elsewhere, gets the badge
    await pageA.getByTestId('msg-list-sys').getByText(`${tag} maintenance`).waitFor();
    await pageB.getByTestId('msg-tab-sys-count').waitFor();
    await noXss(pageA);
    await noXss(admin);
    await screenshot(admin, 'admin-notice');
  });

  it("A on another page: the navbar's counts follow B's comment and a notice without a reload", async () => {
    await pageA.goto('/home');
    await pageA.getByTestId('home-page').waitFor();
    await pageA.evaluate(() => ((window as unknown as { __mark: number }).__mark = 7));
    // the message menu stays open: its counts are the header's live counts
    await pageA.getByTestId('message-menu').click();
    await pageA.getByTestId('message-comment').waitFor();
    const count = async (key: string) => {
      const badge = pageA.getByTestId(`message-${key}-count`);
      return (await badge.count()) ? Number(await badge.textContent()) : 0;
    };
    const comments = await count('comment');
    const mine = await count('mine');

    await pageB.goto(`/discussion-detail/${did}`);
    await pageB.getByTestId('comment-box-input').fill('third comment from B');
    await pageB.getByTestId('comment-box-submit').click();
    await expect.poll(() => count('comment')).toBe(comments + 1);
    await pageA.getByTestId('message-dot').waitFor();

    await call(root, 'POST', '/api/admin/msg/notice', {
      title: `${tag} for A only`,
      content: 'A single notice',
      type: 'Single',
      recipientUsername: a.username,
    });
    await expect.poll(() => count('mine')).toBe(mine + 1);
    expect(await pageA.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(7);
    await screenshot(pageA, 'navbar-live-counts', { fullPage: false });
  });

  it('B reports the post; an admin handles the report in the queue', async () => {
    await pageB.goto(`/discussion-detail/${did}`);
    await pageB.getByTestId('discussion-report').click();
    await pageB.getByTestId('report-send').click();
    await pageB.getByTestId('report-error').waitFor();
    await pageB.getByTestId('report-tag-spam').check({ force: true });
    await pageB.getByTestId('report-reason').fill(`spam ${'<img src=x onerror="window.__xss=1">'}`);
    await pageB.getByTestId('report-send').click();
    await expect.poll(() => pageB.getByTestId('report-send').count()).toBe(0);

    const admin = await watch(await newPage(DESKTOP, { locale: 'en-US' }));
    await logInByApi(admin, 'root', e2e().rootPassword);
    await admin.goto('/admin/discussion');
    await admin.getByRole('tab', { name: 'Reports' }).click();
    const row = admin.getByTestId('admin-report-row').filter({ hasText: b.username }).first();
    await row.waitFor();
    expect(await row.getAttribute('data-handled')).toBe('no');
    await row.getByTestId('admin-report-handle').click();
    await expect
      .poll(() =>
        admin
          .getByTestId('admin-report-row')
          .filter({ hasText: b.username })
          .first()
          .getAttribute('data-handled'),
      )
      .toBe('yes');
    await noXss(admin);
    await screenshot(admin, 'admin-discussion-reports');
  });

  it('phones: list, detail and message center at 375 px; nothing ran, no page errors', async () => {
    const phone = await watch(await newPage(MOBILE));
    await logInByApi(phone, a.username, a.password);
    await phone.goto('/discussion');
    await phone.getByTestId('discussion-card').first().waitFor();
    await screenshot(phone, 'discussion-list');
    await phone.goto(`/discussion-detail/${did}`);
    await phone.getByTestId('discussion-content').waitFor();
    await noXss(phone);
    await screenshot(phone, 'discussion-detail');
    await phone.goto('/message/discuss');
    await phone.getByTestId('msg-list-discuss').waitFor();
    await screenshot(phone, 'message-center');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375 + 1);
    expect(dialogs).toEqual([]);
    for (const p of [pageA, pageB, phone]) expect(pageErrors(p)).toEqual([]);
  });
});

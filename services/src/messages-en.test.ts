// Issue #16: every wire text of the existing capabilities has an English twin, and an English
// client gets it for errors and for success messages alike.
import { describe, expect, it } from 'vitest';
import './account/messages.en';
import './site/messages.en';
import './problem/messages.en';
import './judge/messages.en';
import './contest/messages.en';
import './discussion/messages.en';
import './platform/http/messages.en';
import { M as ContestM } from './contest/messages';
import { M as DiscussionM } from './discussion/messages';
import { JudgeMessages, languageError } from './judge/messages';
import { Messages, fail } from './platform/http/errors';
import { translateEnvelope, translateMessage } from './platform/http/message-catalog';
import { buildApp } from './platform/http/app';
import { ok } from './platform/http/envelope';

const CJK = /[\u4e00-\u9fff]/;
const texts = (o: Record<string, unknown>) =>
  Object.values(o).filter((v): v is string => typeof v === 'string' && CJK.test(v));

describe('English twins', () => {
  it.each([
    ['contest', ContestM],
    ['discussion', DiscussionM],
    ['judge', JudgeMessages],
    ['platform', Messages],
  ] as const)('every Chinese %s message has one without Chinese characters', (_n, catalog) => {
    const missing = texts(catalog).filter((zh) => CJK.test(translateMessage(zh, 'en-US')));
    expect(missing).toEqual([]);
  });

  it('translates the texts the issue names, and patterned ones', () => {
    expect(translateMessage('该题号对应题目并非公开题目，不支持访问！', 'en-US')).toBe(
      'This problem is not public and cannot be opened!',
    );
    expect(translateMessage('用户名或密码错误！请注意大小写！', 'en-US')).toMatch(
      /Wrong username or password/,
    );
    expect(translateMessage('验证码不正确', 'en-US')).toBe('The code is wrong');
    expect(translateMessage(ContestM.SCROLL_NOT_SEALED, 'en-US')).not.toMatch(CJK);
    expect(translateMessage(ContestM.printWait(12), 'en-US')).toBe(
      'Printing is rate limited, please submit again in 12 s!',
    );
    expect(translateMessage(DiscussionM.COMMENT_AC_LIMIT(10), 'en-US')).toMatch(/more than 10 problems/);
    expect(translateMessage(languageError(['C', 'Java']), 'en-US')).toBe(
      'Wrong language of the submitted code! Use one of [C, Java]!',
    );
    expect(translateMessage('学校的内容长度超过限制，请重新编辑！', 'en-US')).toBe(
      'The school is too long, please shorten it!',
    );
    // Chinese clients keep the wire text.
    expect(translateMessage('验证码不正确', 'zh-CN')).toBe('验证码不正确');
  });

  it('success envelopes: msg translated for English, data and "success" untouched', () => {
    const env = ok({ text: '退出登录成功！' }, '退出登录成功！');
    expect(translateEnvelope(env, 'en-US,en;q=0.9')).toEqual({
      status: 200,
      msg: 'Logged out!',
      data: env.data,
    });
    expect(translateEnvelope(env, 'zh-CN')).toBe(env);
    const plain = ok(1);
    expect(translateEnvelope(plain, 'en')).toBe(plain);
    // a business answer inside data ({code, msg}) too
    const inData = ok({ code: 200, msg: '修改邮箱成功！', userInfo: null });
    expect(translateEnvelope(inData, 'en-GB')).toEqual({
      status: 200,
      msg: 'success',
      data: { code: 200, msg: 'E-mail address changed!', userInfo: null },
    });
  });

  it('the app answers an English client in English, errors and successes', async () => {
    const app = await buildApp({});
    app.get('/api/x-fail', { config: { access: 'anonymous' } }, async () => {
      throw fail('验证码不正确');
    });
    app.get('/api/x-ok', { config: { access: 'anonymous' } }, async () => ok(null, '修改邮箱成功！'));
    await app.ready();
    const en = { 'accept-language': 'en-US' };
    expect((await app.inject({ url: '/api/x-fail', headers: en })).json()).toMatchObject({
      msg: 'The code is wrong',
    });
    expect((await app.inject({ url: '/api/x-fail' })).json()).toMatchObject({ msg: '验证码不正确' });
    expect((await app.inject({ url: '/api/x-ok', headers: en })).json()).toMatchObject({
      msg: 'E-mail address changed!',
    });
    expect(
      (await app.inject({ url: '/api/x-ok', headers: { 'accept-language': 'zh-CN,en' } })).json(),
    ).toMatchObject({
      msg: '修改邮箱成功！',
    });
    // Login required: the access error is English as well.
    app.log.level = 'silent';
    await app.close();
  });
});

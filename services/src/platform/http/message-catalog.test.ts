import { describe, expect, it } from 'vitest';
import {
  registerEnglish,
  registerEnglishPattern,
  requestLanguage,
  translateMessage,
} from './message-catalog';

describe('message catalog', () => {
  registerEnglish({ '测试消息！': 'Test message!' });
  registerEnglishPattern(/^请在(\d+)秒后重试$/, (m) => `Retry in ${m[1]} s`);

  it('keeps the wire text for Chinese and unknown texts', () => {
    expect(translateMessage('测试消息！', 'zh-CN')).toBe('测试消息！');
    expect(translateMessage('没有登记的消息', 'en-US')).toBe('没有登记的消息');
  });

  it('gives the English twin, exact or by pattern', () => {
    expect(translateMessage('测试消息！', 'en-US')).toBe('Test message!');
    expect(translateMessage('请在12秒后重试', 'en-US')).toBe('Retry in 12 s');
  });

  it('reads the first Accept-Language tag', () => {
    expect(requestLanguage('en-US,en;q=0.9,zh;q=0.8')).toBe('en-US');
    expect(requestLanguage('zh-CN,en;q=0.9')).toBe('zh-CN');
    expect(requestLanguage(undefined)).toBe('zh-CN');
    expect(requestLanguage('english')).toBe('zh-CN');
  });
});

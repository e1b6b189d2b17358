import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it('uses ?l= first: zh-cn is Chinese, anything else English', () => {
    expect(pickLanguage({ query: 'zh-cn', stored: 'en-US', browser: 'en' })).toBe('zh-CN');
    expect(pickLanguage({ query: 'ZH-CN', stored: null, browser: 'en' })).toBe('zh-CN');
    expect(pickLanguage({ query: 'fr', stored: 'zh-CN', browser: 'zh' })).toBe('en-US');
    expect(pickLanguage({ query: 'zh', stored: null, browser: null })).toBe('en-US');
  });
  it('then the stored preference', () => {
    expect(pickLanguage({ query: null, stored: 'en-US', browser: 'zh-CN' })).toBe('en-US');
    expect(pickLanguage({ query: '', stored: 'zh-CN', browser: 'en-GB' })).toBe('zh-CN');
  });
  it('ignores a stored value that is not a language', () => {
    expect(pickLanguage({ query: null, stored: 'klingon', browser: 'en-GB' })).toBe('en-US');
  });
  it('then the browser, defaulting to zh-CN', () => {
    expect(pickLanguage({ query: null, stored: null, browser: 'zh-TW' })).toBe('zh-CN');
    // Issue #16: a browser language other than zh/en gets the default, zh-CN.
    expect(pickLanguage({ query: null, stored: null, browser: 'de-DE' })).toBe('zh-CN');
    expect(pickLanguage({ query: null, stored: null, browser: 'en-AU' })).toBe('en-US');
    expect(pickLanguage({ query: null, stored: null, browser: undefined })).toBe('zh-CN');
  });
});

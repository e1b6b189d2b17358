// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { KATEX_PRELOADED_FONTS, loadKatex } from './katex-load';

describe('loadKatex (issue #16)', () => {
  it('preloads its two commonest fonts once, in CORS mode, and resolves with KaTeX', async () => {
    const fontLinks = () => [
      ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]'),
    ];
    expect(fontLinks()).toHaveLength(0);
    const first = loadKatex();
    expect(fontLinks().map((l) => l.getAttribute('href'))).toEqual(KATEX_PRELOADED_FONTS);
    for (const link of fontLinks()) expect(link.crossOrigin).toBe('anonymous');
    expect(
      KATEX_PRELOADED_FONTS.every((href) => /KaTeX_(Main-Regular|Math-Italic).*\.woff2/.test(href)),
    ).toBe(true);
    const katex = await first;
    expect(katex.renderToString('x^2')).toContain('katex');
    await loadKatex();
    expect(fontLinks()).toHaveLength(2);
  });
});

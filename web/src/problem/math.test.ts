// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dropMath, liftMath } from './math';
import { renderMarkdown, sanitizeKatex } from '../shell/Markdown';

describe('math in markdown', () => {
  it('lifts inline and display math out of the markdown', () => {
    const { text, pieces } = liftMath('Let $a_1*b_2$ and $$\\sum_{i=1}^n i$$ cost 5$.');
    expect(pieces).toEqual([
      { tex: 'a_1*b_2', display: false },
      { tex: '\\sum_{i=1}^n i', display: true },
    ]);
    expect(text).toBe('Let OJMATH0X and OJMATH1X cost 5$.');
  });

  it('puts the TeX back escaped, before sanitising (the sanitiser is the last step)', () => {
    const { text, pieces } = liftMath('x $a<b>$ y');
    const html = renderMarkdown(text, { substitute: (h) => dropMath(h, pieces) });
    expect(html).toContain('<span class="oj-math" data-display="0">a&lt;b&gt;</span>');
    expect(html).not.toContain('<b>');
  });

  it('a placeholder inside an attribute cannot break out of it', () => {
    const { text, pieces } = liftMath(
      '<a title="$x" onmouseover="alert(1)$">t</a> and ![i]($"><img src=x onerror=alert(2)>$)',
    );
    const html = renderMarkdown(text, { substitute: (h) => dropMath(h, pieces) });
    const root = document.createElement('div');
    root.innerHTML = html;
    const handlers = [...root.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name),
    );
    expect(handlers).toEqual([]);
    expect(root.querySelector('img[src="x"]')).toBeNull();
  });

  it('sanitises KaTeX markup, keeping its positioning styles only', () => {
    const katexLike =
      '<span class="katex"><span class="katex-html" aria-hidden="true"><span class="strut" style="height:0.6944em;"></span>' +
      '<img src=x onerror=alert(1)><a href="javascript:alert(2)">x</a></span></span>';
    const html = sanitizeKatex(katexLike);
    expect(html).toContain('style="height:0.6944em;"');
    expect(html).not.toMatch(/onerror|javascript:/);
  });
});

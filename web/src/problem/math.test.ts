// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dropMath, liftMath } from './math';
import { renderMarkdown } from '../shell/Markdown';

describe('math in markdown', () => {
  it('lifts inline and display math out of the markdown', () => {
    const { text, pieces } = liftMath('Let $a_1*b_2$ and $$\\sum_{i=1}^n i$$ cost 5$.');
    expect(pieces).toEqual([
      { tex: 'a_1*b_2', display: false },
      { tex: '\\sum_{i=1}^n i', display: true },
    ]);
    expect(text).toBe('Let OJMATH0X and OJMATH1X cost 5$.');
  });

  it('puts the TeX back escaped, after sanitising', () => {
    const { text, pieces } = liftMath('x $a<b>$ y');
    const html = dropMath(renderMarkdown(text), pieces);
    expect(html).toContain('<span class="oj-math" data-display="0">a&lt;b&gt;</span>');
    expect(html).not.toContain('<b>');
  });
});

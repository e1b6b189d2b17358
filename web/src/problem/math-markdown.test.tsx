// @vitest-environment jsdom
// Issue #16: KaTeX is fetched only for a statement with math, and renders that math.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./katex-load', () => ({
  loadKatex: async () => {
    loads.count += 1;
    return (await import('katex')).default;
  },
}));

const { MathMarkdown } = await import('./MathMarkdown');

afterEach(() => {
  cleanup();
  loads.count = 0;
});

describe('MathMarkdown and KaTeX (issue #16)', () => {
  it('paints a statement without math and never loads KaTeX', async () => {
    render(<MathMarkdown source={'Print the **sum** of two numbers; it costs 5 dollars.'} testId="md" />);
    const md = await screen.findByTestId('md');
    expect(md.querySelector('strong')?.textContent).toBe('sum');
    // effects have run by the time render returns: nothing asked for KaTeX
    expect(loads.count).toBe(0);
    expect(md.querySelector('.oj-math')).toBeNull();
  });

  it('paints the text at once and renders the math with KaTeX when the statement has some', async () => {
    render(<MathMarkdown source={'Given $a_1$ and $$\\sum_{i=1}^n i$$, print it.'} testId="md" />);
    const md = await screen.findByTestId('md');
    expect(md.textContent).toContain('print it.');
    await vi.waitFor(() => expect(md.querySelectorAll('.oj-math .katex')).toHaveLength(2));
    expect(loads.count).toBe(1);
    expect(md.querySelector('.oj-math[data-display="1"] .katex-display')).not.toBeNull();
  });
});

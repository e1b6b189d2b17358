// Issue #29: statements rendered on the server keep the browser's sanitising policy.
import { describe, expect, it } from 'vitest';
import { renderStatement } from './statement-html';

describe('renderStatement', () => {
  it('renders markdown and math, and only the sections that have text', async () => {
    const html = await renderStatement({
      description: 'Print the **sum** of $a_1$ and $$\\sum_{i=1}^n i$$.',
      input: 'Two numbers.',
      output: null,
      hint: '',
    });
    expect(Object.keys(html).sort()).toEqual(['description', 'input']);
    expect(html.description).toContain('<strong>sum</strong>');
    // KaTeX's markup inside the math spans, display math as display
    expect(html.description).toMatch(/<span class="oj-math" data-display="0"><span class="katex">/);
    expect(html.description).toContain('katex-display');
    expect(html.input).toBe('<p>Two numbers.</p>\n');
  });

  it('strips what the browser strips: scripts, handlers, styles, forms, foreign classes', async () => {
    const { description = '' } = await renderStatement({
      description:
        '<img src=x onerror=alert(1)><script>alert(2)</script>[a](javascript:alert(3))' +
        '<div style="position:fixed;inset:0">Log in</div><form action="https://evil.example"><input></form>' +
        '<div class="bp6-overlay-backdrop oj-toolbar">b</div>',
    });
    expect(description).toContain('Log in');
    expect(description).not.toMatch(
      /onerror|<script|javascript:|style=|<form|<input|evil|bp6-|oj-toolbar|class=/,
    );
  });

  it("keeps no markdown-written class or style inside math: KaTeX's own markup only", async () => {
    const { description = '' } = await renderStatement({
      description: 'x <span class="oj-math"><b class="bp6-overlay" style="position:fixed">$1$</b></span>',
    });
    // a hand-written math span is rendered from its text like the browser does, nothing of it stays
    expect(description).not.toMatch(/bp6-|position:fixed/);
  });

  it('cannot be told to trust TeX: \\href and \\htmlClass stay inert', async () => {
    const { description = '' } = await renderStatement({
      description: '$\\href{javascript:alert(1)}{x}$ $\\htmlClass{bp6-overlay}{y}$',
    });
    // shown as an error in red, as text: no link, no class of ours
    expect(description).not.toMatch(/<a\b|href=|class="[^"]*bp6-/);
  });
});

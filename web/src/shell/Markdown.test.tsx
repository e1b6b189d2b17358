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
  it('treats null as empty', () => {
    expect(renderMarkdown(null)).toBe('');
  });
});

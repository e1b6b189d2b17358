// Renders untrusted markdown: marked turns it into HTML, DOMPurify strips anything executable.
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

export function renderMarkdown(source: string | null | undefined): string {
  const html = marked.parse(source ?? '', { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html);
}

export function Markdown({ source, className }: { source: string | null | undefined; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className={['oj-markdown', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

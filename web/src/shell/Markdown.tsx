// Renders untrusted markdown. The pipeline ends with the sanitiser: marked turns the text into
// HTML, an optional `substitute` step puts back what was lifted out before markdown (math
// placeholders), and only then DOMPurify removes everything executable or able to dress up the
// page: scripts and handlers, `style` attributes and `<style>`, forms and their controls, frames,
// and every `class` the renderer itself does not produce (Blueprint's overlay classes such as
// `bp6-overlay-backdrop` would otherwise build a full-screen layer that swallows clicks).
// Nothing is added to the HTML after sanitising. The policy is shared with the server's statement
// rendering (protocol/src/markdown/policy.ts).
import {
  filterClasses,
  isKatexClass,
  isMarkdownClass,
  KATEX_SANITIZE,
  MARKDOWN_SANITIZE,
  MARKED_OPTIONS,
} from '@oj/protocol/markdown/policy';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

export { filterClasses, KATEX_SANITIZE, MARKDOWN_SANITIZE };

/** A DOMPurify instance of its own (hooks are per instance) that filters `class` values. */
function purifierKeeping(allowed: (c: string) => boolean) {
  const purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'class') return;
    data.attrValue = filterClasses(data.attrValue, allowed);
    if (!data.attrValue) data.keepAttr = false;
  });
  return purifier;
}

let markdownPurifier: ReturnType<typeof purifierKeeping> | undefined;
let katexPurifier: ReturnType<typeof purifierKeeping> | undefined;

export function renderMarkdown(
  source: string | null | undefined,
  opts: { substitute?: (html: string) => string } = {},
): string {
  let html = marked.parse(source ?? '', MARKED_OPTIONS);
  if (opts.substitute) html = opts.substitute(html);
  markdownPurifier ??= purifierKeeping(isMarkdownClass);
  return markdownPurifier.sanitize(html, MARKDOWN_SANITIZE);
}

/** KaTeX markup made safe to insert (see KATEX_SANITIZE). */
export function sanitizeKatex(html: string): string {
  katexPurifier ??= purifierKeeping(isKatexClass);
  return katexPurifier.sanitize(html, KATEX_SANITIZE);
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

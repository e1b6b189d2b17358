// Statement text: the shell's sanitising markdown plus KaTeX, which loads on first use.
import { useEffect, useMemo, useRef } from 'react';
import { renderMarkdown, sanitizeKatex } from '../shell/Markdown';
import { loadKatex } from './katex-load';
import { dropMath, liftMath } from './math';

export function MathMarkdown({ source, testId }: { source: string | null | undefined; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { html, hasMath } = useMemo(() => {
    // The placeholders are substituted before the sanitiser, which runs last.
    const { text, pieces } = liftMath(source ?? '');
    return {
      html: renderMarkdown(text, { substitute: (h) => dropMath(h, pieces) }),
      hasMath: pieces.length > 0,
    };
  }, [source]);

  useEffect(() => {
    if (!hasMath) return;
    let live = true;
    void loadKatex().then((katex) => {
      if (!live || !ref.current) return;
      for (const el of ref.current.querySelectorAll<HTMLElement>('.oj-math')) {
        // KaTeX builds the markup from the TeX text (trust off); the markup is sanitised as well.
        const markup = katex.renderToString(el.textContent ?? '', {
          throwOnError: false,
          displayMode: el.dataset.display === '1',
          trust: false,
        });
        el.innerHTML = sanitizeKatex(markup);
      }
    });
    return () => {
      live = false;
    };
  }, [html, hasMath]);

  return (
    <div ref={ref} className="oj-markdown" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

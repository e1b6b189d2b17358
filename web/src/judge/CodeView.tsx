// Submitted code with line numbers and syntax colours (issue #16). The text content is the code
// itself (numbers are drawn by CSS), so copying a selection copies code only.
import { useEffect, useState } from 'react';
import { parserFor, plainLines, tokenLines, type Token } from './code-highlight';

export function CodeView({ code, language, testId }: { code: string; language: string; testId?: string }) {
  const [lines, setLines] = useState<Token[][]>(() => plainLines(code));
  const [highlighted, setHighlighted] = useState(false);
  useEffect(() => {
    let live = true;
    setLines(plainLines(code));
    setHighlighted(false);
    void parserFor(language)
      .then((parser) => {
        if (!live || !parser) return;
        setLines(tokenLines(code, parser));
        setHighlighted(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code, language]);
  return (
    <pre
      className="oj-code oj-code-view"
      data-testid={testId}
      data-highlighted={highlighted ? 'true' : undefined}
      style={{ ['--oj-code-digits' as string]: String(String(lines.length).length) }}
    >
      {lines.map((line, i) => (
        <span className="oj-code-line" key={i}>
          {line.map((tok, j) =>
            tok.cls ? (
              <span key={j} className={tok.cls}>
                {tok.text}
              </span>
            ) : (
              tok.text
            ),
          )}
          {i < lines.length - 1 ? '\n' : ''}
        </span>
      ))}
    </pre>
  );
}

// The first difference between a sample's expected output and the user's (issue #26.3): where
// the detail page starts the highlight. Line ends are compared as LF (test data is stored so).

export interface FirstDifference {
  /** 0-based offset in the user's output (its length when the output stops early). */
  index: number;
  /** 1-based line and column of that offset. */
  line: number;
  column: number;
}

const lf = (text: string) => text.replace(/\r\n?/g, '\n');

/** null when both are the same (after turning CRLF into LF). */
export function firstDifference(expected: string, output: string): FirstDifference | null {
  const a = lf(expected);
  const b = lf(output);
  if (a === b) return null;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < i; k++)
    if (b[k] === '\n') {
      line++;
      lineStart = k + 1;
    }
  return { index: i, line, column: i - lineStart + 1 };
}

/** The user's output split at the first difference: before, the differing character, after. */
export function splitAtDifference(
  output: string,
  diff: FirstDifference | null,
): { before: string; mark: string; after: string } {
  const text = lf(output);
  if (!diff) return { before: text, mark: '', after: '' };
  return {
    before: text.slice(0, diff.index),
    mark: text.slice(diff.index, diff.index + 1),
    after: text.slice(diff.index + 1),
  };
}

/**
 * Default-mode output comparison, exact HOJ semantics (judge.md §1.5). Character classes
 * are spelled out: Java's `\s` is ASCII-only while JavaScript's is not.
 */

/** hutool CharUtil.isBlankChar: Java isWhitespace ∪ isSpaceChar ∪ {FEFF, 202A, 0000}. */
const TRAILING_BLANKS = /[\p{Zs}\p{Zl}\p{Zp}\t\n\v\f\r\x1c-\x1f\ufeff\u202a\0]+$/u;
/** Java `[^\S\n]+(?=\n)`: ASCII blanks other than newline, just before a newline. */
const BLANKS_BEFORE_NEWLINE = /[ \t\v\f\r]+(?=\n)/g;
/** Java `\s`. */
const ASCII_WHITESPACE = /[ \t\n\v\f\r]+/g;

export type CompareVerdict = 'AC' | 'PE' | 'WA';

/** HOJ rtrim: strip trailing blank characters, then blanks at the end of every line. */
export function rtrim(s: string): string {
  return s.replace(TRAILING_BLANKS, '').replace(BLANKS_BEFORE_NEWLINE, '');
}

/** Test data is normalised CRLF/CR → LF when it is stored; do it again, it is idempotent. */
export function normaliseExpected(s: string): string {
  return s.replace(/\r\n?/g, '\n');
}

/** Java `s.replaceAll("\\s+", "")`. */
export function stripAsciiWhitespace(s: string): string {
  return s.replace(ASCII_WHITESPACE, '');
}

/** Compare a program's output with the expected output (already normalised). */
export function compareOutput(user: string, expected: string, removeEndBlank: boolean): CompareVerdict {
  if (removeEndBlank) return rtrim(user) === rtrim(expected) ? 'AC' : 'WA';
  if (user === expected) return 'AC';
  return stripAsciiWhitespace(user) === stripAsciiWhitespace(expected) ? 'PE' : 'WA';
}

/** Self-test comparison (judge.md §7): rtrim both sides or exact; never PE. */
export function compareTestRun(user: string, expected: string, removeEndBlank: boolean): 'AC' | 'WA' {
  return (removeEndBlank ? rtrim(user) === rtrim(expected) : user === expected) ? 'AC' : 'WA';
}

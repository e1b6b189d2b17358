// Static syntax highlighting of submitted code (issue #16): the editor's grammars parse it, the
// tokens get `tok-*` classes (coloured in screens.css for both themes). No editor is loaded.
import { classHighlighter, highlightCode } from '@lezer/highlight';
import type { Parser } from '@lezer/common';
import { legacyMode } from '../problem/legacy-modes';

export interface Token {
  text: string;
  cls: string;
}

/** The grammar of a judge language (C++ With O2, Python3, ...), each its own chunk; null = plain. */
export async function parserFor(language: string): Promise<Parser | null> {
  const n = language.toLowerCase();
  if (n.startsWith('c#')) return null;
  const legacy = await legacyMode(n);
  if (legacy) {
    const { StreamLanguage } = await import('@codemirror/language');
    return StreamLanguage.define(legacy).parser;
  }
  if (n.startsWith('c')) return (await import('@codemirror/lang-cpp')).cppLanguage.parser;
  if (n.startsWith('javascript'))
    return (await import('@codemirror/lang-javascript')).javascriptLanguage.parser;
  if (n.startsWith('java')) return (await import('@codemirror/lang-java')).javaLanguage.parser;
  if (n.includes('py')) return (await import('@codemirror/lang-python')).pythonLanguage.parser;
  if (n.startsWith('go')) return (await import('@codemirror/lang-go')).goLanguage.parser;
  if (n.startsWith('rust')) return (await import('@codemirror/lang-rust')).rustLanguage.parser;
  if (n.startsWith('php')) return (await import('@codemirror/lang-php')).phpLanguage.parser;
  return null;
}

/** The code split in lines, each as plain text. */
export function plainLines(code: string): Token[][] {
  return code.split('\n').map((text) => [{ text, cls: '' }]);
}

/** The code split in lines of classed tokens. */
export function tokenLines(code: string, parser: Parser | null): Token[][] {
  if (!parser) return plainLines(code);
  const lines: Token[][] = [[]];
  highlightCode(
    code,
    parser.parse(code),
    classHighlighter,
    (text, cls) => lines[lines.length - 1]!.push({ text, cls }),
    () => lines.push([]),
  );
  return lines;
}

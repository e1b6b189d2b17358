// Editor grammars from CodeMirror's legacy modes (a dependency already) for languages without a
// CodeMirror 6 package; the editor and the submission view share them.
import type { StreamParser } from '@codemirror/language';

/**
 * The languages of issue #25 item 4 use CodeMirror's legacy modes (already a dependency), each
 * its own chunk: Pascal, Haskell, OCaml, Common Lisp, Perl, Lua, Fortran, Kotlin. null: not one of them.
 */
export async function legacyMode(language: string): Promise<StreamParser<unknown> | null> {
  const n = language.toLowerCase();
  if (n.startsWith('pascal')) return (await import('@codemirror/legacy-modes/mode/pascal')).pascal;
  if (n.startsWith('haskell')) return (await import('@codemirror/legacy-modes/mode/haskell')).haskell;
  if (n.startsWith('ocaml')) return (await import('@codemirror/legacy-modes/mode/mllike')).oCaml;
  if (n.startsWith('common lisp'))
    return (await import('@codemirror/legacy-modes/mode/commonlisp')).commonLisp;
  if (n.startsWith('perl')) return (await import('@codemirror/legacy-modes/mode/perl')).perl;
  if (n.startsWith('lua')) return (await import('@codemirror/legacy-modes/mode/lua')).lua;
  if (n.startsWith('fortran')) return (await import('@codemirror/legacy-modes/mode/fortran')).fortran;
  if (n.startsWith('kotlin')) return (await import('@codemirror/legacy-modes/mode/clike')).kotlin;
  return null;
}

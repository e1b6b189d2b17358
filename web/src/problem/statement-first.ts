// Issue #29: the statement is painted before the editor's chunks are even asked for, so the text is
// readable after the shell and a small view, not after CodeMirror. The statement (or the page's
// failure to load it) says when it is up; the editor, its grammar and theme follow. A page that
// never says so (a route without a statement) lets the editor come after a short wait anyway.
import { useEffect, useState } from 'react';

/** How long the editor waits for a statement that has not been painted. */
export const EDITOR_WAIT_MS = 10_000;

let shown = false;
const waiting = new Set<() => void>();

/** Called once the statement (or its failure) is on screen. */
export function statementShown(): void {
  if (shown) return;
  shown = true;
  for (const run of waiting) run();
  waiting.clear();
}

/** Runs `then` once the statement is up, or after EDITOR_WAIT_MS at the latest. Returns a cancel. */
export function afterStatement(then: () => void): () => void {
  if (shown) {
    then();
    return () => undefined;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    waiting.delete(run);
    then();
  };
  const timer = setTimeout(run, EDITOR_WAIT_MS);
  waiting.add(run);
  return () => {
    done = true;
    clearTimeout(timer);
    waiting.delete(run);
  };
}

/** Whether the editor may load now (see afterStatement). */
export function useAfterStatement(): boolean {
  const [due, setDue] = useState(shown);
  useEffect(() => (due ? undefined : afterStatement(() => setDue(true))), [due]);
  return due;
}

/** Tests start each page afresh. */
export function resetStatementShown(): void {
  shown = false;
}

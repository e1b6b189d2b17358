// Issue #29: the editor's chunks wait for the statement, and only so long.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterStatement, EDITOR_WAIT_MS, resetStatementShown, statementShown } from './statement-first';

afterEach(() => {
  vi.useRealTimers();
  resetStatementShown();
});

describe('afterStatement', () => {
  it('runs once the statement is shown, not before, and once only', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    afterStatement(run);
    vi.advanceTimersByTime(EDITOR_WAIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    statementShown();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(EDITOR_WAIT_MS);
    statementShown();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the statement is already up', () => {
    statementShown();
    const run = vi.fn();
    afterStatement(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after EDITOR_WAIT_MS (a page that never paints a statement)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    afterStatement(run);
    vi.advanceTimersByTime(EDITOR_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a cancelled wait never runs', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    afterStatement(run)();
    statementShown();
    vi.advanceTimersByTime(EDITOR_WAIT_MS);
    expect(run).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { acArchiveEntries, extensionOf, fileTimestamp, type AcSubmission } from './ac-export';

describe('extension rule', () => {
  it('keeps the original order and its quirks', () => {
    expect(extensionOf('C++ With O2')).toBe('cpp');
    expect(extensionOf('C#')).toBe('cs');
    expect(extensionOf('C')).toBe('c');
    expect(extensionOf('Python3')).toBe('py');
    expect(extensionOf('JavaScript Node')).toBe('c'); // contains "c"
    expect(extensionOf('Pascal')).toBe('c'); // contains "c"
    expect(extensionOf('Java')).toBe('java');
    expect(extensionOf('Golang')).toBe('go');
    expect(extensionOf('PHP')).toBe('php');
    expect(extensionOf('Rust')).toBe('txt');
  });
});

describe('AC archive layout', () => {
  const t = new Date(2026, 0, 2, 3, 4, 5);
  const stamp = fileTimestamp(t);
  const sub = (over: Partial<AcSubmission>): AcSubmission => ({
    submitId: 1,
    uid: 'u1',
    username: 'alice',
    displayId: 'A',
    submitTime: t,
    status: 0,
    score: null,
    code: 'code',
    language: 'Python3',
    ...over,
  });
  it('timestamps as yyyyMMddHHmmss', () => expect(stamp).toBe('20260102030405'));
  it('ACM: every accepted submission, by user or by problem', () => {
    const subs = [sub({}), sub({ submitId: 2, status: -1 }), sub({ submitId: 3, displayId: 'B', code: 'b' })];
    expect([...acArchiveEntries(0, subs, 'user')]).toEqual([
      [`alice/A_(${stamp}).py`, 'code'],
      [`alice/B_(${stamp}).py`, 'b'],
    ]);
    expect([...acArchiveEntries(0, subs, 'problem').keys()]).toEqual([
      `A/alice_(${stamp}).py`,
      `B/alice_(${stamp}).py`,
    ]);
    expect(acArchiveEntries(0, subs, 'zip').size).toBe(0);
  });
  it('OI: the latest scored submission per user and problem, with its score', () => {
    const later = new Date(t.getTime() + 60_000);
    const subs = [
      sub({ status: 8, score: 40 }),
      sub({ submitId: 2, status: -1, score: 10, submitTime: later, code: 'latest' }),
      sub({ submitId: 3, status: 5, score: null, submitTime: new Date(t.getTime() + 120_000) }),
    ];
    expect([...acArchiveEntries(1, subs, 'user')]).toEqual([
      [`alice/A_10_(${fileTimestamp(later)}).py`, 'latest'],
    ]);
  });
});

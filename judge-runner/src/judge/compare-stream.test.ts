import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareOutput, normaliseExpected } from './compare';
import { ExpectedOutput, OutputComparer, compareOutputFile } from './compare-stream';

const dir = mkdtempSync(join(tmpdir(), 'oj-cmp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Letters, every kind of blank around lines, and multi-byte characters. */
const ALPHABET = [
  'a',
  'b',
  '1',
  ' ',
  ' ',
  '\t',
  '\n',
  '\n',
  '\r',
  '\v',
  '\f',
  '\0',
  '\x1c',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u202a',
  '\u2028',
  'é',
  '😀',
];
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const randomText = (max: number) =>
  Array.from({ length: Math.floor(Math.random() * max) }, () => pick(ALPHABET)).join('');
/** A variant of `s` that often compares equal: blanks added or removed near line ends and at the end. */
function variant(s: string): string {
  const r = Math.random();
  if (r < 0.25) return s;
  if (r < 0.5) return s.replace(/\n/g, () => pick([' \n', '\n', '\t\n', '\r\n', '\n\n']));
  if (r < 0.7) return s + pick(['', ' ', '\n', '\u3000\n', ' \n\n\t', '\0']);
  if (r < 0.85) return s.replace(/[ \n]/g, () => pick([' ', '\n', '  ', '']));
  return randomText(12);
}

/** Split a buffer at random byte offsets (multi-byte characters too) and stream it. */
function streamed(user: string, expected: string, removeEndBlank: boolean): string {
  const cmp = new OutputComparer(new ExpectedOutput(expected), removeEndBlank);
  const dec = new TextDecoder('utf-8', { ignoreBOM: true });
  const bytes = Buffer.from(user, 'utf8');
  for (let off = 0; off < bytes.length;) {
    const n = 1 + Math.floor(Math.random() * 5);
    cmp.push(dec.decode(bytes.subarray(off, off + n), { stream: true }));
    off += n;
  }
  cmp.push(dec.decode());
  return cmp.end();
}

describe('streaming comparison', () => {
  it('the same verdict as the whole-text comparison, whatever the chunking (both modes)', () => {
    let differing = 0;
    for (let i = 0; i < 10000; i++) {
      const expected = normaliseExpected(randomText(14));
      const user = variant(expected);
      const removeEndBlank = i % 2 === 0;
      const want = compareOutput(user, expected, removeEndBlank);
      if (want !== 'AC') differing++;
      expect([user, expected, removeEndBlank, streamed(user, expected, removeEndBlank)]).toEqual([
        user,
        expected,
        removeEndBlank,
        want,
      ]);
    }
    // the generator reaches every verdict, not just AC
    expect(differing).toBeGreaterThan(500);
  });

  it('known cases: trailing blanks, blanks before newlines, PE, early WA', () => {
    expect(streamed('3 \n\n  ', '3\n', true)).toBe('AC');
    expect(streamed('1 \n2', '1\n2\n', true)).toBe('AC');
    expect(streamed('1\u3000\n2', '1\n2', true)).toBe('WA'); // not an ASCII blank before the newline
    expect(streamed('1 2\n', '1 2\n', false)).toBe('AC');
    expect(streamed('1  2\n', '1 2\n', false)).toBe('PE');
    expect(streamed('1 3\n', '1 2\n', false)).toBe('WA');
    const cmp = new OutputComparer(new ExpectedOutput('42\n'), true);
    cmp.push('43');
    expect(cmp.settled).toBe(true);
  });

  it('from a file: invalid UTF-8 decodes as Buffer#toString does, a leading BOM is kept', () => {
    for (let i = 0; i < 500; i++) {
      const raw = Buffer.from(
        Array.from({ length: Math.floor(Math.random() * 12) }, () =>
          pick([0x41, 0x20, 0x0a, 0xc3, 0xa9, 0xe2, 0x80, 0xff, 0xef, 0xbb, 0xbf, 0xf0, 0x9f]),
        ),
      );
      const text = raw.toString('utf8');
      const file = join(dir, 'out');
      writeFileSync(file, raw);
      for (const removeEndBlank of [true, false]) {
        const expected = Math.random() < 0.5 ? text : variant(text);
        expect(compareOutputFile(file, new ExpectedOutput(expected), removeEndBlank, 1 << 20)).toBe(
          compareOutput(text, expected, removeEndBlank),
        );
      }
    }
    writeFileSync(join(dir, 'bom'), '\ufeff5\n');
    expect(compareOutputFile(join(dir, 'bom'), new ExpectedOutput('5\n'), true, 1 << 20)).toBe('WA');
    expect(compareOutputFile(join(dir, 'missing'), new ExpectedOutput(''), true, 1 << 20)).toBe('AC');
  });

  it('reads no further than the cap', () => {
    writeFileSync(join(dir, 'long'), '12345');
    expect(compareOutputFile(join(dir, 'long'), new ExpectedOutput('123'), false, 3)).toBe('AC');
  });
});

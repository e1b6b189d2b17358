/**
 * Default-mode comparison while reading the program's output in chunks (issue #18): the same
 * verdicts as compareOutput on the whole text (judge.md §1.5), without holding the output in
 * memory, and settled at the first certain difference (the rest is not read).
 *
 * With removeEndBlank the canonical form rtrim() gives is built on the fly: a run of blank
 * characters followed by more text loses the ASCII blanks just before each newline, the
 * final run is dropped; the result is matched against rtrim(expected) as it comes.
 */
import { closeSync, readSync } from 'node:fs';
import { openRegular } from '../sandbox/index';
import { rtrim, stripAsciiWhitespace, type CompareVerdict } from './compare';

/** hutool CharUtil.isBlankChar over the BMP (compare.ts's TRAILING_BLANKS class), as a table. */
const BLANK = (() => {
  const re = /^[\p{Zs}\p{Zl}\p{Zp}\t\n\v\f\r\x1c-\x1f\ufeff\u202a\0]$/u;
  const t = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++)
    if (c < 0xd800 || c > 0xdfff) t[c] = re.test(String.fromCharCode(c)) ? 1 : 0;
  return t;
})();
/** ASCII blanks other than newline (compare.ts's BLANKS_BEFORE_NEWLINE class). */
const isLineBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c || c === 0x0d;

/** A normalised expected output with the forms the comparisons need, each computed once. */
export class ExpectedOutput {
  private trimmedForm: string | undefined;
  private strippedForm: string | undefined;

  constructor(readonly text: string) {}

  /** rtrim(text): what removeEndBlank compares against. */
  get trimmed(): string {
    return (this.trimmedForm ??= rtrim(this.text));
  }

  /** text without ASCII whitespace: what the presentation-error check compares against. */
  get stripped(): string {
    return (this.strippedForm ??= stripAsciiWhitespace(this.text));
  }
}

export class OutputComparer {
  private pos = 0;
  private wa = false;
  /** Blank characters at the end of what was seen so far (removeEndBlank). */
  private pending = '';
  private exactOk = true;
  private strippedOk = true;
  private strippedPos = 0;

  constructor(
    private readonly expected: ExpectedOutput,
    private readonly removeEndBlank: boolean,
  ) {}

  /** The verdict is WA whatever follows. */
  get settled(): boolean {
    return this.removeEndBlank ? this.wa : !this.exactOk && !this.strippedOk;
  }

  push(text: string): void {
    if (text === '' || this.settled) return;
    if (!this.removeEndBlank) {
      if (this.exactOk) {
        this.exactOk = this.expected.text.startsWith(text, this.pos);
        this.pos += text.length;
      }
      if (this.strippedOk) {
        const s = stripAsciiWhitespace(text);
        this.strippedOk = this.expected.stripped.startsWith(s, this.strippedPos);
        this.strippedPos += s.length;
      }
      return;
    }
    const n = text.length;
    let i = 0;
    while (i < n && !this.wa) {
      if (BLANK[text.charCodeAt(i)]) {
        let j = i + 1;
        while (j < n && BLANK[text.charCodeAt(j)]) j++;
        this.pending += text.slice(i, j);
        i = j;
        continue;
      }
      if (this.pending !== '') {
        this.emit(dropBlanksBeforeNewlines(this.pending));
        this.pending = '';
      }
      let j = i + 1;
      while (j < n && !BLANK[text.charCodeAt(j)]) j++;
      this.emit(text.slice(i, j));
      i = j;
    }
  }

  private emit(s: string): void {
    if (!this.expected.trimmed.startsWith(s, this.pos)) this.wa = true;
    this.pos += s.length;
  }

  end(): CompareVerdict {
    if (this.removeEndBlank) return !this.wa && this.pos === this.expected.trimmed.length ? 'AC' : 'WA';
    if (this.exactOk && this.pos === this.expected.text.length) return 'AC';
    if (this.strippedOk && this.strippedPos === this.expected.stripped.length) return 'PE';
    return 'WA';
  }
}

/** Within a run of blanks: the ASCII blanks just before each newline go. */
function dropBlanksBeforeNewlines(run: string): string {
  if (!run.includes('\n')) return run;
  let out = '';
  let held = '';
  for (let k = 0; k < run.length; k++) {
    const c = run.charCodeAt(k);
    if (isLineBlank(c)) held += run[k];
    else {
      if (c !== 0x0a) out += held;
      held = '';
      out += run[k];
    }
  }
  return out + held;
}

const CHUNK = 64 * 1024;

/** What a streaming comparer takes: text pieces until it has settled the verdict. */
export interface StreamingComparer {
  readonly settled: boolean;
  push(text: string): void;
}

/**
 * Feeds the first `maxBytes` bytes of a file to a streaming comparer as UTF-8 text (invalid
 * sequences replaced as Buffer#toString does), stopping once it has settled; a missing or
 * non-regular file is empty.
 */
export function feedFile(path: string, maxBytes: number, cmp: StreamingComparer): void {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const fd = openRegular(path);
  if (fd !== null) {
    try {
      const buf = Buffer.allocUnsafe(CHUNK);
      for (let off = 0; off < maxBytes && !cmp.settled;) {
        const n = readSync(fd, buf, 0, Math.min(CHUNK, maxBytes - off), off);
        if (n <= 0) break;
        off += n;
        cmp.push(decoder.decode(buf.subarray(0, n), { stream: true }));
      }
    } finally {
      closeSync(fd);
    }
  }
  cmp.push(decoder.decode());
}

/** Compare the first `maxBytes` bytes of a file with the expected output (see feedFile). */
export function compareOutputFile(
  path: string,
  expected: ExpectedOutput,
  removeEndBlank: boolean,
  maxBytes: number,
): CompareVerdict {
  const cmp = new OutputComparer(expected, removeEndBlank);
  feedFile(path, maxBytes, cmp);
  return cmp.end();
}

/**
 * The ICPC/Kattis default output validator's comparison (issue #25), done by the runner itself
 * when a default-mode task carries `outputValidatorFlags`:
 * - output and answer are split into tokens at whitespace (space, \t, \n, \v, \f, \r: C's
 *   isspace); other characters, non-ASCII included, belong to tokens;
 * - tokens are compared exactly with `caseSensitive`, else with ASCII letters folded;
 * - without `spaceChangeSensitive` whitespace only separates tokens; with it every whitespace
 *   run (before the first token, between tokens, after the last) must be the answer's;
 * - with a tolerance, an answer token that is a finite number (the whole token read as C's
 *   strtod reads a double, hex included; nan and inf are not numbers) needs a team token that
 *   is one too, within the absolute tolerance or the relative one (times |answer|).
 * The team's output is read in chunks and the verdict is settled at the first certain difference.
 */
import type { OutputValidatorFlags } from '@oj/protocol/judge/schemas';
import { feedFile } from './compare-stream';

const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/**
 * The answer read in step with the team's output, a whitespace run then a token, and so on (an
 * empty run where a token starts the text): nothing of it is split or copied ahead.
 */
class AnswerCursor {
  private pos = 0;
  constructor(private readonly text: string) {}

  /** The whitespace run at the cursor (possibly empty). */
  run(): string {
    const i = this.pos;
    while (this.pos < this.text.length && isSpace(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(i, this.pos);
  }

  /** The token at the cursor (after run()), or undefined at the end. */
  token(): string | undefined {
    if (this.pos >= this.text.length) return undefined;
    const i = this.pos;
    while (this.pos < this.text.length && !isSpace(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(i, this.pos);
  }

  /** The token after the whitespace at the cursor, without moving. */
  peekToken(): string | undefined {
    let i = this.pos;
    while (i < this.text.length && isSpace(this.text.charCodeAt(i))) i++;
    if (i >= this.text.length) return undefined;
    let j = i;
    while (j < this.text.length && !isSpace(this.text.charCodeAt(j))) j++;
    return this.text.slice(i, j);
  }
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)(?:[pP]([+-]?\d+))?$/;

/** The token as a finite double, as `sscanf("%lf%s")` reading exactly one item would; else null. */
export function parseNumber(token: string): number | null {
  let v: number;
  if (DECIMAL.test(token)) v = Number(token);
  else {
    const m = HEX.exec(token);
    if (!m || (m[2] === '' && m[3] === '')) return null;
    const digits = m[2]! + m[3]!;
    let mantissa = 0;
    for (const d of digits) mantissa = mantissa * 16 + parseInt(d, 16);
    v = mantissa * 2 ** (Number(m[4] ?? 0) - 4 * m[3]!.length);
    if (m[1] === '-') v = -v;
  }
  return Number.isFinite(v) ? v : null;
}

/** ASCII letters folded, as strcasecmp in the C locale. */
function foldAscii(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

const quote = (s: string) => JSON.stringify(s.length > 100 ? `${s.slice(0, 100)}…` : s);

export interface TokenVerdict {
  verdict: 'AC' | 'WA';
  message?: string;
}

export class TokenComparer {
  private readonly useFloats: boolean;
  private readonly abs: number;
  private readonly rel: number;
  private readonly answer: AnswerCursor;
  /** Tokens of the team's output compared so far. */
  private count = 0;
  /** The run or token being read (it may continue in the next chunk). */
  private current = '';
  private inToken = false;
  private failure: string | null = null;

  /** `answer`: the expected output (already normalised). */
  constructor(
    answer: string,
    private readonly flags: OutputValidatorFlags,
  ) {
    this.answer = new AnswerCursor(answer);
    this.abs = flags.floatAbsoluteTolerance ?? -1;
    this.rel = flags.floatRelativeTolerance ?? -1;
    this.useFloats = this.abs >= 0 || this.rel >= 0;
  }

  /** The verdict is WA whatever follows. */
  get settled(): boolean {
    return this.failure !== null;
  }

  push(text: string): void {
    let i = 0;
    while (i < text.length && this.failure === null) {
      const space = isSpace(text.charCodeAt(i));
      if (space === this.inToken) {
        // the run or token being read ends here
        this.flush();
        this.inToken = !space;
        if (this.failure !== null) return;
      }
      let j = i + 1;
      while (j < text.length && isSpace(text.charCodeAt(j)) === space) j++;
      this.current += text.slice(i, j);
      i = j;
    }
  }

  private flush(): void {
    if (this.inToken) this.token(this.current);
    else this.run(this.current);
    this.current = '';
  }

  /** The whitespace run before token `count` (or after the last one); the answer's is read in step. */
  private run(ws: string): void {
    const expected = this.answer.run();
    if (this.flags.spaceChangeSensitive && ws !== expected)
      this.failure = `Space change error before token ${this.count + 1}: got ${quote(ws)}, expected ${quote(expected)}`;
  }

  private token(team: string): void {
    const k = this.count++;
    const judge = this.answer.token();
    if (judge === undefined) {
      this.failure = `Trailing output: ${quote(team)}`;
      return;
    }
    if (this.useFloats) {
      const j = parseNumber(judge);
      if (j !== null) {
        const t = parseNumber(team);
        if (t === null) {
          this.failure = `Expected float, got: ${quote(team)} (token ${k + 1})`;
          return;
        }
        const d = Math.abs(j - t);
        if (!(d <= this.abs) && !(d <= this.rel * Math.abs(j)))
          this.failure = `Too large difference at token ${k + 1}: judge ${judge}, team ${team}, difference ${d}`;
        return;
      }
    }
    const same = this.flags.caseSensitive ? team === judge : foldAscii(team) === foldAscii(judge);
    if (!same)
      this.failure = `String tokens mismatch at token ${k + 1}: judge ${quote(judge)}, team ${quote(team)}`;
  }

  end(): TokenVerdict {
    const endsInToken = this.inToken;
    if (this.failure === null) this.flush();
    if (this.failure === null) {
      // an output ending in a token has an empty final run
      const finalRun = endsInToken ? this.answer.run() : '';
      const next = this.answer.peekToken();
      if (next !== undefined)
        this.failure =
          this.count === 0
            ? `User EOF while judge had more output; user output contained no tokens (next judge token: ${quote(next)})`
            : `User EOF while judge had more output (next judge token: ${quote(next)})`;
      else if (this.flags.spaceChangeSensitive && endsInToken && finalRun !== '')
        this.failure = `Space change error at the end: got "", expected ${quote(finalRun)}`;
    }
    return this.failure === null ? { verdict: 'AC' } : { verdict: 'WA', message: this.failure };
  }
}

/** compareOutputFile's counterpart for the Kattis default validator (a missing file is empty). */
export function compareTokensFile(
  path: string,
  answer: string,
  flags: OutputValidatorFlags,
  maxBytes: number,
): TokenVerdict {
  const cmp = new TokenComparer(answer, flags);
  feedFile(path, maxBytes, cmp);
  return cmp.end();
}

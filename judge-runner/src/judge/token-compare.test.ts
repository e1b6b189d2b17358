import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OutputValidatorFlags } from '@oj/protocol/judge/schemas';
import { TokenComparer, compareTokensFile, parseNumber } from './token-compare';

const DEFAULT: OutputValidatorFlags = { caseSensitive: false, spaceChangeSensitive: false };
const tol = (t: number): OutputValidatorFlags => ({
  ...DEFAULT,
  floatAbsoluteTolerance: t,
  floatRelativeTolerance: t,
});

/** The verdict with the output given whole, and again one character at a time (chunk edges). */
function judge(team: string, answer: string, flags: OutputValidatorFlags = DEFAULT): string {
  const whole = new TokenComparer(answer, flags);
  whole.push(team);
  const v = whole.end().verdict;
  const bytewise = new TokenComparer(answer, flags);
  for (const c of team) bytewise.push(c);
  expect(bytewise.end().verdict).toBe(v);
  return v;
}

describe('Kattis default validator: tokens and case', () => {
  it('ignores case by default, ASCII letters only', () => {
    expect(judge('yes\n', 'YES\n')).toBe('AC');
    expect(judge('Yes', 'YES', { ...DEFAULT, caseSensitive: true })).toBe('WA');
    expect(judge('YES', 'YES', { ...DEFAULT, caseSensitive: true })).toBe('AC');
    expect(judge('é', 'É')).toBe('WA');
  });
  it('ignores whitespace amounts by default, trailing whitespace included', () => {
    expect(judge('  1   2\n\n\n', '1 2\n')).toBe('AC');
    expect(judge('1\t2', '1 2\n')).toBe('AC');
    expect(judge('1 2 3\n', '1 2\n')).toBe('WA');
    expect(judge('1\n', '1 2\n')).toBe('WA');
    expect(judge('', '1\n')).toBe('WA');
    expect(judge('\n', '')).toBe('AC');
    expect(judge('12', '1 2')).toBe('WA');
  });
  it('with space_change_sensitive every whitespace run must be the answer’s', () => {
    const f = { ...DEFAULT, spaceChangeSensitive: true };
    expect(judge('1 2\n', '1 2\n', f)).toBe('AC');
    expect(judge('1 2   \n', '1 2\n', f)).toBe('WA');
    expect(judge('1 2\n\n', '1 2\n', f)).toBe('WA');
    expect(judge('1 2', '1 2\n', f)).toBe('WA');
    expect(judge(' 1 2\n', '1 2\n', f)).toBe('WA');
    expect(judge('1  2\n', '1 2\n', f)).toBe('WA');
    expect(judge('1\t2\n', '1 2\n', f)).toBe('WA');
  });
  it('tells what differs', () => {
    const c = new TokenComparer('a b\n', DEFAULT);
    c.push('a c\n');
    expect(c.end()).toEqual({ verdict: 'WA', message: expect.stringContaining('token 2') });
  });
});

describe('Kattis default validator: numbers', () => {
  it('compares numbers within the tolerances only when one is given', () => {
    expect(judge('0.0000001', '1e-7')).toBe('WA');
    expect(judge('0.0000001', '1e-7', tol(1e-9))).toBe('AC');
    expect(judge('-0', '0')).toBe('WA');
    expect(judge('-0', '0', tol(0))).toBe('AC');
    expect(judge('0.5', '.5', tol(0))).toBe('AC');
    expect(judge('1.0000001', '1', tol(1e-6))).toBe('AC');
    expect(judge('1.00001', '1', tol(1e-6))).toBe('WA');
  });
  it('applies absolute or relative tolerance, either one suffices', () => {
    const rel = { ...DEFAULT, floatRelativeTolerance: 1e-3 };
    const abs = { ...DEFAULT, floatAbsoluteTolerance: 0.1 };
    expect(judge('1000.5', '1000', rel)).toBe('AC');
    expect(judge('1000.5', '1000', abs)).toBe('WA');
    expect(judge('0.05', '0', abs)).toBe('AC');
    expect(judge('0.05', '0', rel)).toBe('WA');
    expect(judge('0.0011', '0.001', { ...abs, floatRelativeTolerance: 1e-3 })).toBe('AC');
  });
  it('refuses nan and inf as numbers: compared as words when the answer is one, refused as a number otherwise', () => {
    expect(judge('nan', '1.5', tol(1e-6))).toBe('WA');
    expect(judge('inf', '1e308', tol(1e-6))).toBe('WA');
    expect(judge('NaN', 'nan', tol(1e-6))).toBe('AC');
    expect(judge('Infinity', 'inf', tol(1e-6))).toBe('WA');
    expect(parseNumber('1e500')).toBeNull();
    expect(parseNumber('nan')).toBeNull();
    expect(parseNumber('-inf')).toBeNull();
  });
  it('reads a token as strtod reads a whole double, hex included; anything left over is not a number', () => {
    expect(parseNumber('+.5')).toBe(0.5);
    expect(parseNumber('1.')).toBe(1);
    expect(parseNumber('-2.5E+2')).toBe(-250);
    expect(parseNumber('0x1p-2')).toBe(0.25);
    expect(parseNumber('0x1A')).toBe(26);
    expect(parseNumber('1e')).toBeNull();
    expect(parseNumber('.')).toBeNull();
    expect(parseNumber('1,5')).toBeNull();
    expect(parseNumber('0x')).toBeNull();
    expect(judge('1e', '1', tol(1))).toBe('WA');
  });
  it('compares non-numeric answer tokens as words even with a tolerance', () => {
    expect(judge('Yes 0.3333333', 'YES 0.333333333', tol(1e-6))).toBe('AC');
    expect(judge('YES 0.33', 'YES 0.333333333', tol(1e-6))).toBe('WA');
  });
});

describe('compareTokensFile', () => {
  it('reads the output file in chunks, up to the byte cap; a missing file is empty output', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tok-'));
    const big = `${Array.from({ length: 50_000 }, (_, i) => String(i)).join('   ')}\n`;
    writeFileSync(join(dir, 'out'), big);
    const answer = big.replace(/ +/g, '\n');
    expect(compareTokensFile(join(dir, 'out'), answer, DEFAULT, 1 << 22).verdict).toBe('AC');
    expect(compareTokensFile(join(dir, 'out'), answer, DEFAULT, 1000).verdict).toBe('WA');
    expect(compareTokensFile(join(dir, 'missing'), '', DEFAULT, 1 << 20).verdict).toBe('AC');
    expect(compareTokensFile(join(dir, 'missing'), '1', DEFAULT, 1 << 20).verdict).toBe('WA');
  });
});

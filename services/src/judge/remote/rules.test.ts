// Pure pieces of the remote judge: id parsing, status words, the RCPC answer, sealed passwords, links.
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol';
import {
  absoluteLinks,
  accountPoolOf,
  splitCodeforcesId,
  splitRemoteProblemId,
  withRandomTail,
} from './types';
import { solveRcpc } from './codeforces';
import { hduPojStatus } from './hdu-poj';
import { atcoderContestOf } from './atcoder';
import { libreIds } from './libreoj';
import { secretBox } from './secret';

describe('remote ids', () => {
  it('splits OJ-id and the judges’ own ids as the reference does', () => {
    expect(splitRemoteProblemId('CF-1234A')).toEqual(['CF', '1234A']);
    expect(splitRemoteProblemId('LIBRE-6764(41180)')).toEqual(['LIBRE', '6764(41180)']);
    expect(splitRemoteProblemId('P1000')).toBeNull();
    expect(splitRemoteProblemId('XX-1')).toBeNull();
    expect(splitCodeforcesId('1234A')).toEqual({ contest: '1234', index: 'A' });
    expect(splitCodeforcesId('1234B1')).toEqual({ contest: '1234', index: 'B1' });
    expect(splitCodeforcesId('100001')).toEqual({ contest: '1000', index: '01' });
    expect(atcoderContestOf('abc123_a')).toBe('abc123');
    expect(libreIds('6764(41180)')).toEqual({ display: '6764', real: '41180' });
    expect(accountPoolOf('GYM')).toBe('CF');
  });

  it('maps HDU/POJ status words', () => {
    expect(hduPojStatus('Accepted')).toBe(S.ACCEPTED);
    expect(hduPojStatus('Runtime Error<br>(ACCESS_VIOLATION)')).toBe(S.RUNTIME_ERROR);
    expect(hduPojStatus('Output Limit Exceeded')).toBe(S.RUNTIME_ERROR);
    expect(hduPojStatus('Queuing')).toBe(S.PENDING);
    expect(hduPojStatus('Running & Judging')).toBe(S.JUDGING);
  });

  it('a random blank tail after a newline keeps the code and changes its bytes', () => {
    const a = withRandomTail('x');
    expect(a.startsWith('x\n')).toBe(true);
    expect(a.slice(2)).toMatch(/^[ \t]+$/);
  });
});

describe('Codeforces RCPC', () => {
  it('decrypts c with key a and iv b', () => {
    const key = randomBytes(16);
    const iv = randomBytes(16);
    const plain = randomBytes(16);
    const c = createCipheriv('aes-128-cbc', key, iv);
    c.setAutoPadding(false);
    const sealed = Buffer.concat([c.update(plain), c.final()]).toString('hex');
    const page = `var a=toNumbers("${key.toString('hex')}"),b=toNumbers("${iv.toString('hex')}"),c=toNumbers("${sealed}");`;
    expect(solveRcpc(page)).toBe(plain.toString('hex'));
    expect(solveRcpc('<html>no challenge</html>')).toBeNull();
  });
});

describe('sealed passwords', () => {
  it('round-trips, differs per sealing, and refuses another key or a tampered text', () => {
    const box = secretBox('k'.repeat(32));
    const a = box.encrypt('pw');
    expect(a).not.toContain('pw');
    expect(box.encrypt('pw')).not.toBe(a);
    expect(box.decrypt(a)).toBe('pw');
    expect(() => secretBox('x'.repeat(32)).decrypt(a)).toThrow();
    expect(() => box.decrypt(a.slice(0, -2) + 'AA')).toThrow();
  });
});

describe('absolute links', () => {
  it('quoted and bare src/href become absolute against the page', () => {
    expect(absoluteLinks('<img src="/a.png"><img src=../b.jpg>', 'http://j/x/y/p')).toBe(
      '<img src="http://j/a.png"><img src="http://j/x/b.jpg">',
    );
  });
});

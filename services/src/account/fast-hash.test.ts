// The fast keyed hash of generated passwords (issue #29.3): its stored form, its check (tampering,
// another key, malformed), where its key comes from, and the argon2id upgrade after a sign-in.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkFastHash,
  fastHash,
  FAST_HASH_PREFIX,
  isFastHash,
  keyFilePath,
  keyId,
  loadFastKey,
  useFastKey,
} from './fast-hash';
import { checkPassword, hashGeneratedPassword, upgradeAfterSignIn, upgradesSettled } from './passwords';

const key = randomBytes(32);
const PW = 'k3v9x0qz81mfp2a7c4t'; // 19 characters of 36: 98 bits

describe('fast keyed hash', () => {
  it('has a self-describing form: prefix, key id, 16-byte salt, 32-byte MAC', () => {
    const h = fastHash(key, PW);
    expect(h).toMatch(/^\$oj-hmac-sha256\$k=[0-9a-f]{8}\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(h.startsWith(`${FAST_HASH_PREFIX}k=${keyId(key)}$`)).toBe(true);
    expect(isFastHash(h)).toBe(true);
    expect(isFastHash('$argon2id$v=19$m=19456,t=2,p=1$abc$def')).toBe(false);
    // Salted: the same password twice gives two hashes, both matching.
    const again = fastHash(key, PW);
    expect(again).not.toBe(h);
    expect(checkFastHash(key, again, PW)).toBe('match');
  });

  it('refuses a wrong password, a tampered MAC or salt, another key, a malformed string', () => {
    const h = fastHash(key, PW);
    expect(checkFastHash(key, h, PW)).toBe('match');
    expect(checkFastHash(key, h, PW.slice(0, -1) + 'x')).toBe('mismatch');
    const parts = h.split('$');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const tamperedMac = [...parts.slice(0, -1), flip(parts.at(-1)!)].join('$');
    expect(checkFastHash(key, tamperedMac, PW)).toBe('mismatch');
    const tamperedSalt = [...parts.slice(0, -2), flip(parts.at(-2)!), parts.at(-1)].join('$');
    expect(checkFastHash(key, tamperedSalt, PW)).toBe('mismatch');
    // A hash whose key id was rewritten to this key's still fails: the MAC is the key's.
    const other = randomBytes(32);
    const foreign = fastHash(other, PW);
    expect(checkFastHash(key, foreign, PW)).toBe('other-key');
    expect(checkFastHash(key, foreign.replace(`k=${keyId(other)}`, `k=${keyId(key)}`), PW)).toBe('mismatch');
    expect(checkFastHash(key, `${FAST_HASH_PREFIX}k=00000000$short$short`, PW)).toBe('malformed');
    expect(checkFastHash(key, `${FAST_HASH_PREFIX}garbage`, PW)).toBe('malformed');
  });

  it('takes its key from OJ_SECRET_KEY (derived) or from a 0600 file made once in the data dir', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'oj-fastkey-'));
    try {
      const secret = 'x'.repeat(40);
      const derived = loadFastKey({ secret, dataDir: dir });
      expect(derived).toHaveLength(32);
      expect(loadFastKey({ secret, dataDir: '/nonexistent' }).equals(derived)).toBe(true);
      expect(() => loadFastKey({ secret: 'short', dataDir: dir })).toThrow('OJ_SECRET_KEY');
      // No secret: a random key in the file, the same one on every later load.
      const first = loadFastKey({ dataDir: dir });
      expect(first.equals(derived)).toBe(false);
      expect(loadFastKey({ dataDir: dir }).equals(first)).toBe(true);
      const file = keyFilePath(dir);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('generated passwords and the upgrade', () => {
  afterAll(() => useFastKey(randomBytes(32)));

  it('uses the fast hash only for ≥ 96 random bits', () => {
    useFastKey(key);
    expect(hashGeneratedPassword(PW, 98.2)).toMatch(/^\$oj-hmac-sha256\$/);
    expect(hashGeneratedPassword('abcdef', 31)).toBeNull();
  });

  it('checks a fast hash without the pool and asks for the upgrade; the upgrade stores argon2id', async () => {
    useFastKey(key);
    const stored = hashGeneratedPassword(PW, 98.2)!;
    expect(await checkPassword(stored, PW)).toEqual({ ok: true, upgrade: true });
    expect(await checkPassword(stored, 'wrong-password-here')).toMatchObject({ ok: false, upgrade: false });
    let saved: string | undefined;
    upgradeAfterSignIn(
      PW,
      async (h) => (saved = h),
      (err) => {
        throw err;
      },
    );
    await upgradesSettled();
    expect(saved).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await checkPassword(saved!, PW)).toEqual({ ok: true, upgrade: false });
  });

  it('refuses with the other-key mark when the process holds another key', async () => {
    useFastKey(key);
    const stored = hashGeneratedPassword(PW, 98.2)!;
    useFastKey(randomBytes(32));
    expect(await checkPassword(stored, PW)).toEqual({ ok: false, upgrade: false, otherKey: true });
  });
});

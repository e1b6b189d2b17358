// The fast keyed hash of server-generated passwords (issue #29.3). Only a password the server made
// itself from ≥ 96 random bits (admin "generate accounts") is stored this way; it is upgraded to
// argon2id after its first successful sign-in. Why this is as safe as argon2id for such a password:
// docs/architecture.md, "Passwords".
//
// Stored form (self-describing, PHC-like, so no column or migration marks it):
//   $oj-hmac-sha256$k=<key id>$<salt, base64>$<HMAC-SHA-256(key, salt ‖ password), base64>
// The key id is the first 8 hex digits of SHA-256("oj key id" ‖ key): it names which key made the
// hash (a process holding another key says so in its log) and tells nothing usable about the key.
//
// The key lives outside the database: derived from OJ_SECRET_KEY (HKDF-SHA-256) when that is set,
// else 32 random bytes in `<OJ_DATA_DIR>/secrets/generated-password.key` (mode 0600, made once with
// O_EXCL so processes sharing the data directory agree). Lost key: generated accounts that never
// signed in cannot sign in until an admin resets their password or generates them again; every
// account that signed in once is argon2id and unaffected.
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const FAST_HASH_PREFIX = '$oj-hmac-sha256$';

/** Entropy a password must carry to be stored with the fast hash. */
export const FAST_HASH_MIN_BITS = 96;

const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** Whether a stored hash is the fast keyed hash (to be upgraded to argon2id at sign-in). */
export function isFastHash(stored: string): boolean {
  return stored.startsWith(FAST_HASH_PREFIX);
}

export function keyId(key: Uint8Array): string {
  return createHash('sha256').update('oj key id').update(key).digest('hex').slice(0, 8);
}

function mac(key: Uint8Array, salt: Uint8Array, password: string): Buffer {
  return createHmac('sha256', key).update(salt).update(password, 'utf8').digest();
}

/** The fast keyed hash of a server-generated password. */
export function fastHash(
  key: Uint8Array,
  password: string,
  salt: Uint8Array = randomBytes(SALT_BYTES),
): string {
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');
  return `${FAST_HASH_PREFIX}k=${keyId(key)}$${b64(salt)}$${b64(mac(key, salt, password))}`;
}

export type FastCheck = 'match' | 'mismatch' | 'other-key' | 'malformed';

/** Checks `password` against a fast hash in constant time (as to the MAC's bytes). */
export function checkFastHash(key: Uint8Array, stored: string, password: string): FastCheck {
  if (!isFastHash(stored)) return 'malformed';
  const parts = stored.slice(FAST_HASH_PREFIX.length).split('$');
  if (parts.length !== 3) return 'malformed';
  const [kid, saltB64, macB64] = parts as [string, string, string];
  const b64 = /^[A-Za-z0-9+/]+$/;
  if (!kid.startsWith('k=') || !b64.test(saltB64) || !b64.test(macB64)) return 'malformed';
  const salt = Buffer.from(saltB64, 'base64');
  const expected = Buffer.from(macB64, 'base64');
  if (salt.length !== SALT_BYTES || expected.length !== 32) return 'malformed';
  if (kid.slice(2) !== keyId(key)) return 'other-key';
  return timingSafeEqual(mac(key, salt, password), expected) ? 'match' : 'mismatch';
}

/** Where the key comes from: OJ_SECRET_KEY if given, else a file in the data directory. */
export interface FastKeySource {
  secret?: string | undefined;
  dataDir: string;
}

export function keyFilePath(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'generated-password.key');
}

/** The key of a source: derived from the secret, or read from (created once in) the key file. */
export function loadFastKey(src: FastKeySource): Buffer {
  const secret = src.secret?.trim();
  if (secret) {
    if (secret.length < 32) throw new Error('OJ_SECRET_KEY must be at least 32 characters');
    return Buffer.from(hkdfSync('sha256', secret, 'oj', 'generated-password hmac', KEY_BYTES));
  }
  const file = keyFilePath(src.dataDir);
  try {
    return readKeyFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readKeyFile(file);
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key`);
  return key;
}

let source: FastKeySource | undefined;
let cached: Buffer | undefined;

/** Where the process's key comes from (the account capability, from its config); before first use. */
export function configureFastKey(src: FastKeySource): void {
  source = src;
  cached = undefined;
}

/** Replaces the process's key (tests). */
export function useFastKey(key: Uint8Array): void {
  cached = Buffer.from(key);
}

/** The process's key (loaded at first use; unconfigured: OJ_SECRET_KEY or OJ_DATA_DIR as config reads them). */
export function fastKey(): Buffer {
  return (cached ??= loadFastKey(
    source ?? {
      secret: process.env.OJ_SECRET_KEY,
      dataDir: path.resolve(process.env.OJ_DATA_DIR ?? './data'),
    },
  ));
}

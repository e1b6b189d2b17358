// Remote account passwords are stored encrypted (AES-256-GCM). The key comes from OJ_SECRET_KEY
// (any string of 32+ characters, hashed to 32 bytes) or, when unset, from a random secret kept in
// platform_kv (generated once; every process agrees on it through setKvIfAbsent).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { setKvIfAbsent } from '../../platform/db/kv';

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function secretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(secret).digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join(
        '.',
      );
    },
    decrypt(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      d.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
    },
  };
}

export async function remoteSecretBox(db: Kysely<Database>, env = process.env): Promise<SecretBox> {
  const configured = env.OJ_SECRET_KEY?.trim();
  if (configured) {
    if (configured.length < 32) throw new Error('OJ_SECRET_KEY must be at least 32 characters');
    return secretBox(configured);
  }
  const stored = await setKvIfAbsent(db, 'remote-judge.secret', randomBytes(32).toString('base64'));
  return secretBox(stored);
}

// JWTs as the original issues them: HS512, header {"alg":"HS512","type":"JWT"} (sic), sub = uid.
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { setKvIfAbsent } from '../platform/db/kv';
import type { PlatformTables } from '../platform/db/schema';

export type Clock = () => Date;

export interface TokenSigner {
  sign(uid: string): Promise<string>;
  /** The uid of a token whose signature and `exp` are valid at the clock's time, else null. */
  verify(token: string): Promise<string | null>;
}

export function createTokenSigner(secret: Uint8Array, expireSeconds: number, clock: Clock): TokenSigner {
  return {
    async sign(uid) {
      const iat = Math.floor(clock().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS512', type: 'JWT' })
        .setSubject(uid)
        .setIssuedAt(iat)
        .setExpirationTime(iat + expireSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS512'], currentDate: clock() });
        return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * The signing secret: the configured one (OJ_JWT_SECRET, e.g. a container secret), else one
 * generated once and shared by every process through platform_kv.
 */
export async function loadJwtSecret(db: Kysely<PlatformTables>, configured?: string): Promise<Uint8Array> {
  if (configured) return new Uint8Array(Buffer.from(configured, 'utf8'));
  const stored = await setKvIfAbsent(db, 'jwt-secret', randomBytes(64).toString('base64'));
  return new Uint8Array(Buffer.from(stored, 'base64'));
}

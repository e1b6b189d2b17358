// Password hashing and checking, all on the process's worker pool (password-workers.ts): sized to
// the cores, interactive calls first, a bounded line past which a call is refused with PoolBusy
// (the sign-in answers "busy, retry in N s", issue #22.5 / #29.3).
import { passwordPool, PoolBusy } from './password-workers';

export { ARGON2_OPTIONS } from './password-params';

/** Kept for callers that test for it: the pool's "line full" refusal. */
export { PoolBusy as HashQueueFull };

export function hashPassword(password: string): Promise<string> {
  return passwordPool().hash(password);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return passwordPool().verify(hash, password);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so an unknown username is not revealed by a faster answer. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  // A refused first hash must not stay cached as the answer for every later unknown name.
  const hash = await dummyHash.catch((err: unknown) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(hash, password);
}

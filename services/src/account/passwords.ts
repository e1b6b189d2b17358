import argon2 from 'argon2';

/**
 * argon2id with 19 MiB of memory, 2 passes, 1 lane (the OWASP minimum profile).
 * Why this cost: the server has 2 cores shared with the judge; one hash takes
 * roughly 20-40 ms of one core here, so logins cannot starve judging, yet an
 * offline guess costs the attacker the same 19 MiB and time per try.
 * One lane because parallel lanes would take both cores for a single login.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so an unknown username is not revealed by a faster answer. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

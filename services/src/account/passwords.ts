import argon2 from 'argon2';

/**
 * argon2id with 19 MiB of memory, 2 passes, 1 lane (the OWASP minimum profile).
 * Why this cost: the server has 2 cores shared with the judge; one hash takes
 * roughly 20-40 ms of one core here, so logins cannot starve judging, yet an
 * offline guess costs the attacker the same 19 MiB and time per try.
 * One lane because parallel lanes would take both cores for a single login.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, ARGON2_OPTIONS));
}

/**
 * At most this many argon2 computations run at once in this process; the rest wait in line, so a
 * burst of logins takes one core at most and every other request keeps its latency. A line
 * longer than MAX_WAITING is refused at once (the caller answers "too many requests").
 */
export const MAX_CONCURRENT_HASHES = 1;
export const MAX_WAITING_HASHES = 64;
let running = 0;
const waiting: Array<() => void> = [];

export class HashQueueFull extends Error {
  override name = 'HashQueueFull';
}

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) throw new HashQueueFull('too many password checks waiting');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return limited(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash is a wrong password, not a crash.
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so an unknown username is not revealed by a faster answer. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

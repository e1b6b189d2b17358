// Password hashing and checking. argon2id on the process's worker pool (password-workers.ts): sized
// to the cores, interactive calls first, a line bounded by a wait time past which a call is refused
// with PoolBusy (the sign-in answers "busy, retry in N s", issue #22.5 / #29.3). Server-generated
// passwords may be stored with the fast keyed hash (fast-hash.ts), checked here on the main thread
// and upgraded to argon2id after the first successful sign-in (upgradeAfterSignIn).
import { checkFastHash, fastHash, fastKey, FAST_HASH_MIN_BITS, isFastHash } from './fast-hash';
import { passwordPool, PoolBusy } from './password-workers';

export { ARGON2_OPTIONS } from './password-params';

/** Kept for callers that test for it: the pool's "line full" refusal. */
export { PoolBusy as HashQueueFull };

export function hashPassword(password: string): Promise<string> {
  return passwordPool().hash(password);
}

/**
 * The stored form of a password the server generated from `bits` random bits: the fast keyed hash
 * when it carries at least FAST_HASH_MIN_BITS (a user-chosen password never comes here), else null
 * (the caller hashes it with argon2id).
 */
export function hashGeneratedPassword(password: string, bits: number): string | null {
  return bits >= FAST_HASH_MIN_BITS ? fastHash(fastKey(), password) : null;
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is the fast keyed hash: store an argon2id hash of the password now it is known. */
  upgrade: boolean;
  /** The fast hash was made with another key than this process holds (misconfigured or lost key). */
  otherKey?: boolean;
}

/** Checks a password against its stored hash, whichever kind it is. */
export async function checkPassword(stored: string, password: string): Promise<PasswordCheck> {
  if (!isFastHash(stored)) return { ok: await passwordPool().verify(stored, password), upgrade: false };
  const r = checkFastHash(fastKey(), stored, password);
  if (r === 'match') return { ok: true, upgrade: true };
  // A wrong password costs what it costs on an argon2id account, so a fast "no" does not single out
  // the generated accounts nor make online guessing cheaper.
  await verifyAgainstNothing(password);
  return { ok: false, upgrade: false, otherKey: r === 'other-key' };
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return (await checkPassword(hash, password)).ok;
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
  await passwordPool().verify(hash, password);
}

const upgrades = new Set<Promise<void>>();
/** The end of the chain of upgrades: they run one at a time, so they never take more than one core. */
let lastUpgrade: Promise<unknown> = Promise.resolve();
/** Upgrades waiting past this are dropped (each is retried at its account's next sign-in). */
const MAX_PENDING_UPGRADES = 50_000;
/** An upgrade starts once no first sign-in came for this long (a burst first)... */
const UPGRADE_QUIET_MS = 1_000;
/** ...or once it has waited this long (a steady trickle of first sign-ins does not hold them forever). */
const UPGRADE_MAX_DELAY_MS = 30_000;
let lastFastSignIn = 0;

/** Resolves when no fast-hash sign-in came for UPGRADE_QUIET_MS, or `since` is UPGRADE_MAX_DELAY_MS old. */
async function quietOrLate(since: number): Promise<void> {
  for (;;) {
    const now = performance.now();
    const wait = Math.min(lastFastSignIn + UPGRADE_QUIET_MS, since + UPGRADE_MAX_DELAY_MS) - now;
    if (wait <= 0) return;
    await new Promise((r) => setTimeout(r, wait).unref());
  }
}

/**
 * After a successful sign-in on a fast hash: hashes the password with argon2id on the pool's batch
 * line, one upgrade at a time and only once first sign-ins paused for a second (or after 30 s), so a
 * burst of first sign-ins at a contest's start is not slowed by its own upgrades, and stores it with `store` only if the row still holds the
 * fast hash (a password changed meanwhile wins). The sign-in does not wait for it; a failed or
 * dropped upgrade is retried at the next sign-in.
 */
export function upgradeAfterSignIn(
  password: string,
  store: (argon2Hash: string) => Promise<unknown>,
  onError: (err: unknown) => void,
): void {
  const since = (lastFastSignIn = performance.now());
  if (upgrades.size >= MAX_PENDING_UPGRADES) return;
  const job = lastUpgrade
    .then(() => quietOrLate(since))
    .then(() => passwordPool().hash(password, 'batch'))
    .then(store)
    .then(
      () => undefined,
      (err: unknown) => onError(err),
    )
    .finally(() => upgrades.delete(job));
  lastUpgrade = job;
  upgrades.add(job);
}

/** Resolves when every upgrade started so far has finished (tests, benches, shutdown). */
export async function upgradesSettled(): Promise<void> {
  while (upgrades.size) await Promise.all([...upgrades]);
}

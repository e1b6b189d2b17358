// The super admin's switch page carries remote-judge account lists (username and password lists
// per judge, judge.md §6.1 and the reference's switch config): when a judge's lists change, that
// judge's account pool is replaced by them (accounts added on the remote-judge page stay until
// then). Every process hears `oj.site.config-changed`; the pool rows and the record of what was
// applied change in one transaction, so the processes agree and a repeat is a no-op.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SwitchConfig } from '@oj/protocol/site/schemas';
import * as repo from './repository';
import type { SecretBox } from './secret';

/** Pool name → the prefix of its switch lists (`hduUsernameList`, `hduPasswordList`). */
export const SWITCH_LISTS = {
  HDU: 'hdu',
  CF: 'cf',
  POJ: 'poj',
  SPOJ: 'spoj',
  AC: 'atcoder',
  LIBRE: 'libreoj',
} as const;

type Pool = keyof typeof SWITCH_LISTS;

export interface SwitchAccount {
  username: string;
  password: string;
}

/** The accounts a switch config names per pool (blank usernames skipped, a repeated one: the last). */
export function switchAccounts(sw: SwitchConfig): Record<Pool, SwitchAccount[]> {
  const out = {} as Record<Pool, SwitchAccount[]>;
  for (const [pool, prefix] of Object.entries(SWITCH_LISTS) as [Pool, string][]) {
    const users = sw[`${prefix}UsernameList` as keyof SwitchConfig] as string[];
    const passwords = sw[`${prefix}PasswordList` as keyof SwitchConfig] as string[];
    const byName = new Map<string, string>();
    users.forEach((u, i) => {
      const username = u.trim();
      if (username) byName.set(username, passwords[i] ?? '');
    });
    out[pool] = [...byName].map(([username, password]) => ({ username, password }));
  }
  return out;
}

/** What was applied, without keeping the passwords a second time. */
export const fingerprintOf = (accounts: SwitchAccount[]): string =>
  createHash('sha256')
    .update(JSON.stringify(accounts.map((a) => [a.username, a.password])))
    .digest('hex');

/** Applies the switch lists that changed since last applied; returns the pools replaced. */
export async function syncSwitchAccounts(db: Kysely<unknown>, box: SecretBox, sw: SwitchConfig) {
  const wanted = Object.entries(switchAccounts(sw)).map(([oj, accounts]) => ({
    oj,
    fingerprint: fingerprintOf(accounts),
    emptyFingerprint: fingerprintOf([]),
    accounts: accounts.map((a) => ({ username: a.username, passwordEnc: box.encrypt(a.password) })),
  }));
  return repo.replacePoolsFromSwitch(db, wanted);
}

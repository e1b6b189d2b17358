// Sessions per core.md §0.5: tokens are checked against per-user state in the
// database (never cached), so a logout in one process is seen by all at once.
import type { Kysely } from 'kysely';
import type { Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { Authenticator, AuthOutcome } from '../platform/http/access';
import { Messages } from '../platform/http/errors';
import type { AccountTables } from './tables';
import type { Clock, TokenSigner } from './tokens';
import * as repo from './repository';
import { authOfRoles } from './rules';

export interface SessionDeps {
  db: Kysely<AccountTables>;
  bus: Bus;
  clock: Clock;
  /** Resolved lazily: the secret is read from the database on first use. */
  signer: () => Promise<TokenSigner>;
  expireSeconds: number;
  refreshSeconds: number;
}

export interface Sessions extends Authenticator {
  /** Issues a token and (re)writes the user's token key and refresh marker. */
  issue(uid: string): Promise<string>;
  /** Invalidates every token of the user (all devices). */
  revoke(uid: string): Promise<void>;
}

export function createSessions(d: SessionDeps): Sessions {
  const deadlines = (now: Date) => ({
    tokenExpiresAt: new Date(now.getTime() + d.expireSeconds * 1000),
    refreshAt: new Date(now.getTime() + d.refreshSeconds * 1000),
  });
  const rejected = (msg: string): AuthOutcome => ({ kind: 'rejected', msg });

  return {
    async issue(uid) {
      const now = d.clock();
      const { tokenExpiresAt, refreshAt } = deadlines(now);
      await repo.writeAuthState(d.db, uid, tokenExpiresAt, refreshAt);
      return (await d.signer()).sign(uid);
    },

    revoke: (uid) => revokeUserSessions(d.db, d.bus, uid),

    async authenticate(token, mayRenew) {
      const signer = await d.signer();
      const uid = await signer.verify(token);
      if (!uid) return rejected(Messages.TOKEN_EXPIRED);
      const now = d.clock();
      const row = await repo.loadSessionUser(d.db, uid);
      if (!row) return rejected(Messages.ACCOUNT_MISSING);
      // No token key (logged out, idle past expiry) or an expired one.
      if (!row.token_expires_at || !row.refresh_at || row.token_expires_at.getTime() <= now.getTime())
        return rejected(Messages.TOKEN_EXPIRED);
      if (row.status !== 0) return rejected(Messages.ACCOUNT_BANNED);
      const roleIds = await repo.roleIdsOf(d.db, uid);
      const authUser = { uid, username: row.username, roleIds, ...authOfRoles(roleIds) };
      if (mayRenew && row.refresh_at.getTime() <= now.getTime()) {
        const { tokenExpiresAt, refreshAt } = deadlines(now);
        if (await repo.claimRenewal(d.db, uid, now, tokenExpiresAt, refreshAt)) {
          return { kind: 'ok', user: authUser, token, renewedToken: await signer.sign(uid) };
        }
      }
      return { kind: 'ok', user: authUser, token };
    },
  };
}

/**
 * Logs a user out everywhere: every token stops working at once. Also for admin
 * actions (ban, delete, password set by an admin) that should end the sessions.
 */
export async function revokeUserSessions(db: Kysely<AccountTables>, bus: Bus, uid: string): Promise<void> {
  await repo.deleteAuthState(db, uid);
  // Gateways drop the user's sockets; the REST check needs no message (nothing is cached).
  await bus.publish(Subjects.accountRevoked(uid), { uid }).catch(() => undefined);
}

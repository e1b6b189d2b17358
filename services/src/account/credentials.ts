// Username/password checks for other capabilities' HTTP basic auth (the Contest API, issue #24):
// the same stored hash, the same password pool (interactive line) and the same equal-work answer
// for an unknown name as the sign-in; a banned account is refused. No session is made.
import type { Kysely } from 'kysely';
import type { AuthUser } from '../platform/http/access';
import type { AccountTables } from './tables';
import * as repo from './repository';
import { authOfRoles } from './rules';
import { verifyAgainstNothing, verifyPassword } from './passwords';

export async function verifyCredentials(
  db: Kysely<AccountTables>,
  username: string,
  password: string,
): Promise<AuthUser | null> {
  const user = await repo.findUserByUsername(db, username);
  if (!user) {
    await verifyAgainstNothing(password);
    return null;
  }
  if (!(await verifyPassword(user.password_hash, password))) return null;
  if (user.status !== 0) return null;
  const roleIds = await repo.roleIdsOf(db, user.uid);
  return { uid: user.uid, username: user.username, roleIds, ...authOfRoles(roleIds) };
}

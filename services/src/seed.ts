// First-start seed, safe to run on every start and from several processes at once:
// the default website config and languages, the `root` super admin, the sample problems.
import { randomBytes } from 'node:crypto';
import { Role } from '@oj/protocol';
import type { AppContext } from './platform/context';
import { seedSite } from './site';
import { createUser } from './account';
import { findUserByUsername } from './account/repository';

/** The original seeds root with uid "1"; its clients and docs assume it. */
export const ROOT_UID = '1';

export async function seedPlatform(ctx: AppContext): Promise<{ rootPassword: string | null }> {
  await seedSite(ctx.db, { author: { uid: ROOT_UID, username: 'root' } });
  const rootPassword = await seedRoot(ctx);
  return { rootPassword };
}

/** Creates `root` once. Returns the password when this call created it, else null. */
async function seedRoot(ctx: AppContext): Promise<string | null> {
  if (await findUserByUsername(ctx.db, 'root')) return null;
  const given = ctx.config.rootPassword;
  const password = given ?? randomBytes(9).toString('base64url');
  try {
    await createUser(ctx.db, {
      uid: ROOT_UID,
      username: 'root',
      password,
      roleIds: [Role.ROOT],
      nickname: 'root',
    });
  } catch (err) {
    // Another process created it first.
    if (await findUserByUsername(ctx.db, 'root')) return null;
    throw err;
  }
  if (given) ctx.log.info('created super admin "root" with the password from OJ_ROOT_PASSWORD');
  else
    ctx.log.warn(
      `created super admin "root" with the generated password: ${password} (shown once; change it)`,
    );
  return password;
}

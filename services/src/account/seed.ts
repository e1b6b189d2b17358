// Creating users outside the register flow: the seed (root super admin) and tests.
import type { Kysely } from 'kysely';
import { Role } from '@oj/protocol';
import type { AccountTables } from './tables';
import { insertUser } from './repository';
import { hashPassword } from './passwords';
import { newUid } from './passport-service';

export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  /** Defaults to a new 32-hex uid. */
  uid?: string;
  /** Role ids (protocol `Role`); defaults to [Role.DEFAULT_USER]. */
  roleIds?: readonly number[];
  nickname?: string | null;
  realname?: string | null;
  school?: string | null;
  /** 0 normal, 1 banned. */
  status?: number;
}

/** Inserts a user with its roles and user_record; returns the uid. Throws on a taken username/e-mail. */
export async function createUser(db: Kysely<AccountTables>, u: NewUser): Promise<string> {
  const uid = u.uid ?? newUid();
  await insertUser(db, {
    uid,
    username: u.username,
    email: u.email ?? null,
    passwordHash: await hashPassword(u.password),
    roleIds: u.roleIds ?? [Role.DEFAULT_USER],
    profile: {
      nickname: u.nickname ?? null,
      realname: u.realname ?? null,
      school: u.school ?? null,
      status: u.status ?? 0,
    },
  });
  return uid;
}

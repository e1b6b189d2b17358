// Kysely table types of the account capability (DDL in platform/db/migrations/0001_account.ts).
import type { ColumnType, Generated } from 'kysely';
import type { MailTables } from '../platform/mail/tables';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  uid: string;
  username: string;
  email: string | null;
  password_hash: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  course: string | null;
  number: string | null;
  gender: string | null;
  signature: string | null;
  github: string | null;
  blog: string | null;
  cf_username: string | null;
  avatar: string | null;
  title_name: string | null;
  title_color: string | null;
  /** 0 normal, 1 banned. */
  status: Generated<number>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface UserRoleTable {
  uid: string;
  role_id: number;
  gmt_create: CreatedAt;
}

export interface UserRecordTable {
  uid: string;
  rating: number | null;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface UserSessionTable {
  id: Generated<string>;
  uid: string;
  ip: string | null;
  user_agent: string | null;
  gmt_create: CreatedAt;
}

export interface AccountAuthStateTable {
  uid: string;
  /** Tokens of this user are accepted until then (the original's per-uid token key). */
  token_expires_at: Date;
  /** After this instant a request renews the token (the original's refresh marker). */
  refresh_at: Date;
}

export interface AccountCodeTable {
  kind: string;
  key: string;
  code: string;
  expires_at: Date;
}

export interface AccountCounterTable {
  key: string;
  count: number;
  expires_at: Date;
}

export interface AccountAvatarTable {
  /** Public file name, `{32-hex}.{ext}`, served at /api/public/img/{name}. */
  name: string;
  uid: string;
  blob_key: string;
  content_type: string;
  /** Replaced by a newer avatar (kept for the file clean-up job). */
  deleted: Generated<boolean>;
  gmt_create: CreatedAt;
}

/** The mail outbox is created by the account migration (mail exists for account codes). */
export interface AccountTables extends MailTables {
  users: UsersTable;
  user_role: UserRoleTable;
  user_record: UserRecordTable;
  user_session: UserSessionTable;
  account_auth_state: AccountAuthStateTable;
  account_code: AccountCodeTable;
  account_counter: AccountCounterTable;
  account_avatar: AccountAvatarTable;
}

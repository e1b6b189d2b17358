// Kysely table types of the message capability (DDL in platform/db/migrations/0009_message.ts),
// camelCase over the snake_case columns (read through camelDb).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;

export interface MsgRemindTable {
  id: Generated<number>;
  /** Discuss | Reply | Like_Post | Like_Discuss */
  action: string;
  sourceId: number;
  /** Discussion | Contest */
  sourceType: string;
  sourceContent: string | null;
  quoteId: number | null;
  quoteType: string | null;
  url: string | null;
  /** read */
  state: Generated<boolean>;
  senderId: string;
  recipientId: string;
  gmtCreate: CreatedAt;
}

export interface MsgNoticeTable {
  id: Generated<number>;
  title: string;
  content: string;
  /** Sys | Mine */
  kind: string;
  /** All | Single | Admin (back-office notices), null for system notices. */
  adminType: string | null;
  adminId: string | null;
  recipientId: string | null;
  /** all | user | none */
  audience: string;
  state: Generated<boolean>;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

/** A user's state of one site-wide notice: present = read; `deleted` = removed from their list. */
export interface MsgNoticeStateTable {
  noticeId: number;
  uid: string;
  deleted: Generated<boolean>;
  gmtCreate: CreatedAt;
}

/** Read-only view of the account capability's users (sender names and avatars). */
interface UsersView {
  uid: string;
  username: string;
  avatar: string | null;
}

export interface MessageTables {
  msgRemind: MsgRemindTable;
  msgNotice: MsgNoticeTable;
  msgNoticeState: MsgNoticeStateTable;
  users: UsersView;
}

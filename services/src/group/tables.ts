// Kysely table types of the group capability, camelCase over the snake_case columns of
// platform/db/migrations/0010_group.ts (read through camelDb).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;

export interface GroupTable {
  id: Generated<number>;
  avatar: string | null;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  /** Owner's username. */
  owner: string;
  /** Owner's uid. */
  uid: string;
  /** 1 public, 2 protected, 3 private. */
  auth: number;
  visible: Generated<boolean>;
  /** 0 normal, 1 banned. */
  status: Generated<number>;
  code: string | null;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

export interface GroupMemberTable {
  id: Generated<number>;
  gid: number;
  uid: string;
  /** 1 applying, 2 refused, 3 member, 4 group admin, 5 group root. */
  auth: number;
  reason: string | null;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

export interface GroupAnnouncementTable {
  id: Generated<number>;
  gid: number;
  uid: string;
  title: string;
  content: string;
  /** 0 visible, 1 hidden. */
  status: Generated<number>;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

/** Tables of other capabilities the group rank and member lists read (never write). */
export interface ForeignReadTables {
  users: {
    uid: string;
    username: string;
    nickname: string | null;
    realname: string | null;
    avatar: string | null;
    titleName: string | null;
    titleColor: string | null;
    status: number;
  };
  judge: {
    submitId: number;
    pid: number;
    uid: string;
    cid: number;
    gid: number | null;
    status: number;
    oiRankScore: number | null;
  };
  userAcproblem: { uid: string; pid: number };
}

export interface GroupTables extends ForeignReadTables {
  group: GroupTable;
  groupMember: GroupMemberTable;
  groupAnnouncement: GroupAnnouncementTable;
}

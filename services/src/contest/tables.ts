// Kysely table types of the contest capability (DDL in platform/db/migrations/0005_contest.ts).
import type { ColumnType, Generated } from 'kysely';
import type { AwardConfig } from '@oj/protocol/contest/scoreboard';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;
type Json<T> = ColumnType<T, unknown, unknown>;

export interface ContestTable {
  id: Generated<number>;
  uid: string;
  author: string;
  title: string;
  description: Generated<string>;
  /** 0 ACM, 1 OI. */
  type: Generated<number>;
  source: Generated<number>;
  /** 0 public, 1 private, 2 protected. */
  auth: Generated<number>;
  pwd: string | null;
  start_time: Date;
  end_time: Date;
  /** Seconds. */
  duration: number;
  seal_rank: Generated<boolean>;
  seal_rank_time: Date | null;
  auto_real_rank: Generated<boolean>;
  open_print: Generated<boolean>;
  open_rank: Generated<boolean>;
  rank_show_name: Generated<string>;
  allow_end_submit: Generated<boolean>;
  oi_rank_score_type: Generated<string>;
  /** Star usernames. */
  star_account: Json<string[]>;
  award_type: Generated<number>;
  /** Sorted by priority at save time. */
  award_config: Json<AwardConfig[]>;
  open_account_limit: Generated<boolean>;
  account_limit_rule: string | null;
  visible: Generated<boolean>;
  is_group: Generated<boolean>;
  gid: number | null;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface ContestProblemTable {
  id: Generated<number>;
  cid: number;
  pid: number;
  display_id: string;
  display_title: string;
  color: string | null;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface ContestRegisterTable {
  id: Generated<number>;
  cid: number;
  uid: string;
  status: Generated<number>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface ContestAnnouncementTable {
  id: Generated<number>;
  cid: number;
  title: string;
  content: Generated<string>;
  uid: string | null;
  username: string | null;
  status: Generated<number>;
  gid: number | null;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface ContestPrintTable {
  id: Generated<number>;
  cid: number;
  uid: string;
  username: string;
  realname: string | null;
  content: string;
  status: Generated<number>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface ContestPrintWindowTable {
  uid: string;
  until: Date;
}

export interface ContestAcCheckTable {
  submit_id: number;
  cid: number;
  checked: Generated<boolean>;
}

export interface ContestTables {
  contest: ContestTable;
  contest_problem: ContestProblemTable;
  contest_register: ContestRegisterTable;
  contest_announcement: ContestAnnouncementTable;
  contest_print: ContestPrintTable;
  contest_print_window: ContestPrintWindowTable;
  contest_ac_check: ContestAcCheckTable;
}

// Migration 0014_contest_reads, read through camelDb (reads-repository.ts).
export interface ContestReadTables {
  contestAnnouncementRead: {
    uid: string;
    aid: number;
    cid: number;
    gmtCreate: ColumnType<Date, Date | undefined, never>;
  };
  contestPublicProblem: { pid: number; cid: number };
}

// Kysely table types of the discussion capability (DDL in platform/db/migrations/0006_discussion.ts).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;

export interface DiscussionCommentTable {
  id: Generated<number>;
  /** Contest (Q&A) comment; exactly one of cid/did is set. */
  cid: number | null;
  /** Discussion comment. */
  did: number | null;
  content: string;
  from_uid: string;
  from_name: string;
  from_avatar: string | null;
  /** root | admin | user when written. */
  from_role: string;
  like_num: Generated<number>;
  /** 0 live, 1 deleted. */
  status: Generated<number>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface DiscussionReplyTable {
  id: Generated<number>;
  comment_id: number;
  from_uid: string;
  from_name: string;
  from_avatar: string | null;
  from_role: string;
  to_uid: string;
  to_name: string;
  to_avatar: string | null;
  content: string;
  /** 0 live, 1 deleted. */
  status: Generated<number>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

export interface DiscussionCommentLikeTable {
  uid: string;
  comment_id: number;
  gmt_create: CreatedAt;
}

export interface DiscussionTables {
  discussion_comment: DiscussionCommentTable;
  discussion_reply: DiscussionReplyTable;
  discussion_comment_like: DiscussionCommentLikeTable;
}

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

// ---------- discussion posts (0008_discussion_post), camelCase, read through camelDb ----------

export interface DiscussionCategoryTable {
  id: Generated<number>;
  name: string;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

export interface DiscussionPostTable {
  id: Generated<number>;
  categoryId: number;
  title: string;
  description: string;
  content: string;
  /** Problem display id of a problem-scoped post. */
  pid: string | null;
  uid: string;
  author: string;
  avatar: string | null;
  /** root | admin | user, when posted. */
  role: Generated<string>;
  viewNum: Generated<number>;
  likeNum: Generated<number>;
  commentNum: Generated<number>;
  topPriority: Generated<boolean>;
  /** 0 live, 1 banned. */
  status: Generated<number>;
  gid: number | null;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

export interface DiscussionLikeTable {
  uid: string;
  did: number;
  gmtCreate: CreatedAt;
}

export interface DiscussionReportTable {
  id: Generated<number>;
  did: number;
  reporter: string;
  reporterUid: string;
  content: string;
  /** handled */
  status: Generated<boolean>;
  gmtCreate: CreatedAt;
  gmtModified: ModifiedAt;
}

/** Read-only views of tables other capabilities own (authors' title badges, problem ids). */
interface UsersView {
  uid: string;
  username: string;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
}
interface ProblemView {
  id: number;
  problemId: string;
}

export interface DiscussionPostTables {
  discussionCategory: DiscussionCategoryTable;
  discussion: DiscussionPostTable;
  discussionLike: DiscussionLikeTable;
  discussionReport: DiscussionReportTable;
  discussionComment: { id: number; did: number | null; content: string; fromName: string; status: number };
  discussionReply: {
    id: number;
    commentId: number;
    content: string;
    fromName: string;
    toName: string;
    status: number;
  };
  users: UsersView;
  problem: ProblemView;
}

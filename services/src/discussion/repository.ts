// Queries of the comment area; the only module touching its tables.
import { sql, type Kysely, type Selectable } from 'kysely';
import { countedPage } from '../platform/db/paging';
import type { Database } from '../platform/db/schema';
import type { DiscussionCommentTable, DiscussionReplyTable } from './tables';

export type Db = Kysely<Database>;
export type CommentRow = Selectable<DiscussionCommentTable>;
export type ReplyRow = Selectable<DiscussionReplyTable>;

export type Source = { cid: number } | { did: number };

const LIVE = 0;
const DELETED = 1;

/** Live comments of a contest or discussion, most liked then newest first; optionally by these authors only. */
export async function listComments(
  db: Db,
  source: Source,
  authors: readonly string[] | null,
  page: number,
  limit: number,
): Promise<{ total: number; rows: CommentRow[] }> {
  let sel = db.selectFrom('discussion_comment').where('status', '=', LIVE);
  sel = 'cid' in source ? sel.where('cid', '=', source.cid) : sel.where('did', '=', source.did);
  if (authors) {
    if (authors.length === 0) return { total: 0, rows: [] };
    sel = sel.where('from_uid', 'in', [...authors]);
  }
  return countedPage(sel, page, limit, (q) =>
    q.selectAll().orderBy('like_num', 'desc').orderBy('gmt_create', 'desc').orderBy('id', 'desc'),
  );
}

/** Live reply counts per comment. */
export async function liveReplyCounts(db: Db, commentIds: readonly number[]): Promise<Map<number, number>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('discussion_reply')
    .select(['comment_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('comment_id', 'in', [...commentIds])
    .where('status', '=', LIVE)
    .groupBy('comment_id')
    .execute();
  return new Map(rows.map((r) => [r.comment_id, Number(r.n)]));
}

/** The latest `n` live replies of each comment, newest first. */
export async function latestReplies(db: Db, commentIds: readonly number[], n: number): Promise<ReplyRow[]> {
  if (commentIds.length === 0) return [];
  const ranked = db
    .selectFrom('discussion_reply')
    .selectAll()
    .select(
      sql<number>`row_number() over (partition by comment_id order by gmt_create desc, id desc)`.as('rn'),
    )
    .where('comment_id', 'in', [...commentIds])
    .where('status', '=', LIVE)
    .as('r');
  const rows = await db
    .selectFrom(ranked)
    .selectAll()
    .where('rn', '<=', n)
    .orderBy('comment_id')
    .orderBy('gmt_create', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(({ rn: _rn, ...r }) => r);
}

/** Live replies of one comment, newest first; optionally by these authors only. */
export async function listReplies(
  db: Db,
  commentId: number,
  authors: readonly string[] | null,
): Promise<ReplyRow[]> {
  if (authors && authors.length === 0) return [];
  let sel = db
    .selectFrom('discussion_reply')
    .selectAll()
    .where('comment_id', '=', commentId)
    .where('status', '=', LIVE);
  if (authors) sel = sel.where('from_uid', 'in', [...authors]);
  return sel.orderBy('gmt_create', 'desc').orderBy('id', 'desc').execute();
}

/** Which of these comments `uid` liked. */
export async function likedBy(db: Db, uid: string, commentIds: readonly number[]): Promise<Set<number>> {
  if (commentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('discussion_comment_like')
    .select('comment_id')
    .where('uid', '=', uid)
    .where('comment_id', 'in', [...commentIds])
    .execute();
  return new Set(rows.map((r) => r.comment_id));
}

export async function insertComment(
  db: Db,
  values: Omit<CommentRow, 'id' | 'like_num' | 'status' | 'gmt_create' | 'gmt_modified'>,
): Promise<CommentRow> {
  return db.insertInto('discussion_comment').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A live comment. */
export async function findComment(db: Db, id: number): Promise<CommentRow | null> {
  const r = await db
    .selectFrom('discussion_comment')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', LIVE)
    .executeTakeFirst();
  return r ?? null;
}

/**
 * Soft-deletes a comment and its live replies in one transaction; returns how many rows
 * went (comment + replies), 0 when it was already gone.
 */
export async function deleteComment(db: Db, id: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const c = await trx
      .updateTable('discussion_comment')
      .set({ status: DELETED, gmt_modified: new Date() })
      .where('id', '=', id)
      .where('status', '=', LIVE)
      .executeTakeFirst();
    if (Number(c.numUpdatedRows) === 0) return 0;
    const r = await trx
      .updateTable('discussion_reply')
      .set({ status: DELETED, gmt_modified: new Date() })
      .where('comment_id', '=', id)
      .where('status', '=', LIVE)
      .executeTakeFirst();
    return 1 + Number(r.numUpdatedRows);
  });
}

export async function insertReply(
  db: Db,
  values: Omit<ReplyRow, 'id' | 'status' | 'gmt_create' | 'gmt_modified'>,
): Promise<ReplyRow> {
  return db.insertInto('discussion_reply').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A live reply. */
export async function findReply(db: Db, id: number): Promise<ReplyRow | null> {
  const r = await db
    .selectFrom('discussion_reply')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', LIVE)
    .executeTakeFirst();
  return r ?? null;
}

export async function deleteReply(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('discussion_reply')
    .set({ status: DELETED, gmt_modified: new Date() })
    .where('id', '=', id)
    .where('status', '=', LIVE)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Likes (or unlikes) a comment for `uid`; the counter moves only when the like row
 * appears (or goes), in the same transaction. Returns false when the comment is gone.
 */
export async function setLike(db: Db, uid: string, commentId: number, like: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const comment = await trx
      .selectFrom('discussion_comment')
      .select('id')
      .where('id', '=', commentId)
      .where('status', '=', LIVE)
      .forUpdate()
      .executeTakeFirst();
    if (!comment) return false;
    let changed: bigint;
    if (like) {
      const r = await trx
        .insertInto('discussion_comment_like')
        .values({ uid, comment_id: commentId })
        .onConflict((oc) => oc.columns(['comment_id', 'uid']).doNothing())
        .executeTakeFirst();
      changed = r.numInsertedOrUpdatedRows ?? 0n;
    } else {
      const r = await trx
        .deleteFrom('discussion_comment_like')
        .where('uid', '=', uid)
        .where('comment_id', '=', commentId)
        .executeTakeFirst();
      changed = r.numDeletedRows;
    }
    if (Number(changed) > 0)
      await trx
        .updateTable('discussion_comment')
        .set((eb) => ({ like_num: eb('like_num', like ? '+' : '-', 1) }))
        .where('id', '=', commentId)
        .execute();
    return true;
  });
}

// Queries of discussion posts, categories, post likes and reports; with repository.ts (the
// comment area) the only modules touching the capability's tables.
import { sql, type Kysely } from 'kysely';
import { camelDb } from '../platform/db';
import { countedPage } from '../platform/db/paging';
import type { DiscussionPostTables } from './tables';

export type PostDb = Kysely<DiscussionPostTables>;
export const postDb = (db: Kysely<unknown>): PostDb => camelDb<DiscussionPostTables>(db);

const LIVE = 0;

export async function categories(db: PostDb) {
  return db.selectFrom('discussionCategory').selectAll().orderBy('id').execute();
}

export async function categoryName(db: PostDb, id: number): Promise<string | null> {
  const r = await db.selectFrom('discussionCategory').select('name').where('id', '=', id).executeTakeFirst();
  return r?.name ?? null;
}

/** Updates entries with an existing id, inserts the others (blank names were dropped by the caller). */
export async function saveCategories(db: PostDb, list: readonly { id?: number | null; name: string }[]) {
  await db.transaction().execute(async (tx) => {
    for (const c of list) {
      const updated = c.id
        ? Number(
            (
              await tx
                .updateTable('discussionCategory')
                .set({ name: c.name, gmtModified: new Date() })
                .where('id', '=', c.id)
                .executeTakeFirst()
            ).numUpdatedRows,
          )
        : 0;
      if (updated === 0) await tx.insertInto('discussionCategory').values({ name: c.name }).execute();
    }
  });
}

export interface ListFilter {
  /** Every status (and, without `gid`, every group's posts too). */
  all: boolean;
  /** A group's posts instead of the public ones. */
  gid?: number;
  categoryId?: number;
  pid?: string;
  uid?: string;
  keyword?: string;
  keywordId?: number | null;
}

export async function listPosts(db: PostDb, f: ListFilter, page: number, limit: number) {
  let q = db.selectFrom('discussion');
  if (f.gid !== undefined) q = q.where('gid', '=', f.gid);
  else if (!f.all) q = q.where('gid', 'is', null);
  if (!f.all) q = q.where('status', '=', LIVE);
  if (f.categoryId !== undefined) q = q.where('categoryId', '=', f.categoryId);
  if (f.pid !== undefined) q = q.where('pid', '=', f.pid);
  if (f.uid !== undefined) q = q.where('uid', '=', f.uid);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('title', 'ilike', like),
        eb('author', 'ilike', like),
        eb('description', 'ilike', like),
        ...(f.keywordId != null ? [eb('id', '=', f.keywordId)] : []),
      ]),
    );
  }
  return countedPage(q, page, limit, (s) =>
    s
      .selectAll()
      .orderBy('topPriority', 'desc')
      .orderBy('gmtCreate', 'desc')
      .orderBy('likeNum', 'desc')
      .orderBy('viewNum', 'desc')
      .orderBy('id', 'desc'),
  );
}

export async function findPost(db: PostDb, id: number) {
  return db.selectFrom('discussion').selectAll().where('id', '=', id).executeTakeFirst();
}

/** viewNum + 1; returns the row as it is after the increment. */
export async function viewPost(db: PostDb, id: number) {
  return db
    .updateTable('discussion')
    .set((eb) => ({ viewNum: eb('viewNum', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export type NewPost = {
  categoryId: number;
  title: string;
  description: string;
  content: string;
  pid: string | null;
  uid: string;
  author: string;
  avatar: string | null;
  role: string;
  topPriority: boolean;
  gid: number | null;
};

export async function insertPost(db: PostDb, p: NewPost): Promise<number> {
  return (await db.insertInto('discussion').values(p).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updatePost(
  db: PostDb,
  id: number,
  p: Partial<Pick<NewPost, 'title' | 'description' | 'content' | 'categoryId' | 'topPriority'>> & {
    status?: number;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('discussion')
    .set({ ...p, gmtModified: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes posts and their comment area (replies and comment likes follow the comments). */
export async function deletePosts(db: PostDb, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    await sql`delete from discussion_comment where did = any(${[...ids]}::bigint[])`.execute(tx);
    const r = await tx
      .deleteFrom('discussion')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });
}

/** Posts of `uid` in the last 24 hours (the daily cap). */
export async function postsSince(db: PostDb, uid: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('discussion')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .where('gmtCreate', '>', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function hasLike(db: PostDb, uid: string, did: number): Promise<boolean> {
  return !!(await db
    .selectFrom('discussionLike')
    .select('did')
    .where('uid', '=', uid)
    .where('did', '=', did)
    .executeTakeFirst());
}

/** Adds or removes the like row; the counter moves only when the row did. Returns whether it moved. */
export async function setLike(db: PostDb, uid: string, did: number, like: boolean): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const moved = like
      ? Number(
          (
            await tx
              .insertInto('discussionLike')
              .values({ uid, did })
              .onConflict((oc) => oc.columns(['did', 'uid']).doNothing())
              .executeTakeFirst()
          ).numInsertedOrUpdatedRows ?? 0,
        )
      : Number(
          (
            await tx
              .deleteFrom('discussionLike')
              .where('uid', '=', uid)
              .where('did', '=', did)
              .executeTakeFirst()
          ).numDeletedRows,
        );
    if (moved > 0)
      await tx
        .updateTable('discussion')
        .set((eb) => ({ likeNum: eb('likeNum', '+', like ? 1 : -1) }))
        .where('id', '=', did)
        .execute();
    return moved > 0;
  });
}

export async function addCommentCount(db: PostDb, did: number, delta: number): Promise<void> {
  await db
    .updateTable('discussion')
    .set((eb) => ({ commentNum: sql<number>`greatest(0, ${eb.ref('commentNum')} + ${delta})` }))
    .where('id', '=', did)
    .execute();
}

export async function insertReport(
  db: PostDb,
  r: { did: number; reporter: string; reporterUid: string; content: string },
): Promise<void> {
  await db.insertInto('discussionReport').values(r).execute();
}

export async function listReports(db: PostDb, page: number, limit: number) {
  const q = db.selectFrom('discussionReport as r').leftJoin('discussion as d', 'd.id', 'r.did');
  return countedPage(q, page, limit, (s) =>
    s
      .select([
        'r.id',
        'r.did',
        'd.gid',
        'd.title as discussionTitle',
        'd.author as discussionAuthor',
        'r.reporter',
        'r.content',
        'r.status',
        'r.gmtCreate',
        'r.gmtModified',
      ])
      .orderBy('r.status', 'asc')
      .orderBy('r.gmtCreate', 'desc')
      .orderBy('r.id', 'desc'),
  );
}

export async function setReportStatus(db: PostDb, id: number, status: boolean): Promise<boolean> {
  const r = await db
    .updateTable('discussionReport')
    .set({ status, gmtModified: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function problemExists(db: PostDb, problemId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('problem')
    .select('id')
    .where('problemId', '=', problemId)
    .executeTakeFirst());
}

export async function profile(db: PostDb, uid: string) {
  return db
    .selectFrom('users')
    .select(['uid', 'username', 'avatar', 'titleName', 'titleColor'])
    .where('uid', '=', uid)
    .executeTakeFirst();
}

/** Live post titles by id (message sources). */
export async function titles(db: PostDb, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('discussion')
    .select(['id', 'title'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Live comments and replies by id (quoted in reply reminders). */
export async function quoted(db: PostDb, commentIds: readonly number[], replyIds: readonly number[]) {
  const [comments, replies] = await Promise.all([
    commentIds.length
      ? db
          .selectFrom('discussionComment')
          .select(['id', 'content', 'fromName'])
          .where('id', 'in', [...new Set(commentIds)])
          .where('status', '=', LIVE)
          .execute()
      : [],
    replyIds.length
      ? db
          .selectFrom('discussionReply')
          .select(['id', 'content', 'fromName', 'toName'])
          .where('id', 'in', [...new Set(replyIds)])
          .where('status', '=', LIVE)
          .execute()
      : [],
  ]);
  return { comments, replies };
}

/** The ids of a group's posts (a disbanded group's clean-up). */
export async function groupPostIds(db: PostDb, gid: number): Promise<number[]> {
  const rows = await db.selectFrom('discussion').select('id').where('gid', '=', gid).execute();
  return rows.map((r) => Number(r.id));
}

// Kysely queries of the problem capability; the only module here that touches the database.
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../platform/db/schema';
import { likePattern, type CounterColumn, type OjFilter } from './rules';
import type { ProblemCaseTable, ProblemTable } from './tables';
import type {
  CodeTemplateRow,
  LanguageRow,
  ProblemCaseRow,
  ProblemCountRow,
  ProblemRow,
  TagClassificationRow,
  TagRow,
} from './mappers';

type Db = Kysely<Database>;
export type ProblemInsert = Insertable<ProblemTable>;
export type ProblemUpdate = Updateable<ProblemTable>;
export type CaseInsert = Omit<Insertable<ProblemCaseTable>, 'pid' | 'seq'>;

// --- problems -----------------------------------------------------------------

export function findProblem(db: Db, pid: number): Promise<ProblemRow | undefined> {
  return db.selectFrom('problem').selectAll().where('id', '=', pid).executeTakeFirst();
}

export function findProblemByDisplayId(db: Db, problemId: string): Promise<ProblemRow | undefined> {
  return db.selectFrom('problem').selectAll().where('problem_id', '=', problemId).executeTakeFirst();
}

/**
 * What the judge reads for every submission, in one round trip: the problem's judging columns
 * (no statement texts), its language names and its active cases (each list unordered).
 */
export function findProblemForJudge(db: Db, pid: number) {
  return db
    .selectFrom('problem')
    .select([
      'id',
      'problem_id',
      'title',
      'type',
      'judge_mode',
      'judge_case_mode',
      'time_limit',
      'memory_limit',
      'stack_limit',
      'io_score',
      'difficulty',
      'spj_code',
      'spj_language',
      'user_extra_file',
      'judge_extra_file',
      'is_file_io',
      'io_read_file_name',
      'io_write_file_name',
      'is_remove_end_blank',
      'is_remote',
      'auth',
      'is_group',
      'gid',
      'code_share',
      'open_case_result',
      'case_version',
      'examples',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('problem_language')
          .innerJoin('language', 'language.id', 'problem_language.lid')
          .select(['language.id', 'language.name', 'language.seq'])
          .whereRef('problem_language.pid', '=', 'problem.id'),
      ).as('languages'),
      jsonArrayFrom(
        eb
          .selectFrom('problem_case')
          .select(['id', 'seq', 'input_hash', 'output_hash', 'score', 'group_num', 'visible'])
          .whereRef('problem_case.pid', '=', 'problem.id')
          .where('problem_case.status', '=', 0),
      ).as('cases'),
    ])
    .where('problem.id', '=', pid)
    .executeTakeFirst();
}

export async function pidOfDisplayId(db: Db, problemId: string): Promise<number | null> {
  const row = await db
    .selectFrom('problem')
    .select('id')
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function displayIdsTaken(db: Db, problemIds: readonly string[]): Promise<Set<string>> {
  if (problemIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('problem')
    .select('problem_id')
    .where('problem_id', 'in', problemIds)
    .execute();
  return new Set(rows.map((r) => r.problem_id));
}

export interface PublicListFilter {
  keyword?: string;
  difficulty?: number;
  oj: OjFilter;
  tagIds: number[];
  offset: number;
  size: number;
}

/** The columns of a public list row. */
export type PublicListRow = Pick<ProblemRow, 'id' | 'problem_id' | 'title' | 'difficulty' | 'type'>;

/**
 * Public (auth 1), non-group problems matching the filter, ordered by display id length then id,
 * with the number of matches counted in the same scan (a window count).
 */
export async function listPublicProblems(
  db: Db,
  f: PublicListFilter,
): Promise<{ rows: PublicListRow[]; total: number }> {
  let q = db.selectFrom('problem').where('auth', '=', 1).where('is_group', '=', false);
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    q = q.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('problem_id', 'ilike', pattern)]));
  }
  if (f.difficulty != null) q = q.where('difficulty', '=', f.difficulty);
  if (f.oj.kind === 'local') q = q.where('is_remote', '=', false);
  if (f.oj.kind === 'remote')
    q = q.where('is_remote', '=', true).where('problem_id', 'like', `${f.oj.prefix}-%`);
  if (f.tagIds.length > 0) {
    // Every tag must be present: one indexed EXISTS per tag (a grouped IN subquery was ~50x slower).
    for (const tid of new Set(f.tagIds)) {
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('problem_tag')
            .select('problem_tag.pid')
            .whereRef('problem_tag.pid', '=', 'problem.id')
            .where('problem_tag.tid', '=', tid),
        ),
      );
    }
  }
  const rows = await q
    .select(['id', 'problem_id', 'title', 'difficulty', 'type'])
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy(sql`length(problem_id)`)
    .orderBy('problem_id')
    .offset(f.offset)
    .limit(f.size)
    .execute();
  if (rows.length > 0) {
    const total = Number(rows[0]!.total);
    return { rows: rows.map(({ total: _t, ...row }) => row), total };
  }
  // A page past the end has no row to carry the count.
  if (f.offset === 0) return { rows: [], total: 0 };
  const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { rows: [], total: Number(total) };
}

export async function randomPublicDisplayId(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('problem')
    .select('problem_id')
    .where('auth', '=', 1)
    .where('is_group', '=', false)
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
  return row?.problem_id;
}

export interface AdminListFilter {
  keyword?: string;
  auth?: number;
  oj: OjFilter;
  offset: number;
  size: number;
}

/** Non-group problems for the back office, newest first. */
export async function listAdminProblems(
  db: Db,
  f: AdminListFilter,
): Promise<{ rows: ProblemRow[]; total: number }> {
  let q = db.selectFrom('problem').where('is_group', '=', false);
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('title', 'ilike', pattern),
        eb('author', 'ilike', pattern),
        eb('problem_id', 'ilike', pattern),
      ]),
    );
  }
  if (f.auth) q = q.where('auth', '=', f.auth);
  if (f.oj.kind === 'local') q = q.where('is_remote', '=', false);
  if (f.oj.kind === 'remote')
    q = q.where('is_remote', '=', true).where('problem_id', 'like', `${f.oj.prefix}-%`);
  const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('id', 'desc').offset(f.offset).limit(f.size).execute();
  return { rows, total: Number(total) };
}

/** Group problems under publication review (progress set), progress then gid ascending. */
export async function listGroupProblemsInReview(
  db: Db,
  f: { keyword?: string; gid?: number; offset: number; size: number },
): Promise<{ rows: ProblemRow[]; total: number }> {
  let q = db
    .selectFrom('problem')
    .where('is_group', '=', true)
    .where('apply_public_progress', 'is not', null);
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('title', 'ilike', pattern),
        eb('author', 'ilike', pattern),
        eb('problem_id', 'ilike', pattern),
      ]),
    );
  }
  if (f.gid != null) q = q.where('gid', '=', f.gid);
  const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('apply_public_progress')
    .orderBy('gid')
    .orderBy('id')
    .offset(f.offset)
    .limit(f.size)
    .execute();
  return { rows, total: Number(total) };
}

export async function summariesOf(
  db: Db,
  pids: readonly number[],
): Promise<{ id: number; problem_id: string; title: string; difficulty: number }[]> {
  if (pids.length === 0) return [];
  return db
    .selectFrom('problem')
    .select(['id', 'problem_id', 'title', 'difficulty'])
    .where('id', 'in', pids)
    .execute();
}

export async function insertProblem(db: Db, values: ProblemInsert): Promise<ProblemRow> {
  const row = await db.insertInto('problem').values(values).returningAll().executeTakeFirstOrThrow();
  await db.insertInto('problem_count').values({ pid: row.id }).execute();
  return row;
}

export async function updateProblem(db: Db, pid: number, values: ProblemUpdate): Promise<void> {
  await db
    .updateTable('problem')
    .set({ ...values, gmt_modified: new Date() })
    .where('id', '=', pid)
    .execute();
}

export async function deleteProblem(db: Db, pid: number): Promise<boolean> {
  const r = await db.deleteFrom('problem').where('id', '=', pid).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// --- counters -------------------------------------------------------------------

export async function countsOf(db: Db, pids: readonly number[]): Promise<Map<number, ProblemCountRow>> {
  if (pids.length === 0) return new Map();
  const rows = await db.selectFrom('problem_count').selectAll().where('pid', 'in', pids).execute();
  return new Map(rows.map((r) => [r.pid, r]));
}

/**
 * total += addTotal, from -= 1, to += 1 (columns may be null) in one UPDATE, so concurrent
 * verdicts never lose a count; the counter row is created first if it is missing.
 */
export async function bumpCounters(
  db: Db,
  pid: number,
  addTotal: number,
  from: CounterColumn | null,
  to: CounterColumn | null,
): Promise<void> {
  if (addTotal === 0 && from === to) return;
  const delta = new Map<CounterColumn, number>();
  if (from) delta.set(from, (delta.get(from) ?? 0) - 1);
  if (to) delta.set(to, (delta.get(to) ?? 0) + 1);
  const set: Record<string, unknown> = {};
  if (addTotal) set.total = sql`greatest(total + ${addTotal}, 0)`;
  for (const [col, d] of delta) if (d) set[col] = sql`greatest(${sql.ref(col)} + ${d}, 0)`;
  if (Object.keys(set).length === 0) return;
  // A deleted problem has no counters to move (a rejudge of its submissions must not fail).
  await sql`insert into problem_count (pid) select id from problem where id = ${pid}
    on conflict (pid) do nothing`.execute(db);
  await db.updateTable('problem_count').set(set).where('pid', '=', pid).execute();
}

// --- tags -----------------------------------------------------------------------

export async function tagsOfProblems(db: Db, pids: readonly number[]): Promise<Map<number, TagRow[]>> {
  const out = new Map<number, TagRow[]>();
  if (pids.length === 0) return out;
  const rows = await db
    .selectFrom('problem_tag')
    .innerJoin('tag', 'tag.id', 'problem_tag.tid')
    .selectAll('tag')
    .select('problem_tag.pid as link_pid')
    .where('problem_tag.pid', 'in', pids)
    .orderBy('tag.id')
    .execute();
  for (const { link_pid, ...tag } of rows) {
    const list = out.get(link_pid) ?? [];
    list.push(tag);
    out.set(link_pid, list);
  }
  return out;
}

/** Non-group tags of an OJ (`ALL` = every OJ). */
export function listTags(db: Db, oj: string): Promise<TagRow[]> {
  let q = db.selectFrom('tag').selectAll().where('gid', 'is', null);
  if (oj !== 'ALL') q = q.where('oj', '=', oj);
  return q.orderBy('id').execute();
}

export function findTag(db: Db, id: number): Promise<TagRow | undefined> {
  return db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTagByName(
  db: Db,
  name: string,
  oj: string,
  gid: number | null | undefined,
): Promise<TagRow | undefined> {
  let q = db.selectFrom('tag').selectAll().where('name', '=', name).where('oj', '=', oj);
  if (gid != null) q = q.where('gid', '=', gid);
  return q.executeTakeFirst();
}

/** ME tags matched by name case-insensitively (imports). */
export function findLocalTagsByNames(db: Db, names: readonly string[]): Promise<TagRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tag')
    .selectAll()
    .where('oj', '=', 'ME')
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .orderBy('id')
    .execute();
}

export function insertTag(
  db: Db,
  t: { name: string; color?: string | null; oj: string; gid?: number | null; tcid?: number | null },
): Promise<TagRow> {
  return db
    .insertInto('tag')
    .values({ name: t.name, color: t.color ?? null, oj: t.oj, gid: t.gid ?? null, tcid: t.tcid ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTag(
  db: Db,
  id: number,
  t: { name?: string; color?: string | null; oj?: string; gid?: number | null; tcid: number | null },
): Promise<boolean> {
  const r = await db
    .updateTable('tag')
    .set({ ...t, gmt_modified: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteTag(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('tag').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function setProblemTags(db: Db, pid: number, tids: readonly number[]): Promise<void> {
  await db.deleteFrom('problem_tag').where('pid', '=', pid).execute();
  const unique = [...new Set(tids)];
  if (unique.length)
    await db
      .insertInto('problem_tag')
      .values(unique.map((tid) => ({ pid, tid })))
      .execute();
}

export function listClassifications(db: Db, oj: string): Promise<TagClassificationRow[]> {
  let q = db.selectFrom('tag_classification').selectAll();
  if (oj !== 'ALL') q = q.where('oj', '=', oj);
  return q.orderBy('rank').orderBy('id').execute();
}

export async function classificationExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('tag_classification').select('id').where('id', '=', id).executeTakeFirst();
  return !!row;
}

export function findClassificationByName(db: Db, name: string, oj: string) {
  return db
    .selectFrom('tag_classification')
    .selectAll()
    .where('name', '=', name)
    .where('oj', '=', oj)
    .executeTakeFirst();
}

export function insertClassification(db: Db, c: { name: string; oj: string; rank: number }) {
  return db.insertInto('tag_classification').values(c).returningAll().executeTakeFirstOrThrow();
}

export async function updateClassification(
  db: Db,
  id: number,
  c: { name?: string; oj?: string; rank?: number },
): Promise<boolean> {
  const r = await db
    .updateTable('tag_classification')
    .set({ ...c, gmt_modified: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteClassification(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('tag_classification').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// --- languages and templates ------------------------------------------------------

/** Languages sorted by seq desc then id; `oj` null = every OJ. */
export function listLanguages(db: Db, oj: string | null): Promise<LanguageRow[]> {
  let q = db.selectFrom('language').selectAll();
  if (oj) q = q.where('oj', '=', oj);
  return q.orderBy('seq', 'desc').orderBy('id').execute();
}

export function problemLanguages(db: Db, pid: number): Promise<LanguageRow[]> {
  return db
    .selectFrom('problem_language')
    .innerJoin('language', 'language.id', 'problem_language.lid')
    .selectAll('language')
    .where('problem_language.pid', '=', pid)
    .orderBy('language.seq', 'desc')
    .orderBy('language.id')
    .execute();
}

export async function setProblemLanguages(db: Db, pid: number, lids: readonly number[]): Promise<void> {
  await db.deleteFrom('problem_language').where('pid', '=', pid).execute();
  const unique = [...new Set(lids)];
  if (unique.length)
    await db
      .insertInto('problem_language')
      .values(unique.map((lid) => ({ pid, lid })))
      .execute();
}

export async function existingLanguageIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('language').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export function codeTemplates(db: Db, pid: number): Promise<CodeTemplateRow[]> {
  return db.selectFrom('code_template').selectAll().where('pid', '=', pid).orderBy('id').execute();
}

/** Enabled templates with their language names. */
export function enabledTemplates(db: Db, pid: number): Promise<{ name: string; code: string }[]> {
  return db
    .selectFrom('code_template')
    .innerJoin('language', 'language.id', 'code_template.lid')
    .select(['language.name', 'code_template.code'])
    .where('code_template.pid', '=', pid)
    .where('code_template.status', '=', true)
    .orderBy('code_template.id')
    .execute();
}

export async function replaceCodeTemplates(
  db: Db,
  pid: number,
  templates: readonly { lid: number; code: string; status: boolean }[],
): Promise<void> {
  await db.deleteFrom('code_template').where('pid', '=', pid).execute();
  if (templates.length)
    await db
      .insertInto('code_template')
      .values(templates.map((t) => ({ pid, lid: t.lid, code: t.code, status: t.status })))
      .execute();
}

// --- test cases -------------------------------------------------------------------

export function problemCases(db: Db, pid: number): Promise<ProblemCaseRow[]> {
  return db
    .selectFrom('problem_case')
    .selectAll()
    .where('pid', '=', pid)
    .where('status', '=', 0)
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

export async function replaceCases(db: Db, pid: number, cases: readonly CaseInsert[]): Promise<void> {
  await db.deleteFrom('problem_case').where('pid', '=', pid).execute();
  if (cases.length)
    await db
      .insertInto('problem_case')
      .values(cases.map((c, i) => ({ ...c, pid, seq: i + 1 })))
      .execute();
}

// --- copies -------------------------------------------------------------------

/**
 * A copy of a problem under a new display id, in one transaction: statement, limits, checker,
 * tags, languages, templates and test cases (the blobs are shared: content-addressed). Not a
 * group problem; `author`, `auth` and `problemId` as given. Null when the problem is gone.
 */
export async function copyProblem(
  db: Db,
  pid: number,
  o: { problemId: string; author: string; auth: number },
): Promise<ProblemRow | null> {
  return db.transaction().execute(async (tx) => {
    const src = await findProblem(tx, pid);
    if (!src) return null;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { id, gmt_create, gmt_modified, ...fields } = src;
    const row = await insertProblem(tx, {
      ...fields,
      problem_id: o.problemId,
      author: o.author,
      auth: o.auth,
      is_group: false,
      gid: null,
      apply_public_progress: null,
      modified_user: o.author,
    });
    const tags = await tx.selectFrom('problem_tag').select('tid').where('pid', '=', pid).execute();
    if (tags.length)
      await tx
        .insertInto('problem_tag')
        .values(tags.map((t) => ({ pid: row.id, tid: t.tid })))
        .execute();
    const langs = await tx.selectFrom('problem_language').select('lid').where('pid', '=', pid).execute();
    if (langs.length)
      await tx
        .insertInto('problem_language')
        .values(langs.map((l) => ({ pid: row.id, lid: l.lid })))
        .execute();
    const templates = await codeTemplates(tx, pid);
    await replaceCodeTemplates(tx, row.id, templates);
    const cases = await problemCases(tx, pid);
    await replaceCases(
      tx,
      row.id,
      cases.map((c) => ({
        input: c.input,
        output: c.output,
        input_hash: c.input_hash,
        output_hash: c.output_hash,
        score: c.score,
        group_num: c.group_num,
      })),
    );
    return row;
  });
}

// --- test data uploads: claims, quotas, collection (migration 0020) -------------------------

/** Serialises claims and collection of one blob (also across processes on PostgreSQL). */
const lockBlob = (db: Db, hash: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`blob:${hash}`}, 0))`.execute(db);

/**
 * Claims a blob for an upload before it is put in the store: the row (new, or its claim time
 * moved to now) keeps the collector away from the blob for the grace period. Under the blob's
 * lock, so a collection of that blob either ended before (the blob is put anew) or sees this claim.
 */
export async function claimUploadBlob(
  db: Db,
  c: { hash: string; uid: string; gid: number | null; bytes: number },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lockBlob(tx, c.hash);
    await tx
      .insertInto('testcase_upload')
      .values({ hash: c.hash, uid: c.uid, gid: c.gid ?? 0, bytes: c.bytes, gmt_claim: new Date() })
      .onConflict((oc) => oc.columns(['hash', 'uid', 'gid']).doUpdateSet({ gmt_claim: new Date() }))
      .execute();
  });
}

/** Bytes of test data an uploader (or a group: `gid`) holds, each blob counted once. */
export async function uploadedBytes(db: Db, who: { uid: string } | { gid: number }): Promise<number> {
  let q = db.selectFrom('testcase_upload');
  q = 'uid' in who ? q.where('uid', '=', who.uid) : q.where('gid', '=', who.gid);
  const r = await q.select(sql<string>`coalesce(sum(bytes), 0)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Other tables that may hold the same bytes by hash (an avatar, a markdown upload, a carousel
 * image, a group avatar): a blob named there is never collected. Only the tables that exist.
 */
async function otherBlobReferences(db: Db): Promise<((hash: string) => ReturnType<typeof sql>)[]> {
  const present = await sql<{ t: string }>`
    select t from unnest(array['account_avatar', 'md_file', 'site_carousel', 'group']) as t
    where to_regclass('public.' || quote_ident(t)) is not null`.execute(db);
  const have = new Set(present.rows.map((r) => r.t));
  const refs: ((hash: string) => ReturnType<typeof sql>)[] = [];
  if (have.has('account_avatar'))
    refs.push((h) => sql`exists (select 1 from account_avatar where blob_key = ${h})`);
  if (have.has('md_file')) refs.push((h) => sql`exists (select 1 from md_file where blob_key = ${h})`);
  if (have.has('site_carousel'))
    refs.push((h) => sql`exists (select 1 from site_carousel where hash = ${h})`);
  if (have.has('group'))
    refs.push((h) => sql`exists (select 1 from "group" where strpos(coalesce(avatar, ''), ${h}) > 0)`);
  return refs;
}

/** Blobs of uploads whose newest claim is older than `cutoff` and that no problem case names. */
export async function collectableUploadBlobs(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('testcase_upload as u')
    .select('u.hash')
    .groupBy('u.hash')
    .having(sql<boolean>`max(u.gmt_claim) < ${cutoff}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('problem_case as c')
            .select('c.id')
            .where((eb) =>
              eb.or([eb('c.input_hash', '=', eb.ref('u.hash')), eb('c.output_hash', '=', eb.ref('u.hash'))]),
            ),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.hash);
}

/**
 * Collects one blob under its lock: when it is still unclaimed since `cutoff`, named by no
 * problem case (nor by another table), its rows go and `remove` deletes the bytes (inside the
 * transaction: a failure keeps the rows, so the next run tries again). True when collected.
 */
export async function collectUploadBlob(
  db: Db,
  hash: string,
  cutoff: Date,
  remove: () => Promise<void>,
): Promise<boolean> {
  const refs = await otherBlobReferences(db);
  return db.transaction().execute(async (tx) => {
    await lockBlob(tx, hash);
    const fresh = await tx
      .selectFrom('testcase_upload')
      .select('hash')
      .where('hash', '=', hash)
      .where('gmt_claim', '>=', cutoff)
      .executeTakeFirst();
    if (fresh) return false;
    const used = await tx
      .selectFrom('problem_case')
      .select('id')
      .where((eb) => eb.or([eb('input_hash', '=', hash), eb('output_hash', '=', hash)]))
      .executeTakeFirst();
    if (used) return false;
    for (const ref of refs) {
      const r = await sql<{ x: boolean }>`select ${ref(hash)} as x`.execute(tx);
      if (r.rows[0]?.x) {
        // the bytes stay for their other owner; the upload no longer holds them
        await tx.deleteFrom('testcase_upload').where('hash', '=', hash).execute();
        return false;
      }
    }
    await tx.deleteFrom('testcase_upload').where('hash', '=', hash).execute();
    await remove();
    return true;
  });
}

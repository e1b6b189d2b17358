// Every query of the site capability.
import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonb } from '../platform/db/json';
import type {
  AnnouncementTable,
  LanguageTable,
  SiteCarouselTable,
  SiteTables,
  SiteToolTable,
} from './tables';

export type SiteDb = Kysely<SiteTables>;
export type ToolRow = Selectable<SiteToolTable>;
export type AnnouncementRow = Selectable<AnnouncementTable>;
export type CarouselRow = Selectable<SiteCarouselTable>;
export type LanguageRow = Selectable<LanguageTable>;

// --- settings --------------------------------------------------------------

export async function readSettings(db: SiteDb): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('site_setting').select(['name', 'value']).execute();
  return new Map(rows.map((r) => [r.name, r.value]));
}

/** Upserts the given settings in one transaction. */
export async function writeSettings(db: SiteDb, settings: ReadonlyMap<string, unknown>): Promise<void> {
  if (settings.size === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [name, value] of settings) {
      await trx
        .insertInto('site_setting')
        .values({ name, value: jsonb(value) })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: jsonb(value), gmt_modified: sql`now()` }))
        .execute();
    }
  });
}

/** Inserts settings that are not stored yet; stored ones (admin edits) win. */
export async function insertSettingsIfAbsent(
  db: SiteDb,
  settings: ReadonlyMap<string, unknown>,
): Promise<void> {
  if (settings.size === 0) return;
  await db
    .insertInto('site_setting')
    .values([...settings].map(([name, value]) => ({ name, value: jsonb(value) })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

// --- tools -----------------------------------------------------------------

export function listTools(db: SiteDb): Promise<ToolRow[]> {
  return db.selectFrom('site_tool').selectAll().orderBy('seq', 'desc').orderBy('id', 'asc').execute();
}

export function insertTool(db: SiteDb, tool: { name: string; url: string; seq: number }): Promise<ToolRow> {
  return db.insertInto('site_tool').values(tool).returningAll().executeTakeFirstOrThrow();
}

export function updateTool(
  db: SiteDb,
  id: number,
  tool: { name: string; url: string; seq?: number },
): Promise<ToolRow | undefined> {
  return db
    .updateTable('site_tool')
    .set({ ...tool, gmt_modified: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTool(db: SiteDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('site_tool').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// --- site announcements (gid null) ------------------------------------------

export async function pageSiteAnnouncements(
  db: SiteDb,
  opts: { onlyVisible: boolean; offset: number; size: number },
): Promise<{ records: AnnouncementRow[]; total: number }> {
  let base = db.selectFrom('announcement').where('gid', 'is', null);
  if (opts.onlyVisible) base = base.where('status', '=', 0);
  const [records, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('gmt_create', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.size)
      .offset(opts.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

export function insertAnnouncement(
  db: SiteDb,
  a: { title: string; content: string; status: number; uid: string; username: string | null },
): Promise<AnnouncementRow> {
  return db
    .insertInto('announcement')
    .values({ ...a, gid: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSiteAnnouncement(
  db: SiteDb,
  id: number,
  a: { title: string; content: string; status?: number },
): Promise<AnnouncementRow | undefined> {
  return db
    .updateTable('announcement')
    .set({ ...a, gmt_modified: new Date() })
    .where('id', '=', id)
    .where('gid', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSiteAnnouncement(db: SiteDb, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('announcement')
    .where('id', '=', id)
    .where('gid', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// --- carousel --------------------------------------------------------------

export function listCarousel(db: SiteDb): Promise<CarouselRow[]> {
  return db.selectFrom('site_carousel').selectAll().orderBy('id', 'asc').execute();
}

export function insertCarousel(
  db: SiteDb,
  row: { hash: string; ext: string; size: number; uid: string },
): Promise<CarouselRow> {
  return db.insertInto('site_carousel').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findCarouselFile(db: SiteDb, hash: string, ext: string): Promise<CarouselRow | undefined> {
  return db
    .selectFrom('site_carousel')
    .selectAll()
    .where('hash', '=', hash)
    .where('ext', '=', ext)
    .limit(1)
    .executeTakeFirst();
}

export async function deleteCarousel(db: SiteDb, id: number): Promise<CarouselRow | undefined> {
  return db.deleteFrom('site_carousel').where('id', '=', id).returningAll().executeTakeFirst();
}

// --- seed ------------------------------------------------------------------

export async function insertLanguagesIfAbsent(
  db: SiteDb,
  rows: {
    name: string;
    description: string;
    content_type: string;
    compile_command: string | null;
    template: string | null;
    code_template: string | null;
    is_spj: boolean;
    oj: string;
    seq: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('language')
    .values(rows)
    .onConflict((oc) => oc.columns(['oj', 'name']).doNothing())
    .execute();
}

/**
 * Runs `step` once across every process: the marker insert and the step share a
 * transaction, so a racing process waits on the marker and then skips.
 */
export async function runSeedOnce(
  db: SiteDb,
  name: string,
  step: (trx: SiteDb) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('site_seed')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!claimed) return false;
    await step(trx);
    return true;
  });
}

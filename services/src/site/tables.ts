// Kysely table types of the site capability (migration 0002_site).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type ModifiedAt = ColumnType<Date, Date | undefined, Date>;

/** One website-config or switch field per row, so partial updates never overwrite each other. */
export interface SiteSettingTable {
  /** `<group>.<field>`, e.g. `web.name`, `switch.openPublicDiscussion`. */
  name: string;
  /** Any JSON value; write it through `jsonb()`. */
  value: ColumnType<unknown, unknown, unknown>;
  gmt_modified: ModifiedAt;
}

export interface SiteToolTable {
  id: Generated<number>;
  name: string;
  url: string;
  seq: ColumnType<number, number | undefined, number>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

/** Site announcements (gid null) and group announcements (gid set); contest ones live elsewhere. */
export interface AnnouncementTable {
  id: Generated<number>;
  title: string;
  content: string;
  uid: string;
  /** The author's username when written (denormalised: the account tables belong to another capability). */
  username: string | null;
  /** 0 shown, 1 hidden. */
  status: ColumnType<number, number | undefined, number>;
  gid: number | null;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

/** Home carousel images; the bytes are a blob in ctx.blobs. */
export interface SiteCarouselTable {
  id: Generated<number>;
  /** sha256 of the bytes in the blob store. */
  hash: string;
  /** Lower-case file extension, decides the served Content-Type. */
  ext: string;
  size: number;
  uid: string;
  gmt_create: CreatedAt;
}

export interface LanguageTable {
  id: Generated<number>;
  content_type: string;
  description: string;
  name: string;
  compile_command: string | null;
  template: string | null;
  code_template: string | null;
  is_spj: ColumnType<boolean, boolean | undefined, boolean>;
  oj: ColumnType<string, string | undefined, string>;
  seq: ColumnType<number, number | undefined, number>;
  gmt_create: CreatedAt;
  gmt_modified: ModifiedAt;
}

/** Seed steps already done, so a seed that is not naturally keyed runs once across processes. */
export interface SiteSeedTable {
  name: string;
  gmt_create: CreatedAt;
}

export interface SiteTables {
  site_setting: SiteSettingTable;
  site_tool: SiteToolTable;
  announcement: AnnouncementTable;
  site_carousel: SiteCarouselTable;
  language: LanguageTable;
  site_seed: SiteSeedTable;
}

// The rules of the site capability and the in-process cache of website config and
// switches. Other capabilities read switches through here (siteServiceFor(ctx)).
import { makePage, Subjects, toDateStr, type Page } from '@oj/protocol';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import type {
  AnnouncementCreate,
  AnnouncementUpdate,
  AnnouncementVO,
  CarouselImage,
  SiteConfigChanged,
  SwitchConfig,
  SwitchFlag,
  SwitchConfigUpdate,
  Tool,
  ToolCreate,
  ToolUpdate,
  WebConfig,
  WebConfigUpdate,
  WebsiteConfig,
} from '@oj/protocol/site/schemas';
import { denied, fail, forbidden } from '../platform/http/errors';
import * as repo from './repository';
import { CAROUSEL_TYPES, carouselUrl, pageArgs, parseCarouselFile } from './rules';
import { readSwitches, readWebConfig, switchChanges, webConfigChanges, websiteConfig } from './settings';

/** The part of the blob store this capability uses (content-addressed: put returns the sha256). */
export interface SiteBlobs {
  put(data: Buffer): Promise<string>;
  get(hash: string): Promise<Uint8Array | null | undefined>;
}

export interface SiteServiceDeps {
  db: repo.SiteDb;
  bus: Bus;
  blobs: SiteBlobs;
  /** Public URL of the site, the baseUrl when none is configured. */
  baseUrl: string;
  /** SMTP account username shown as the site e-mail, null when mail is off. */
  smtpUsername: string | null;
  log?: { warn(obj: object, msg?: string): void };
  /** Safety net when a change event is lost: cached settings are re-read after this long. */
  cacheTtlMs?: number;
}

export interface Author {
  uid: string;
  username: string;
}

const DEFAULT_CACHE_TTL_MS = 60_000;

const date = (d: Date) => toDateStr(d)!;

function toTool(row: repo.ToolRow): Tool {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    seq: row.seq,
    gmtCreate: date(row.gmt_create),
    gmtModified: date(row.gmt_modified),
  };
}

function toAnnouncementVO(row: repo.AnnouncementRow): AnnouncementVO {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    uid: row.uid,
    username: row.username,
    status: row.status,
    gmtCreate: date(row.gmt_create),
    gmtModified: date(row.gmt_modified),
  };
}

const toCarouselImage = (row: repo.CarouselRow): CarouselImage => ({
  id: row.id,
  url: carouselUrl(row.hash.trim(), row.ext),
});

export class SiteService {
  readonly #deps: SiteServiceDeps;
  readonly #ttl: number;
  #cache: { rows: ReadonlyMap<string, unknown>; at: number } | null = null;
  #loading: { generation: number; promise: Promise<ReadonlyMap<string, unknown>> } | null = null;
  /** Bumped on every invalidation, so a read that started before it never refills the cache. */
  #generation = 0;
  #unsubscribe: Unsubscribe | null = null;
  /** How many times settings were read from the database (tests observe the cache through it). */
  settingsLoads = 0;

  constructor(deps: SiteServiceDeps) {
    this.#deps = deps;
    this.#ttl = deps.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  }

  /** Listens for changes made by any process. */
  async start(): Promise<void> {
    if (this.#unsubscribe) return;
    this.#unsubscribe = await this.#deps.bus.subscribe<SiteConfigChanged>(Subjects.siteConfigChanged, () =>
      this.invalidate(),
    );
  }

  async stop(): Promise<void> {
    const unsubscribe = this.#unsubscribe;
    this.#unsubscribe = null;
    await unsubscribe?.();
  }

  /** Drops the cached website config and switches. */
  invalidate(): void {
    this.#generation++;
    this.#cache = null;
    this.#loading = null;
  }

  async #settings(): Promise<ReadonlyMap<string, unknown>> {
    const cached = this.#cache;
    if (cached && Date.now() - cached.at < this.#ttl) return cached.rows;
    const generation = this.#generation;
    if (this.#loading?.generation === generation) return this.#loading.promise;
    const promise = (async () => {
      this.settingsLoads++;
      const rows = await repo.readSettings(this.#deps.db);
      if (generation === this.#generation) this.#cache = { rows, at: Date.now() };
      return rows;
    })();
    this.#loading = { generation, promise };
    try {
      return await promise;
    } finally {
      if (this.#loading?.promise === promise) this.#loading = null;
    }
  }

  async #changed(groups: SiteConfigChanged['groups']): Promise<void> {
    this.invalidate();
    try {
      await this.#deps.bus.publish(Subjects.siteConfigChanged, { groups } satisfies SiteConfigChanged);
    } catch (err) {
      // The change is stored; other processes catch up when their cache expires.
      this.#deps.log?.warn({ err }, 'could not publish site config change');
    }
  }

  // --- website config and switches ------------------------------------------

  async webConfig(): Promise<WebConfig> {
    return readWebConfig(await this.#settings(), this.#deps.baseUrl);
  }

  async switches(): Promise<SwitchConfig> {
    return readSwitches(await this.#settings());
  }

  async websiteConfig(): Promise<WebsiteConfig> {
    const rows = await this.#settings();
    return websiteConfig(
      readWebConfig(rows, this.#deps.baseUrl),
      readSwitches(rows),
      this.#deps.smtpUsername,
    );
  }

  /**
   * Refuses the request when a feature switch is off. 'http' answers like the
   * reference's switch interceptor (HTTP 403, envelope 403); 'body' is an envelope
   * 403 inside HTTP 200, as the comment and reply endpoints do.
   */
  async requireSwitch(flag: SwitchFlag, msg: string, where: 'http' | 'body' = 'http'): Promise<void> {
    if ((await this.switches())[flag]) return;
    throw where === 'http' ? forbidden(msg) : denied(msg);
  }

  async isRegisterOpen(): Promise<boolean> {
    return (await this.webConfig()).register;
  }

  async updateWebConfig(update: WebConfigUpdate): Promise<void> {
    const { rows, problem } = webConfigChanges(update);
    if (problem) throw fail(problem);
    if (rows.size === 0) return;
    await repo.writeSettings(this.#deps.db, rows);
    await this.#changed(['web']);
  }

  async updateSwitches(update: SwitchConfigUpdate): Promise<void> {
    // Diff against the stored values, not the cache, which may be a little old.
    const current = readSwitches(await repo.readSettings(this.#deps.db));
    const { rows, problem } = switchChanges(update, current);
    if (problem) throw fail(problem);
    if (rows.size === 0) return;
    await repo.writeSettings(this.#deps.db, rows);
    await this.#changed(['switch']);
  }

  // --- tools ------------------------------------------------------------------

  async tools(): Promise<Tool[]> {
    return (await repo.listTools(this.#deps.db)).map(toTool);
  }

  async addTool(input: ToolCreate): Promise<Tool> {
    const row = await repo.insertTool(this.#deps.db, {
      name: input.name.trim(),
      url: input.url.trim(),
      seq: input.seq ?? 0,
    });
    return toTool(row);
  }

  async updateTool(input: ToolUpdate): Promise<Tool> {
    const row = await repo.updateTool(this.#deps.db, input.id, {
      name: input.name.trim(),
      url: input.url.trim(),
      ...(input.seq === undefined ? {} : { seq: input.seq }),
    });
    if (!row) throw fail('修改失败，该工具不存在！');
    return toTool(row);
  }

  async deleteTool(id: number): Promise<void> {
    if (!(await repo.deleteTool(this.#deps.db, id))) throw fail('删除失败，该工具不存在！');
  }

  // --- site announcements -------------------------------------------------------

  /** Site announcements, newest first; the home page sees only visible ones. */
  async announcements(
    query: { currentPage?: number; limit?: number },
    opts: { onlyVisible: boolean },
  ): Promise<Page<AnnouncementVO>> {
    const { current, size, offset } = pageArgs(query.currentPage, query.limit, 10);
    const { records, total } = await repo.pageSiteAnnouncements(this.#deps.db, {
      onlyVisible: opts.onlyVisible,
      offset,
      size,
    });
    return makePage(records.map(toAnnouncementVO), total, size, current);
  }

  async addAnnouncement(input: AnnouncementCreate, author: Author): Promise<AnnouncementVO> {
    const row = await repo.insertAnnouncement(this.#deps.db, {
      title: input.title.trim(),
      content: input.content,
      status: input.status ?? 0,
      uid: author.uid,
      username: author.username,
    });
    return toAnnouncementVO(row);
  }

  /** Save-or-update as the reference does: without an id it creates; an absent status means 0. */
  async saveAnnouncement(input: AnnouncementUpdate, author: Author): Promise<AnnouncementVO> {
    if (input.id == null) return this.addAnnouncement(input, author);
    const row = await repo.updateSiteAnnouncement(this.#deps.db, input.id, {
      title: input.title.trim(),
      content: input.content,
      status: input.status ?? 0,
    });
    if (!row) throw fail('修改失败');
    return toAnnouncementVO(row);
  }

  async deleteAnnouncement(id: number): Promise<void> {
    if (!(await repo.deleteSiteAnnouncement(this.#deps.db, id))) throw fail('删除失败');
  }

  // --- home carousel --------------------------------------------------------------

  async carousel(): Promise<CarouselImage[]> {
    return (await repo.listCarousel(this.#deps.db)).map(toCarouselImage);
  }

  async addCarouselImage(bytes: Buffer, ext: string, uid: string): Promise<CarouselImage> {
    let hash: string;
    try {
      hash = await this.#deps.blobs.put(bytes);
    } catch (err) {
      this.#deps.log?.warn({ err }, 'carousel image could not be stored');
      throw fail('服务器异常：图片上传失败！', 500);
    }
    const row = await repo.insertCarousel(this.#deps.db, { hash, ext, size: bytes.length, uid });
    return toCarouselImage(row);
  }

  /** Removes the image from the carousel; the blob stays (content-addressed blobs may be shared). */
  async deleteCarouselImage(id: number): Promise<void> {
    if (!(await repo.deleteCarousel(this.#deps.db, id))) throw fail('文件id错误，图片不存在');
  }

  /** Bytes and type of a carousel image by its public file name, or null when it is not a carousel image. */
  async carouselFile(file: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const parsed = parseCarouselFile(file);
    if (!parsed) return null;
    const row = await repo.findCarouselFile(this.#deps.db, parsed.hash, parsed.ext);
    if (!row) return null;
    const bytes = await this.#deps.blobs.get(parsed.hash);
    if (!bytes) return null;
    return { bytes, contentType: CAROUSEL_TYPES[parsed.ext]! };
  }
}

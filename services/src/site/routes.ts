// HTTP shape of the site capability: paths, access levels and schemas of the
// reference (core.md §4, groups-admin-files.md §4.3–4.5, §6 upload-carouse-img).
// Request and answer schemas are the route table's (protocol/src/site/operations.ts).
import { Type } from '@sinclair/typebox';
import { siteOperations as O } from '@oj/protocol/site/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok, okEmpty } from '../platform/http/envelope';
import { fail, Messages } from '../platform/http/errors';
import { CAROUSEL_MAX_BYTES, carouselExtension } from './rules';
import { maskedSwitches } from './settings';
import type { SiteService } from './service';
import { readUpload } from '../platform/http/upload';

const anonymous = { access: 'anonymous' } as const;
const root = { access: 'login', roles: ['root'] } as const;
const systemInfoAdmin = { access: 'login', permissions: ['system_info_admin'] } as const;
const announcementAdmin = { access: 'login', permissions: ['announcement_admin'] } as const;

export function registerSiteRoutes(app: App, site: SiteService): void {
  // --- public ---------------------------------------------------------------
  app.get(
    '/api/get-website-config',
    { config: anonymous, schema: routeSchema(O['GET /api/get-website-config']) },
    async () => ok(await site.websiteConfig()),
  );

  app.get('/api/tools', { config: anonymous, schema: routeSchema(O['GET /api/tools']) }, async () =>
    ok(await site.tools()),
  );

  app.get(
    '/api/home-carousel',
    { config: anonymous, schema: routeSchema(O['GET /api/home-carousel']) },
    async () => ok(await site.carousel()),
  );

  app.get(
    '/api/get-common-announcement',
    {
      config: anonymous,
      schema: routeSchema(O['GET /api/get-common-announcement']),
    },
    async (req) => ok(await site.announcements(req.query, { onlyVisible: true })),
  );

  app.get(
    '/api/public/img/carousel/:file',
    { config: anonymous, schema: { hide: true, params: Type.Object({ file: Type.String() }) } },
    async (req, reply) => {
      const found = await site.carouselFile(req.params.file);
      if (!found) return reply.code(404).send({ status: 404, msg: Messages.NOT_FOUND_PATH, data: null });
      return (
        reply
          .type(found.contentType)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          // An uploaded SVG opened directly must not run scripts on this origin.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(Buffer.from(found.bytes))
      );
    },
  );

  // --- website config and switches -----------------------------------------
  app.route({
    method: ['GET', 'POST'],
    url: '/api/admin/config/get-web-config',
    config: systemInfoAdmin,
    schema: routeSchema(O['GET /api/admin/config/get-web-config']),
    handler: async () => ok(await site.webConfig()),
  });

  app.put(
    '/api/admin/config/set-web-config',
    { config: systemInfoAdmin, schema: routeSchema(O['PUT /api/admin/config/set-web-config']) },
    async (req) => {
      await site.updateWebConfig(req.body);
      return okEmpty();
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/admin/switch/info',
    config: systemInfoAdmin,
    schema: routeSchema(O['GET /api/admin/switch/info']),
    // The remote-judge passwords never leave the server (compat X31).
    handler: async () => ok(maskedSwitches(await site.switches())),
  });

  app.put(
    '/api/admin/switch/update',
    { config: systemInfoAdmin, schema: routeSchema(O['PUT /api/admin/switch/update']) },
    async (req) => {
      await site.updateSwitches(req.body);
      return okEmpty();
    },
  );

  // --- home carousel ----------------------------------------------------------
  app.post(
    '/api/file/upload-carouse-img',
    { config: root, schema: routeSchema(O['POST /api/file/upload-carouse-img']) },
    async (req) => {
      // Streamed with its limit; a malformed body or a nameless part is a 400, not a 500.
      const file = await readUpload(req, { maxBytes: CAROUSEL_MAX_BYTES, fields: ['file'] });
      if (!file) throw fail('上传的图片文件不能为空！');
      const ext = carouselExtension(file.filename);
      if (!ext) throw fail('请选择jpg,jpeg,gif,png,webp,jfif,svg格式的头像图片！');
      if (file.truncated) throw fail(`上传的图片文件大小不能大于${CAROUSEL_MAX_BYTES / 1024 / 1024}M！`);
      const bytes = file.bytes;
      if (bytes.length === 0) throw fail('上传的图片文件不能为空！');
      return ok(await site.addCarouselImage(bytes, ext, req.user!.uid));
    },
  );

  app.delete(
    '/api/admin/config/home-carousel',
    { config: systemInfoAdmin, schema: routeSchema(O['DELETE /api/admin/config/home-carousel']) },
    async (req) => {
      await site.deleteCarouselImage(req.query.id);
      return okEmpty();
    },
  );

  // --- site announcements -------------------------------------------------------
  app.get(
    '/api/admin/announcement',
    {
      config: announcementAdmin,
      schema: routeSchema(O['GET /api/admin/announcement']),
    },
    async (req) => ok(await site.announcements(req.query, { onlyVisible: false })),
  );

  app.post(
    '/api/admin/announcement',
    {
      config: { access: 'login', roles: ['root'], permissions: ['announcement_admin'] },
      schema: routeSchema(O['POST /api/admin/announcement']),
    },
    async (req) => {
      await site.addAnnouncement(req.body, req.user!);
      return okEmpty();
    },
  );

  app.put(
    '/api/admin/announcement',
    { config: announcementAdmin, schema: routeSchema(O['PUT /api/admin/announcement']) },
    async (req) => {
      await site.saveAnnouncement(req.body, req.user!);
      return okEmpty();
    },
  );

  app.delete(
    '/api/admin/announcement',
    { config: announcementAdmin, schema: routeSchema(O['DELETE /api/admin/announcement']) },
    async (req) => {
      await site.deleteAnnouncement(req.query.aid);
      return okEmpty();
    },
  );

  // --- tools (the project's own contract: the reference has none) --------------------
  app.get('/api/admin/tools', { config: root, schema: routeSchema(O['GET /api/admin/tools']) }, async () =>
    ok(await site.tools()),
  );

  app.post(
    '/api/admin/tools',
    { config: root, schema: routeSchema(O['POST /api/admin/tools']) },
    async (req) => ok(await site.addTool(req.body)),
  );

  app.put('/api/admin/tools', { config: root, schema: routeSchema(O['PUT /api/admin/tools']) }, async (req) =>
    ok(await site.updateTool(req.body)),
  );

  app.delete(
    '/api/admin/tools',
    { config: root, schema: routeSchema(O['DELETE /api/admin/tools']) },
    async (req) => {
      await site.deleteTool(req.query.id);
      return okEmpty();
    },
  );
}

// HTTP shape of the group area (reference groups-admin-files.md §3): membership, the group
// itself, announcements and the rank. Group problems, trainings, contests and discussions are
// served by their own capabilities through the GroupRolePort.
import { Permission } from '@oj/protocol';
import { groupOperations as O } from '@oj/protocol/group/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { sendImage } from '../platform/http/files';
import { ApiError, Messages } from '../platform/http/errors';
import { readUpload } from '../platform/http/upload';
import { ok } from '../platform/http/envelope';
import { AVATAR_MAX_BYTES, type GroupService } from './service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;

export function registerGroupRoutes(app: App, s: GroupService): void {
  app.get(
    '/api/get-group-list',
    { config: anonymous, schema: routeSchema(O['GET /api/get-group-list']) },
    async (req) => ok(await s.list(req.user ?? null, req.query)),
  );
  app.get(
    '/api/get-group-detail',
    { config: login, schema: routeSchema(O['GET /api/get-group-detail']) },
    async (req) => ok(await s.detail(req.user!, req.query.gid)),
  );
  app.get(
    '/api/get-group-access',
    { config: login, schema: routeSchema(O['GET /api/get-group-access']) },
    async (req) => ok(await s.access(req.user!, req.query.gid)),
  );
  app.get(
    '/api/get-group-auth',
    { config: login, schema: routeSchema(O['GET /api/get-group-auth']) },
    async (req) => ok(await s.auth(req.user!, req.query.gid)),
  );
  // Issue #26 item 5 (not in the reference): the creation rule and the caller's progress.
  app.get(
    '/api/group-create-rule',
    { config: login, schema: routeSchema(O['GET /api/group-create-rule']) },
    async (req) => ok(await s.createRule(req.user!)),
  );
  app.post(
    '/api/group',
    {
      config: { access: 'login', permissions: [Permission.GROUP_ADD] },
      schema: routeSchema(O['POST /api/group']),
    },
    async (req) => ok(await s.create(req.user!, req.body)),
  );
  app.put('/api/group', { config: login, schema: routeSchema(O['PUT /api/group']) }, async (req) =>
    ok(await s.update(req.user!, req.body)),
  );
  app.delete(
    '/api/group',
    {
      config: { access: 'login', permissions: [Permission.GROUP_DEL] },
      schema: routeSchema(O['DELETE /api/group']),
    },
    async (req) => ok(await s.disband(req.user!, req.query.gid)),
  );

  app.get(
    '/api/group/get-member-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-member-list']) },
    async (req) => ok(await s.members(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-apply-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-apply-list']) },
    async (req) => ok(await s.applications(req.user!, req.query)),
  );
  app.post(
    '/api/group/member',
    { config: login, schema: routeSchema(O['POST /api/group/member']) },
    async (req) => ok(await s.apply(req.user!, req.query)),
  );
  app.put(
    '/api/group/member',
    { config: login, schema: routeSchema(O['PUT /api/group/member']) },
    async (req) => ok(await s.setAuth(req.user!, req.body)),
  );
  app.delete(
    '/api/group/member',
    { config: login, schema: routeSchema(O['DELETE /api/group/member']) },
    async (req) => ok(await s.remove(req.user!, req.query)),
  );
  app.delete(
    '/api/group/member/exit',
    { config: login, schema: routeSchema(O['DELETE /api/group/member/exit']) },
    async (req) => ok(await s.exit(req.user!, req.query.gid)),
  );

  app.get(
    '/api/group/get-announcement-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-announcement-list']) },
    async (req) => ok(await s.announcements(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-admin-announcement-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-admin-announcement-list']) },
    async (req) => ok(await s.adminAnnouncements(req.user!, req.query)),
  );
  app.post(
    '/api/group/announcement',
    { config: login, schema: routeSchema(O['POST /api/group/announcement']) },
    async (req) => ok(await s.addAnnouncement(req.user!, req.body)),
  );
  app.put(
    '/api/group/announcement',
    { config: login, schema: routeSchema(O['PUT /api/group/announcement']) },
    async (req) => ok(await s.updateAnnouncement(req.user!, req.body)),
  );
  app.delete(
    '/api/group/announcement',
    { config: login, schema: routeSchema(O['DELETE /api/group/announcement']) },
    async (req) => ok(await s.deleteAnnouncement(req.user!, req.query.aid)),
  );

  app.post(
    '/api/file/upload-group-avatar',
    {
      config: login,
      schema: {
        consumes: ['multipart/form-data'],
        ...routeSchema(O['POST /api/file/upload-group-avatar']),
      },
    },
    async (req) => {
      const part = await readUpload(req, { maxBytes: AVATAR_MAX_BYTES, fields: ['image'] });
      const gid = req.query.gid ?? (part?.fields.gid ? Number(part.fields.gid) : null);
      const file = part
        ? { filename: part.filename, bytes: new Uint8Array(part.bytes), truncated: part.truncated }
        : null;
      return ok(await s.uploadAvatar(req.user!, gid, file));
    },
  );
  app.get(
    '/api/public/group-avatar/:name',
    { config: anonymous, schema: routeSchema(O['GET /api/public/group-avatar/:name']) },
    async (req, reply) => {
      const file = await s.avatarFile(req.params.name);
      if (!file) throw new ApiError(404, Messages.NOT_FOUND_PATH, 404);
      return sendImage(reply, file);
    },
  );

  app.get(
    '/api/get-group-rank-list',
    { config: login, schema: routeSchema(O['GET /api/get-group-rank-list']) },
    async (req) => ok(await s.rank(req.user!, req.query)),
  );
}

// HTTP shape of the passport and account endpoints: schemas, access levels, calls into the services.
import type { FastifyRequest } from 'fastify';
import { accountOperations as O } from '@oj/protocol/account/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok, okEmpty } from '../platform/http/envelope';
import { ApiError, Messages } from '../platform/http/errors';
import type { PassportService } from './passport-service';
import type { ProfileService } from './profile-service';
import { AVATAR_MAX_BYTES } from './rules';
import { readUpload } from '../platform/http/upload';
import { sendImage } from '../platform/http/files';

const ADMIN_ROLES = ['root', 'admin', 'problem_admin'] as const;
const tags = ['account'];

function client(req: FastifyRequest) {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

/** The caller's uid on a login route (the platform guarantees the user). */
const uidOf = (req: FastifyRequest) => req.user!.uid;

export function registerAccountRoutes(app: App, passport: PassportService, profile: ProfileService): void {
  app.post(
    '/api/login',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['POST /api/login']) },
    },
    async (req, reply) => {
      const { token, userInfo } = await passport.login(req.body, client(req));
      reply.header('Authorization', token);
      return ok(userInfo);
    },
  );

  app.get(
    '/api/logout',
    { config: { access: 'login' }, schema: { tags, ...routeSchema(O['GET /api/logout']) } },
    async (req) => {
      await passport.logout(uidOf(req));
      return okEmpty('登出成功');
    },
  );

  app.get(
    '/api/get-register-code',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['GET /api/get-register-code']) },
    },
    async (req) => ok(await passport.registerCode(req.query.email, req.ip ?? null)),
  );

  app.post(
    '/api/register',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['POST /api/register']) },
    },
    async (req) => {
      await passport.register(req.body);
      return okEmpty();
    },
  );

  app.post(
    '/api/check-username-or-email',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['POST /api/check-username-or-email']) },
    },
    async (req) => ok(await passport.checkUsernameOrEmail(req.body ?? {})),
  );

  app.get(
    '/api/captcha',
    { config: { access: 'anonymous' }, schema: { tags, ...routeSchema(O['GET /api/captcha']) } },
    async () => ok(await passport.captcha()),
  );

  app.post(
    '/api/apply-reset-password',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['POST /api/apply-reset-password']) },
    },
    async (req) => {
      await passport.applyResetPassword(req.body, req.ip ?? null);
      return okEmpty();
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['POST /api/reset-password']) },
    },
    async (req) => {
      await passport.resetPassword(req.body);
      return okEmpty();
    },
  );

  app.get(
    '/api/get-user-auth-info',
    { config: { access: 'login' }, schema: { tags, ...routeSchema(O['GET /api/get-user-auth-info']) } },
    async (req) => ok(await profile.authInfo(uidOf(req))),
  );

  app.post(
    '/api/change-password',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['POST /api/change-password']) },
    },
    async (req) => ok(await profile.changePassword(uidOf(req), req.body)),
  );

  app.get(
    '/api/get-change-email-code',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['GET /api/get-change-email-code']) },
    },
    async (req) => {
      await profile.changeEmailCode(uidOf(req), req.query.email);
      return okEmpty();
    },
  );

  app.post(
    '/api/change-email',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['POST /api/change-email']) },
    },
    async (req) => ok(await profile.changeEmail(uidOf(req), req.body)),
  );

  app.post(
    '/api/change-userInfo',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['POST /api/change-userInfo']) },
    },
    async (req) => ok(await profile.changeUserInfo(uidOf(req), req.body ?? {})),
  );

  app.get(
    '/api/get-user-home-info',
    {
      config: { access: 'anonymous-strict' },
      schema: { tags, ...routeSchema(O['GET /api/get-user-home-info']) },
    },
    async (req) => ok(await profile.userHome(req.query, req.user?.uid ?? null)),
  );

  app.get(
    '/api/get-user-calendar-heatmap',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['GET /api/get-user-calendar-heatmap']) },
    },
    async (req) => ok(await profile.heatmap(req.query, req.user?.uid ?? null)),
  );

  app.post(
    '/api/file/upload-avatar',
    {
      config: { access: 'login' },
      schema: { tags, consumes: ['multipart/form-data'], ...routeSchema(O['POST /api/file/upload-avatar']) },
    },
    async (req) => ok(await profile.uploadAvatar(uidOf(req), await readImage(req))),
  );

  app.get(
    '/api/public/img/:name',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['GET /api/public/img/:name']) },
    },
    async (req, reply) => {
      const file = await profile.avatarFile(req.params.name);
      // A missing static file is an HTTP 404, like any unknown path.
      if (!file) throw new ApiError(404, Messages.NOT_FOUND_PATH, 404);
      return sendImage(reply, file);
    },
  );

  app.post(
    '/api/admin/login',
    {
      config: { access: 'anonymous-strict' },
      schema: { tags, ...routeSchema(O['POST /api/admin/login']) },
    },
    async (req, reply) => {
      const { token, userInfo } = await passport.adminLogin(req.body, client(req));
      reply.header('Authorization', token);
      return ok(userInfo);
    },
  );

  app.get(
    '/api/admin/logout',
    {
      config: { access: 'login', roles: ADMIN_ROLES },
      schema: { tags, ...routeSchema(O['GET /api/admin/logout']) },
    },
    async (req) => {
      await passport.logout(uidOf(req));
      return okEmpty('退出登录成功！');
    },
  );
}

/** The multipart `image` file, read up to one byte past the limit; null when absent. */
async function readImage(req: FastifyRequest) {
  const part = await readUpload(req, { maxBytes: AVATAR_MAX_BYTES, fields: ['image'] });
  if (!part) return null;
  return { filename: part.filename, bytes: new Uint8Array(part.bytes), truncated: part.truncated };
}

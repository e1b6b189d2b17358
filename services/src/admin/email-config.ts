// E-mail settings of the back office (reference §4.5): the SMTP settings are the deployment's
// (SMTP_* environment variables, read once at start), shown read-only; a test mail goes out
// through the platform mailer (or its outbox when no SMTP server is configured).
import { adminOperations as O } from '@oj/protocol/admin/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { AppContext } from '../platform/context';
import type { App } from '../platform/http/app';
import { ok, okEmpty } from '../platform/http/envelope';
import { fail } from '../platform/http/errors';
import { createMailer } from '../platform/mail/mailer';
import { registerEnglish } from '../platform/http/message-catalog';

export const EMAIL_MSG = {
  EMPTY: '测试的邮箱不能为空！',
  INVALID: '测试的邮箱格式不正确！',
  READ_ONLY: '邮箱配置由部署的环境变量（SMTP_*）决定，不能在此修改！',
  SUBJECT: '【测试邮件】Test e-mail',
  BODY: '这是一封来自后台管理的测试邮件，收到即说明邮箱配置正确。\nThis is a test e-mail from the back office: the mail settings work.',
} as const;

registerEnglish({
  [EMAIL_MSG.EMPTY]: 'The test e-mail address cannot be empty!',
  [EMAIL_MSG.INVALID]: 'The test e-mail address is not valid!',
  [EMAIL_MSG.READ_ONLY]:
    'The mail settings come from the deployment (SMTP_* environment variables) and cannot be changed here!',
});

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function registerEmailRoutes(app: App, ctx: AppContext) {
  const sysAdmin = { access: 'login', permissions: ['system_info_admin'] } as const;
  const mailer = createMailer({ config: ctx.config.mail, db: ctx.db, log: ctx.log });
  app.get(
    '/api/admin/config/get-email-config',
    {
      config: sysAdmin,
      schema: { tags: ['admin'], ...routeSchema(O['GET /api/admin/config/get-email-config']) },
    },
    async () => {
      const m = ctx.config.mail;
      return ok({
        emailHost: m?.host ?? null,
        emailPort: m?.port ?? null,
        emailUsername: m?.user ?? null,
        // never sent to a browser (the original sent the password in clear)
        emailPassword: null,
        emailBGImg: null,
        emailSsl: m?.secure ?? null,
        emailFrom: m?.from ?? null,
        delivers: mailer.delivers,
      });
    },
  );
  app.put(
    '/api/admin/config/set-email-config',
    {
      config: sysAdmin,
      schema: { tags: ['admin'], ...routeSchema(O['PUT /api/admin/config/set-email-config']) },
    },
    async () => {
      throw fail(EMAIL_MSG.READ_ONLY);
    },
  );
  app.post(
    '/api/admin/config/test-email',
    {
      config: sysAdmin,
      schema: { tags: ['admin'], ...routeSchema(O['POST /api/admin/config/test-email']) },
    },
    async (req) => {
      const email = (req.body.email ?? '').trim();
      if (!email) throw fail(EMAIL_MSG.EMPTY);
      if (!EMAIL_RE.test(email) || email.length > 320) throw fail(EMAIL_MSG.INVALID);
      mailer.sendLater({ to: email, subject: EMAIL_MSG.SUBJECT, text: EMAIL_MSG.BODY });
      return okEmpty();
    },
  );
}

// HTTP shape of the Contest API imports: /api/admin/contest/ccs/… with our envelope.
import { CCS_FEED_MAX_BYTES, CCS_IMPORT_MAX_CHARS } from '@oj/protocol/contest/ccs-import';
import { contestOperations as O } from '@oj/protocol/contest/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../../platform/http/app';
import { ok } from '../../platform/http/envelope';
import { requestLanguage, translateMessage } from '../../platform/http/message-catalog';
import type { CcsImportService } from './service';

const tags = ['contest-admin'];
/** The back office's standings (as every /api/admin/contest route); the service checks the contest too. */
const backOffice = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;

export function registerCcsImportRoutes(app: App, s: CcsImportService) {
  // The back office, for a contest it administers (decided by the service from the stored contest).
  app.post(
    '/api/admin/contest/ccs/import',
    {
      config: backOffice,
      bodyLimit: CCS_IMPORT_MAX_CHARS * 4 + 4096,
      schema: { tags, ...routeSchema(O['POST /api/admin/contest/ccs/import']) },
    },
    async (req) => {
      const r = await s.importFile(req.user!, req.body);
      const lang = requestLanguage(req.headers['accept-language']);
      return ok({
        ...r,
        rows: r.rows.map((x) => (x.reason ? { ...x, reason: translateMessage(x.reason, lang) } : x)),
      });
    },
  );
  // Reading another system's event feed (a fetch from this server, guarded): the back office.
  app.post(
    '/api/admin/contest/ccs/feed-board',
    {
      config: backOffice,
      bodyLimit: CCS_FEED_MAX_BYTES * 4 + 4096,
      schema: { tags, ...routeSchema(O['POST /api/admin/contest/ccs/feed-board']) },
    },
    async (req) => ok(await s.readFeed(req.body)),
  );
}

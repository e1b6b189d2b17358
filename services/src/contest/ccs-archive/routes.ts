// HTTP shape of the contest archive: GET …/archive?cid= streams the zip (no envelope);
// POST …/archive/import takes the zip as a multipart upload and answers with our envelope.
import { CCS_ARCHIVE_MAX_BYTES } from '@oj/protocol/contest/ccs-archive';
import { contestOperations as O } from '@oj/protocol/contest/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../../platform/http/app';
import { sendAttachment } from '../../platform/http/files';
import { ok } from '../../platform/http/envelope';
import { fail } from '../../platform/http/errors';
import { readUpload } from '../../platform/http/upload';
import { M } from './messages';
import type { CcsArchiveService } from './service';

const tags = ['contest-admin'];
/** The back office's standings (as every /api/admin/contest route); the export checks the contest too. */
const backOffice = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
/** Creating a contest and accounts from an archive: the super admin (as the batch account creation). */
const rootOnly = { access: 'login', roles: ['root'] } as const;

export function registerCcsArchiveRoutes(app: App, s: CcsArchiveService) {
  app.get(
    '/api/admin/contest/ccs/archive',
    { config: backOffice, schema: { tags, ...routeSchema(O['GET /api/admin/contest/ccs/archive']) } },
    async (req, reply) => {
      const { name, stream } = await s.exportArchive(req.user!, req.query.cid);
      return sendAttachment(reply.header('Cache-Control', 'no-store'), 'application/zip', name, stream);
    },
  );
  app.post(
    '/api/admin/contest/ccs/archive/import',
    {
      config: rootOnly,
      bodyLimit: CCS_ARCHIVE_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        ...routeSchema(O['POST /api/admin/contest/ccs/archive/import']),
      },
    },
    async (req) => {
      const up = await readUpload(req, { maxBytes: CCS_ARCHIVE_MAX_BYTES, fields: ['file'] });
      if (!up) throw fail(M.NO_FILE);
      if (up.truncated) throw fail(M.TOO_LARGE);
      return ok(await s.importArchive(req.user!, up.bytes));
    },
  );
}

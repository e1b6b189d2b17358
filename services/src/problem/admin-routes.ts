// HTTP shape of the back-office problem endpoints and the test-data / package file
// endpoints (groups-admin-files.md §4.6, §4.8, §6).
import { problemOperations as O } from '@oj/protocol/problem/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../platform/http/app';
import { sendAttachment } from '../platform/http/files';

const sendDownload = (reply: FastifyReply, file: { filename: string; data: Uint8Array }) =>
  sendAttachment(reply, 'application/x-download', file.filename, file.data);
import { ok, okEmpty } from '../platform/http/envelope';
import { badRequest, fail } from '../platform/http/errors';
import { defaultCompilePort, type CheckerCompilePort } from './ports';
import type { ProblemAdminService } from './admin-service';
import type { PackageKind, ProblemFilesService, UploadedFile } from './files-service';
import { readUpload, readUploadToFile } from '../platform/http/upload';
import { INT32_MAX } from '../platform/http/request-bounds';

/** Largest problem package accepted (read into memory; test-case zips have their configured cap). */
const UPLOAD_MAX_BYTES = 128 * 1024 * 1024;
const UPLOAD_TOO_LARGE = 'Exceed max size limit';

const ADMINS = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
const STAFF = { access: 'login', roles: ['root', 'problem_admin'] } as const;
const ROOT = { access: 'login', roles: ['root'] } as const;

/** The single `file` part of a multipart request, or null when there is none. */
async function uploadedFile(req: FastifyRequest): Promise<UploadedFile | null> {
  const part = await readUpload(req, { maxBytes: UPLOAD_MAX_BYTES, fields: ['file'] });
  if (!part) return null;
  if (part.truncated) throw fail(UPLOAD_TOO_LARGE);
  return { filename: part.filename, data: part.bytes };
}

/** `pid=1&pid=2` or `pid=1,2`. */
function pidList(raw: string[] | undefined): number[] {
  const ids = (raw ?? [])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  // Problem ids are a 32-bit column: a larger one is bad input, not a database error.
  if (ids.some((s) => !/^\d+$/.test(s) || Number(s) > INT32_MAX)) throw badRequest('题目id格式错误！');
  return ids.map(Number);
}

export function registerProblemAdminRoutes(
  app: App,
  admin: ProblemAdminService,
  files: ProblemFilesService,
  compiler: CheckerCompilePort = defaultCompilePort,
): void {
  for (const kind of ['spj', 'interactive'] as const) {
    app.post(
      `/api/admin/problem/compile-${kind}`,
      { config: ADMINS, schema: routeSchema(O[`POST /api/admin/problem/compile-${kind}`]) },
      async (req) => {
        const { code, language, extraFiles } = req.body;
        if (!code?.trim() || !language?.trim()) throw fail('参数不能为空！');
        const outcome = await compiler.compile({ kind, code, language, extraFiles: extraFiles ?? {} });
        if (!outcome.ok) throw fail(outcome.msg, outcome.status);
        return okEmpty('编译成功！');
      },
    );
  }
  app.get(
    '/api/admin/problem/get-problem-list',
    {
      config: ADMINS,
      schema: routeSchema(O['GET /api/admin/problem/get-problem-list']),
    },
    async (req) => ok(await admin.list(req.query)),
  );
  app.get(
    '/api/admin/problem',
    { config: ADMINS, schema: routeSchema(O['GET /api/admin/problem']) },
    async (req) => ok(await admin.get(req.user!, req.query.pid)),
  );
  app.post(
    '/api/admin/problem',
    { config: ADMINS, schema: routeSchema(O['POST /api/admin/problem']) },
    async (req) => {
      await admin.create(req.user!, req.body);
      return okEmpty();
    },
  );
  app.put(
    '/api/admin/problem',
    { config: ADMINS, schema: routeSchema(O['PUT /api/admin/problem']) },
    async (req) => {
      await admin.update(req.user!, req.body);
      return okEmpty();
    },
  );
  app.delete(
    '/api/admin/problem',
    { config: STAFF, schema: routeSchema(O['DELETE /api/admin/problem']) },
    async (req) => {
      await admin.remove(req.query.pid);
      return okEmpty();
    },
  );
  app.get(
    '/api/admin/problem/get-problem-cases',
    {
      config: ADMINS,
      schema: routeSchema(O['GET /api/admin/problem/get-problem-cases']),
    },
    async (req) => ok(await admin.cases(req.query.pid)),
  );
  app.put(
    '/api/admin/problem/change-problem-auth',
    { config: ADMINS, schema: routeSchema(O['PUT /api/admin/problem/change-problem-auth']) },
    async (req) => {
      await admin.changeAuth(req.user!, req.body.id, req.body.auth);
      return okEmpty();
    },
  );

  app.get(
    '/api/admin/group-problem/list',
    {
      config: STAFF,
      schema: routeSchema(O['GET /api/admin/group-problem/list']),
    },
    async (req) => ok(await admin.groupProblemsInReview(req.query)),
  );
  app.put(
    '/api/admin/group-problem/change-progress',
    {
      config: STAFF,
      schema: routeSchema(O['PUT /api/admin/group-problem/change-progress']),
    },
    async (req) => {
      await admin.changeGroupProblemProgress(req.body.pid, req.body.progress);
      return okEmpty();
    },
  );

  app.post('/api/admin/tag', { config: STAFF, schema: routeSchema(O['POST /api/admin/tag']) }, async (req) =>
    ok(await admin.addTag(req.body)),
  );
  app.put('/api/admin/tag', { config: STAFF, schema: routeSchema(O['PUT /api/admin/tag']) }, async (req) => {
    await admin.updateTag(req.body);
    return okEmpty();
  });
  app.delete(
    '/api/admin/tag',
    {
      config: STAFF,
      schema: routeSchema(O['DELETE /api/admin/tag']),
    },
    async (req) => {
      await admin.deleteTag(req.query.tid);
      return okEmpty();
    },
  );
  app.get(
    '/api/admin/tag/classification',
    {
      config: STAFF,
      schema: routeSchema(O['GET /api/admin/tag/classification']),
    },
    async (req) => ok(await admin.classifications(req.query.oj)),
  );
  app.post(
    '/api/admin/tag/classification',
    { config: STAFF, schema: routeSchema(O['POST /api/admin/tag/classification']) },
    async (req) => ok(await admin.addClassification(req.body)),
  );
  app.put(
    '/api/admin/tag/classification',
    { config: STAFF, schema: routeSchema(O['PUT /api/admin/tag/classification']) },
    async (req) => {
      await admin.updateClassification(req.body);
      return okEmpty();
    },
  );
  app.delete(
    '/api/admin/tag/classification',
    {
      config: STAFF,
      schema: routeSchema(O['DELETE /api/admin/tag/classification']),
    },
    async (req) => {
      await admin.deleteClassification(req.query.tcid);
      return okEmpty();
    },
  );

  // --- files ------------------------------------------------------------------------

  app.post(
    '/api/file/upload-testcase-zip',
    {
      config: { access: 'login' },
      schema: routeSchema(O['POST /api/file/upload-testcase-zip']),
    },
    async (req) => {
      // Permission first: a caller who may not upload has none of the body read.
      await files.checkTestCaseUploader(req.user!, req.query.gid);
      // Streamed to a temp file (never whole in memory), unpacked from there entry by entry.
      const part = await readUploadToFile(req, {
        maxBytes: files.testCaseUpload.maxBytes,
        fields: ['file'],
        dir: files.testCaseUpload.tempDir,
      });
      try {
        if (part?.truncated) throw fail(UPLOAD_TOO_LARGE);
        const file = part && { filename: part.filename, path: part.path };
        return ok(await files.uploadTestCaseZip(req.user!, file, req.query.mode, req.query.gid));
      } finally {
        await part?.dispose();
      }
    },
  );
  app.get(
    '/api/file/download-testcase',
    { config: { access: 'login' }, schema: routeSchema(O['GET /api/file/download-testcase']) },
    async (req, reply) => sendDownload(reply, await files.downloadTestCases(req.user!, req.query.pid)),
  );
  app.get(
    '/api/file/export-problem',
    { config: ROOT, schema: routeSchema(O['GET /api/file/export-problem']) },
    async (req, reply) => sendDownload(reply, await files.exportProblems(pidList(req.query.pid))),
  );
  const importers = [
    ['/api/file/import-problem', 'hoj'],
    ['/api/file/import-fps-problem', 'fps'],
    ['/api/file/import-qdoj-problem', 'qduoj'],
    ['/api/file/import-hydro-problem', 'hydro'],
    // Polygon full packages and ICPC/Kattis problem packages (issue #15; not in the reference)
    ['/api/file/import-polygon-problem', 'polygon'],
    ['/api/file/import-icpc-problem', 'icpc'],
  ] as const satisfies readonly (readonly [string, PackageKind])[];
  for (const [url, kind] of importers) {
    app.post(url, { config: ROOT, schema: routeSchema(O[`POST ${url}`]) }, async (req) => {
      const result = await files.importPackage(req.user!, kind, await uploadedFile(req), {
        verify: req.query.verify === true,
      });
      return ok(result, `导入成功：共导入${result.count}道题目`);
    });
  }
}

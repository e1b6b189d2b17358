// HTTP shape of the contest endpoints: paths, access levels, and each route's schemas from the
// contest route table (protocol/src/contest/operations.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contestOperations as O } from '@oj/protocol/contest/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { sendAttachment } from '../platform/http/files';
import { ok } from '../platform/http/envelope';
import type { ContestService } from './service';
import type { RankPageBody } from './scoreboard-service';

const tags = ['contest'];
const anonymous = { access: 'anonymous' } as const;
const strict = { access: 'anonymous-strict' } as const;
const login = { access: 'login' } as const;
const contestAdmins = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
const rootOnly = { access: 'login', roles: ['root'] } as const;
const problemAdmins = { access: 'login', roles: ['root', 'problem_admin'] } as const;

/** What Fastify sends for an object body; rank pages are sent as ready bytes. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function registerContestRoutes(app: App, s: ContestService): void {
  // ---------- public (§1) ----------
  app.get(
    '/api/get-contest-list',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/get-contest-list']) } },
    async (req) => ok(await s.list(req.query)),
  );
  app.get(
    '/api/get-recent-contest',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/get-recent-contest']) } },
    async () => ok(await s.recent()),
  );
  // The original scraped external contest sites; this platform shows none (docs/compat.md C23).
  app.get(
    '/api/get-recent-other-contest',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/get-recent-other-contest']) } },
    async () => ok([]),
  );
  app.get(
    '/api/get-contest-info',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/get-contest-info']) } },
    async (req) => ok(await s.info(req.user!, req.query.cid)),
  );
  app.get(
    '/api/get-contest-outsize-info',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/get-contest-outsize-info']) } },
    async (req) => ok(await s.outsideInfo(req.query.cid, req.user ?? null)),
  );
  app.get(
    '/api/get-contest-access',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/get-contest-access']) } },
    async (req) => ok(await s.access(req.user!, req.query.cid)),
  );
  app.post(
    '/api/register-contest',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/register-contest']) } },
    async (req) => ok(await s.register(req.user!, req.body)),
  );
  app.get(
    '/api/get-contest-problem',
    { config: strict, schema: { tags, ...routeSchema(O['GET /api/get-contest-problem']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.problems(req.user ?? null, q.cid, q.containsEnd ?? false));
    },
  );
  app.get(
    '/api/get-contest-problem-details',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/get-contest-problem-details']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.problemDetail(req.user!, q.cid, q.displayId, q.containsEnd ?? false));
    },
  );
  app.get(
    '/api/get-contest-announcement',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/get-contest-announcement']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.announcements(req.user!, q.cid, q.currentPage, q.limit));
    },
  );
  app.post(
    '/api/get-contest-not-read-announcement',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/get-contest-not-read-announcement']) } },
    async (req) => {
      const b = req.body;
      // The same access check as the announcement list (docs/compat.md).
      await s.checkAccess(req.user!, b.cid);
      return ok(await s.unreadAnnouncements(b.cid, b.readAnnouncementList ?? [], req.user!.uid));
    },
  );
  // Addition (issue #16): the notices a user dismissed stay dismissed in every browser.
  app.post(
    '/api/contest-announcement-read',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/contest-announcement-read']) } },
    async (req) => {
      const b = req.body;
      return ok(await s.markAnnouncementsRead(req.user!, b.cid, b.aids));
    },
  );
  // Rank pages come as ready bytes; a page every viewer shares goes gzipped to clients that accept it.
  const sendRank = (req: FastifyRequest, reply: FastifyReply, body: RankPageBody) => {
    reply.type(JSON_TYPE);
    // Not part of the REST contract: the web applies pushed rank deltas to a page at this version.
    if (body.version) reply.header('x-oj-board-version', body.version);
    if (!body.shared) return reply.send(body.json);
    reply.header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(body.json);
    return reply.header('content-encoding', 'gzip').send(body.gzip());
  };
  app.post(
    '/api/get-contest-rank',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/get-contest-rank']) } },
    async (req, reply) => sendRank(req, reply, await s.rank(req.user!, req.body)),
  );
  app.post(
    '/api/get-contest-outside-scoreboard',
    { config: anonymous, schema: { tags, ...routeSchema(O['POST /api/get-contest-outside-scoreboard']) } },
    async (req, reply) => sendRank(req, reply, await s.outsideRank(req.user ?? null, req.body)),
  );
  app.get(
    '/api/get-contest-ac-info',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/get-contest-ac-info']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.acInfo(req.user!, q.cid, q.currentPage, q.limit));
    },
  );
  app.put(
    '/api/check-contest-ac-info',
    { config: login, schema: { tags, ...routeSchema(O['PUT /api/check-contest-ac-info']) } },
    async (req) => ok(await s.checkAcInfo(req.user!, req.body)),
  );
  app.post(
    '/api/submit-print-text',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/submit-print-text']) } },
    async (req) => ok(await s.submitPrint(req.user!, req.body)),
  );
  app.get(
    '/api/get-contest-print',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/get-contest-print']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.prints(req.user!, q.cid, q.currentPage, q.limit));
    },
  );
  app.put(
    '/api/check-contest-print-status',
    { config: login, schema: { tags, ...routeSchema(O['PUT /api/check-contest-print-status']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.checkPrint(req.user!, q.id, q.cid));
    },
  );
  app.get(
    '/api/file/download-contest-print-text',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/file/download-contest-print-text']) } },
    async (req, reply) => {
      const file = await s.printText(req.user!, req.query.id);
      return sendAttachment(reply, 'application/x-download', file.fileName, file.content);
    },
  );

  app.get(
    '/api/get-contest-scroll-board-info',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/get-contest-scroll-board-info']) } },
    async (req) => ok(await s.scrollBoardInfo(req.query.cid, req.user)),
  );
  app.get(
    '/api/get-contest-scroll-board-submission',
    {
      config: anonymous,
      schema: { tags, ...routeSchema(O['GET /api/get-contest-scroll-board-submission']) },
    },
    async (req) => {
      const q = req.query;
      return ok(await s.scrollBoardSubmissions(q.cid, q.removeStar ?? false, req.user));
    },
  );
  // Addition (issue #26 item 9): the OI scroll board's sealed and final cells (protocol OiScrollBoard).
  app.get(
    '/api/get-contest-scroll-board-oi',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/get-contest-scroll-board-oi']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.scrollBoardOi(q.cid, q.removeStar ?? false, req.user));
    },
  );

  app.get(
    '/api/file/download-contest-rank',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/file/download-contest-rank']) } },
    async (req, reply) => {
      const file = await s.rankXlsx(req.user!, req.query);
      return sendAttachment(reply, 'application/xlsx', file.fileName, Buffer.from(file.bytes));
    },
  );

  app.get(
    '/api/file/download-contest-ac-submission',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/file/download-contest-ac-submission']) } },
    async (req, reply) => {
      const file = await s.acSubmissionsZip(req.user!, req.query);
      return sendAttachment(reply, 'application/x-download', file.fileName, Buffer.from(file.bytes));
    },
  );

  // ---------- admin (groups-admin-files.md §4.10) ----------
  app.get(
    '/api/admin/contest/get-contest-list',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['GET /api/admin/contest/get-contest-list']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.adminList(q.keyword, q.currentPage, q.limit));
    },
  );
  app.get(
    '/api/admin/contest',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['GET /api/admin/contest']) } },
    async (req) => ok(await s.adminGet(req.user!, req.query.cid)),
  );
  app.post(
    '/api/admin/contest',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['POST /api/admin/contest']) } },
    async (req) => {
      await s.adminCreate(req.user!, req.body);
      return ok(null);
    },
  );
  app.put(
    '/api/admin/contest',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['PUT /api/admin/contest']) } },
    async (req) => ok(await s.adminUpdate(req.user!, req.body)),
  );
  app.delete(
    '/api/admin/contest',
    { config: rootOnly, schema: { tags, ...routeSchema(O['DELETE /api/admin/contest']) } },
    async (req) => ok(await s.adminDelete(req.query.cid)),
  );
  app.get(
    '/api/admin/contest/clone',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['GET /api/admin/contest/clone']) } },
    async (req) => {
      await s.cloneContest(req.user!, req.query.cid);
      return ok(null);
    },
  );
  app.put(
    '/api/admin/contest/change-contest-visible',
    {
      config: contestAdmins,
      schema: { tags, ...routeSchema(O['PUT /api/admin/contest/change-contest-visible']) },
    },
    async (req) => {
      const q = req.query;
      return ok(await s.changeVisible(req.user!, q.cid, q.uid, q.visible));
    },
  );
  app.get(
    '/api/admin/contest/get-problem-list',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['GET /api/admin/contest/get-problem-list']) } },
    async (req) => {
      const q = req.query;
      await s.requireContestAdmin(req.user!, q.cid);
      return ok(await s.adminProblemList(q));
    },
  );
  app.get(
    '/api/admin/contest/problem',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['GET /api/admin/contest/problem']) } },
    async (req) => ok(await s.adminProblem(req.user!, req.query.pid)),
  );
  app.post(
    '/api/admin/contest/problem',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['POST /api/admin/contest/problem']) } },
    async (req) => ok(await s.adminCreateProblem(req.user!, req.body)),
  );
  app.put(
    '/api/admin/contest/problem',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['PUT /api/admin/contest/problem']) } },
    async (req) => ok(await s.adminUpdateProblem(req.user!, req.body)),
  );
  app.get(
    '/api/admin/contest/contest-problem',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['GET /api/admin/contest/contest-problem']) } },
    async (req) => {
      const q = req.query;
      await s.requireContestAdmin(req.user!, q.cid);
      return ok(await s.getContestProblem(q.cid, q.pid));
    },
  );
  app.put(
    '/api/admin/contest/contest-problem',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['PUT /api/admin/contest/contest-problem']) } },
    async (req) => {
      const body = req.body;
      await s.requireContestAdmin(req.user!, body.cid);
      return ok(await s.saveContestProblem(body));
    },
  );
  app.post(
    '/api/admin/contest/add-problem-from-public',
    {
      config: contestAdmins,
      schema: { tags, ...routeSchema(O['POST /api/admin/contest/add-problem-from-public']) },
    },
    async (req) => {
      const body = req.body;
      await s.requireContestAdmin(req.user!, body.cid);
      return ok(await s.addFromPublic(body, req.user!));
    },
  );
  app.delete(
    '/api/admin/contest/problem',
    { config: problemAdmins, schema: { tags, ...routeSchema(O['DELETE /api/admin/contest/problem']) } },
    async (req) => {
      const q = req.query;
      // Without cid the problem itself is deleted: that belongs to the problem capability.
      if (q.cid !== undefined) {
        await s.requireContestAdmin(req.user!, q.cid);
        await s.removeProblem(q.cid, q.pid);
      }
      return ok(null);
    },
  );
  app.get(
    '/api/admin/contest/announcement',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['GET /api/admin/contest/announcement']) } },
    async (req) => {
      const q = req.query;
      await s.requireContestAdmin(req.user!, q.cid);
      return ok(await s.adminAnnouncements(q.cid, q.currentPage, q.limit));
    },
  );
  app.post(
    '/api/admin/contest/announcement',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['POST /api/admin/contest/announcement']) } },
    async (req) => {
      const body = req.body;
      await s.requireContestAdmin(req.user!, body.cid);
      return ok(await s.addAnnouncement(req.user!, body));
    },
  );
  app.put(
    '/api/admin/contest/announcement',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['PUT /api/admin/contest/announcement']) } },
    async (req) => {
      const body = req.body;
      await s.requireAnnouncementAdmin(req.user!, body.announcement?.id);
      return ok(await s.updateAnnouncement(body));
    },
  );
  app.delete(
    '/api/admin/contest/announcement',
    { config: contestAdmins, schema: { tags, ...routeSchema(O['DELETE /api/admin/contest/announcement']) } },
    async (req) => {
      const { aid } = req.query;
      await s.requireAnnouncementAdmin(req.user!, aid);
      return ok(await s.deleteAnnouncement(aid));
    },
  );
}

// HTTP shape of the group contest endpoints (groups-admin-files.md §3): every /api/group/** call
// needs login; the group's rules decide in the group contest service.
import { contestOperations as O } from '@oj/protocol/contest/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { GroupContestService } from './group-service';

const tags = ['group'];
const login = { access: 'login' } as const;

export function registerGroupContestRoutes(app: App, s: GroupContestService): void {
  app.get(
    '/api/group/get-contest-list',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/group/get-contest-list']) } },
    async (req) => ok(await s.list(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-admin-contest-list',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/group/get-admin-contest-list']) } },
    async (req) => ok(await s.adminList(req.user!, req.query)),
  );
  app.get(
    '/api/group/contest',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/group/contest']) } },
    async (req) => ok(await s.get(req.user!, req.query.cid)),
  );
  app.post(
    '/api/group/contest',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/group/contest']) } },
    async (req) => {
      await s.create(req.user!, req.body);
      return ok(null);
    },
  );
  app.put(
    '/api/group/contest',
    { config: login, schema: { tags, ...routeSchema(O['PUT /api/group/contest']) } },
    async (req) => ok(await s.update(req.user!, req.body)),
  );
  app.delete(
    '/api/group/contest',
    { config: login, schema: { tags, ...routeSchema(O['DELETE /api/group/contest']) } },
    async (req) => ok(await s.remove(req.user!, req.query.cid)),
  );
  app.put(
    '/api/group/change-contest-visible',
    { config: login, schema: { tags, ...routeSchema(O['PUT /api/group/change-contest-visible']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.changeVisible(req.user!, q.cid, q.visible));
    },
  );
  app.get(
    '/api/group/get-contest-problem-list',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/group/get-contest-problem-list']) } },
    async (req) => ok(await s.problemList(req.user!, req.query)),
  );
  app.get(
    '/api/group/contest-problem',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/group/contest-problem']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.contestProblem(req.user!, q.cid, q.pid));
    },
  );
  app.put(
    '/api/group/contest-problem',
    { config: login, schema: { tags, ...routeSchema(O['PUT /api/group/contest-problem']) } },
    async (req) => ok(await s.saveContestProblem(req.user!, req.body)),
  );
  app.delete(
    '/api/group/contest-problem',
    { config: login, schema: { tags, ...routeSchema(O['DELETE /api/group/contest-problem']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.removeProblem(req.user!, q.cid, q.pid));
    },
  );
  app.post(
    '/api/group/add-contest-problem-from-public',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/group/add-contest-problem-from-public']) } },
    async (req) => ok(await s.addFromPublic(req.user!, req.body)),
  );
  app.post(
    '/api/group/add-contest-problem-from-group',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/group/add-contest-problem-from-group']) } },
    async (req) => ok(await s.addFromGroup(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-contest-announcement-list',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/group/get-contest-announcement-list']) } },
    async (req) => ok(await s.announcements(req.user!, req.query)),
  );
  app.post(
    '/api/group/contest-announcement',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/group/contest-announcement']) } },
    async (req) => ok(await s.addAnnouncement(req.user!, req.body)),
  );
  app.put(
    '/api/group/contest-announcement',
    { config: login, schema: { tags, ...routeSchema(O['PUT /api/group/contest-announcement']) } },
    async (req) => ok(await s.updateAnnouncement(req.user!, req.body)),
  );
  app.delete(
    '/api/group/contest-announcement',
    { config: login, schema: { tags, ...routeSchema(O['DELETE /api/group/contest-announcement']) } },
    async (req) => {
      const q = req.query;
      return ok(await s.deleteAnnouncement(req.user!, q.aid, q.cid));
    },
  );
}

// HTTP shape of virtual participation (issue #27).
import { contestOperations as O } from '@oj/protocol/contest/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../../platform/http/app';
import { ok } from '../../platform/http/envelope';
import type { VirtualService } from './service';

const tags = ['contest'];
const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;

export function registerVirtualRoutes(app: App, s: VirtualService): void {
  app.post(
    '/api/contest/virtual/start',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/contest/virtual/start']) } },
    async (req) => ok(await s.start(req.user!, req.body)),
  );
  app.get(
    '/api/contest/virtual/current',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/contest/virtual/current']) } },
    async (req) => ok(await s.current(req.user!)),
  );
  app.get(
    '/api/contest/virtual/of-contest',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/contest/virtual/of-contest']) } },
    async (req) => ok(await s.ofContest(req.user!, req.query.cid)),
  );
  app.get(
    '/api/contest/virtual/board',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/contest/virtual/board']) } },
    async (req, reply) => {
      const page = await s.board(req.user!, req.query);
      // The version the page is at, as the live board sends it: pushes chain from it.
      void reply.header('x-oj-board-version', page.version);
      return ok(page);
    },
  );
  app.get(
    '/api/contest/virtual/announcements',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/contest/virtual/announcements']) } },
    async (req) => ok(await s.announcements(req.user!, req.query.vid)),
  );
  app.get(
    '/api/contest/virtual/clarifications',
    { config: login, schema: { tags, ...routeSchema(O['GET /api/contest/virtual/clarifications']) } },
    async (req) => ok(await s.clarifications(req.user!, req.query.vid)),
  );
  app.get(
    '/api/contest/virtual/of-user',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/contest/virtual/of-user']) } },
    async (req) => ok(await s.ofUser(req.user ?? null, req.query.username)),
  );
  app.get(
    '/api/contest/virtual/final-board',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/contest/virtual/final-board']) } },
    async (req) => ok(await s.finalBoard(req.user ?? null, req.query)),
  );
}

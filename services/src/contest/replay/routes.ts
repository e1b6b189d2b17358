// HTTP shape of contest replays (issue #27 item 4).
import { contestOperations as O } from '@oj/protocol/contest/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../../platform/http/app';
import { ok } from '../../platform/http/envelope';
import type { ReplayService } from './service';

const tags = ['contest'];
const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;

export function registerReplayRoutes(app: App, s: ReplayService): void {
  app.post(
    '/api/contest/replay/start',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/contest/replay/start']) } },
    async (req) => ok(await s.start(req.user!, req.body)),
  );
  app.post(
    '/api/contest/replay/control',
    { config: login, schema: { tags, ...routeSchema(O['POST /api/contest/replay/control']) } },
    async (req) => ok(await s.control(req.user!, req.body)),
  );
  app.get(
    '/api/contest/replay/of-contest',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/contest/replay/of-contest']) } },
    async (req) => ok(await s.ofContest(req.user ?? null, req.query.cid)),
  );
  app.get(
    '/api/contest/replay/board',
    { config: anonymous, schema: { tags, ...routeSchema(O['GET /api/contest/replay/board']) } },
    async (req, reply) => {
      const page = await s.board(req.user ?? null, req.query);
      void reply.header('x-oj-board-version', page.version);
      return ok(page);
    },
  );
}

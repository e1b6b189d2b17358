// HTTP shape of contest replays (issue #27 item 4).
import { CidQuery } from '@oj/protocol/contest/schemas';
import { ReplayBoardQuery, ReplayControlBody, ReplayStartBody } from '@oj/protocol/contest/replay';
import type { App } from '../../platform/http/app';
import { ok } from '../../platform/http/envelope';
import type { ReplayService } from './service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;

export function registerReplayRoutes(app: App, s: ReplayService): void {
  app.post('/api/contest/replay/start', { config: login, schema: { body: ReplayStartBody } }, async (req) =>
    ok(await s.start(req.user!, req.body)),
  );
  app.post(
    '/api/contest/replay/control',
    { config: login, schema: { body: ReplayControlBody } },
    async (req) => ok(await s.control(req.user!, req.body)),
  );
  app.get(
    '/api/contest/replay/of-contest',
    { config: anonymous, schema: { querystring: CidQuery } },
    async (req) => ok(await s.ofContest(req.user ?? null, req.query.cid)),
  );
  app.get(
    '/api/contest/replay/board',
    { config: anonymous, schema: { querystring: ReplayBoardQuery } },
    async (req, reply) => {
      const page = await s.board(req.user ?? null, req.query);
      void reply.header('x-oj-board-version', page.version);
      return ok(page);
    },
  );
}

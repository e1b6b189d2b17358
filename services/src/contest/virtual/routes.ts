// HTTP shape of virtual participation (issue #27).
import { CidQuery } from '@oj/protocol/contest/schemas';
import {
  VirtualBoardQuery,
  VirtualFinalBoardQuery,
  VirtualOfUserQuery,
  VirtualStartBody,
  VirtualVidQuery,
} from '@oj/protocol/contest/virtual-schemas';
import type { App } from '../../platform/http/app';
import { ok } from '../../platform/http/envelope';
import type { VirtualService } from './service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;

export function registerVirtualRoutes(app: App, s: VirtualService): void {
  app.post('/api/contest/virtual/start', { config: login, schema: { body: VirtualStartBody } }, async (req) =>
    ok(await s.start(req.user!, req.body)),
  );
  app.get('/api/contest/virtual/current', { config: login }, async (req) => ok(await s.current(req.user!)));
  app.get(
    '/api/contest/virtual/of-contest',
    { config: login, schema: { querystring: CidQuery } },
    async (req) => ok(await s.ofContest(req.user!, req.query.cid)),
  );
  app.get(
    '/api/contest/virtual/board',
    { config: login, schema: { querystring: VirtualBoardQuery } },
    async (req, reply) => {
      const page = await s.board(req.user!, req.query);
      // The version the page is at, as the live board sends it: pushes chain from it.
      void reply.header('x-oj-board-version', page.version);
      return ok(page);
    },
  );
  app.get(
    '/api/contest/virtual/announcements',
    { config: login, schema: { querystring: VirtualVidQuery } },
    async (req) => ok(await s.announcements(req.user!, req.query.vid)),
  );
  app.get(
    '/api/contest/virtual/clarifications',
    { config: login, schema: { querystring: VirtualVidQuery } },
    async (req) => ok(await s.clarifications(req.user!, req.query.vid)),
  );
  app.get(
    '/api/contest/virtual/of-user',
    { config: anonymous, schema: { querystring: VirtualOfUserQuery } },
    async (req) => ok(await s.ofUser(req.user ?? null, req.query.username)),
  );
  app.get(
    '/api/contest/virtual/final-board',
    { config: anonymous, schema: { querystring: VirtualFinalBoardQuery } },
    async (req) => ok(await s.finalBoard(req.user ?? null, req.query)),
  );
}

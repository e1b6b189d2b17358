// HTTP shape of the similarity reports (issue #28). Every route needs a signed-in caller; the
// service decides from stored rows whether they administer the analysed scope.
import { judgeOperations as O } from '@oj/protocol/judge/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../../platform/http/app';
import { ok, okEmpty } from '../../platform/http/envelope';
import type { SimilarityService } from './service';

const tags = ['similarity'];
const LOGIN = { access: 'login' as const };

export function registerSimilarityRoutes(app: App, service: SimilarityService): void {
  app.post(
    '/api/admin/similarity/start',
    {
      config: LOGIN,
      schema: { tags, ...routeSchema(O['POST /api/admin/similarity/start']) },
    },
    async (req) => ok(await service.start(req.user!, req.body)),
  );
  app.get(
    '/api/admin/similarity/list',
    {
      config: LOGIN,
      schema: { tags, ...routeSchema(O['GET /api/admin/similarity/list']) },
    },
    async (req) => ok(await service.list(req.user!, req.query)),
  );
  app.get(
    '/api/admin/similarity/report',
    {
      config: LOGIN,
      schema: { tags, ...routeSchema(O['GET /api/admin/similarity/report']) },
    },
    async (req) => ok(await service.report(req.user!, req.query.id)),
  );
  app.get(
    '/api/admin/similarity/pair',
    {
      config: LOGIN,
      schema: { tags, ...routeSchema(O['GET /api/admin/similarity/pair']) },
    },
    async (req) => ok(await service.pairDetail(req.user!, req.query.id)),
  );
  app.put(
    '/api/admin/similarity/review',
    { config: LOGIN, schema: { tags, ...routeSchema(O['PUT /api/admin/similarity/review']) } },
    async (req) => {
      await service.review(req.user!, req.body.pairId, req.body.reviewed);
      return okEmpty();
    },
  );
  app.post(
    '/api/admin/similarity/cancel-user',
    {
      config: LOGIN,
      schema: { tags, ...routeSchema(O['POST /api/admin/similarity/cancel-user']) },
    },
    async (req) => ok(await service.cancelAsCheating(req.user!, req.body.analysisId, req.body.uid)),
  );
}

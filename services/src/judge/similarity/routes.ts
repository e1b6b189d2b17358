// HTTP shape of the similarity reports (issue #28). Every route needs a signed-in caller; the
// service decides from stored rows whether they administer the analysed scope.
import { Type } from '@sinclair/typebox';
import { EmptyEnvelope, EnvelopeOf } from '@oj/protocol';
import {
  SimilarityAnalysis,
  SimilarityCheatBody,
  SimilarityCheatResult,
  SimilarityIdQuery,
  SimilarityListQuery,
  SimilarityPairDetail,
  SimilarityReport,
  SimilarityReviewBody,
  StartSimilarityBody,
} from '@oj/protocol/judge';
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
      schema: { tags, body: StartSimilarityBody, response: { 200: EnvelopeOf(SimilarityAnalysis) } },
    },
    async (req) => ok(await service.start(req.user!, req.body)),
  );
  app.get(
    '/api/admin/similarity/list',
    {
      config: LOGIN,
      schema: {
        tags,
        querystring: SimilarityListQuery,
        response: { 200: EnvelopeOf(Type.Array(SimilarityAnalysis)) },
      },
    },
    async (req) => ok(await service.list(req.user!, req.query)),
  );
  app.get(
    '/api/admin/similarity/report',
    {
      config: LOGIN,
      schema: { tags, querystring: SimilarityIdQuery, response: { 200: EnvelopeOf(SimilarityReport) } },
    },
    async (req) => ok(await service.report(req.user!, req.query.id)),
  );
  app.get(
    '/api/admin/similarity/pair',
    {
      config: LOGIN,
      schema: { tags, querystring: SimilarityIdQuery, response: { 200: EnvelopeOf(SimilarityPairDetail) } },
    },
    async (req) => ok(await service.pairDetail(req.user!, req.query.id)),
  );
  app.put(
    '/api/admin/similarity/review',
    { config: LOGIN, schema: { tags, body: SimilarityReviewBody, response: { 200: EmptyEnvelope } } },
    async (req) => {
      await service.review(req.user!, req.body.pairId, req.body.reviewed);
      return okEmpty();
    },
  );
  app.post(
    '/api/admin/similarity/cancel-user',
    {
      config: LOGIN,
      schema: { tags, body: SimilarityCheatBody, response: { 200: EnvelopeOf(SimilarityCheatResult) } },
    },
    async (req) => ok(await service.cancelAsCheating(req.user!, req.body.analysisId, req.body.uid)),
  );
}

// HTTP shape of the public problem endpoints (core.md §6).
import { Type } from '@sinclair/typebox';
import { EnvelopeOf } from '@oj/protocol';
import {
  CodeTemplate,
  FullScreenProblem,
  FullScreenQuery,
  Language,
  LanguagesQuery,
  OjQuery,
  OptionalPidQuery,
  PidQuery,
  ProblemDetail,
  ProblemDetailQuery,
  ProblemListQuery,
  ProblemVOPage,
  Tag,
  TagsAndClassification,
  UserProblemStatusBody,
} from '@oj/protocol/problem/schemas';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { ProblemService } from './service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;
const env = EnvelopeOf;

export function registerProblemRoutes(app: App, service: ProblemService): void {
  app.get(
    '/api/get-all-problem-tags',
    { config: anonymous, schema: { querystring: OjQuery, response: { 200: env(Type.Array(Tag)) } } },
    async (req) => ok(await service.allTags(req.query.oj)),
  );
  app.get(
    '/api/get-problem-tags-and-classification',
    {
      config: anonymous,
      schema: { querystring: OjQuery, response: { 200: env(Type.Array(TagsAndClassification)) } },
    },
    async (req) => ok(await service.tagsAndClassification(req.query.oj)),
  );
  app.get(
    '/api/get-problem-tags',
    { config: anonymous, schema: { querystring: OptionalPidQuery, response: { 200: env(Type.Array(Tag)) } } },
    async (req) => ok(await service.problemTags(req.query.pid, req.user ?? null)),
  );
  app.get(
    '/api/get-problem-list',
    { config: anonymous, schema: { querystring: ProblemListQuery, response: { 200: env(ProblemVOPage) } } },
    async (req) => ok(await service.problemList(req.query)),
  );
  app.get(
    '/api/get-random-problem',
    { config: anonymous, schema: { response: { 200: env(Type.Object({ problemId: Type.String() })) } } },
    async () => ok(await service.randomProblem()),
  );
  app.get(
    '/api/get-problem-detail',
    { config: anonymous, schema: { querystring: ProblemDetailQuery, response: { 200: env(ProblemDetail) } } },
    async (req) => ok(await service.problemDetail(req.user, req.query.problemId, req.query.gid)),
  );
  app.get(
    '/api/get-problem-code-template',
    {
      config: anonymous,
      schema: { querystring: PidQuery, response: { 200: env(Type.Array(CodeTemplate)) } },
    },
    async (req) => ok(await service.codeTemplates(req.query.pid, req.user ?? null)),
  );
  app.get(
    '/api/languages',
    {
      config: anonymous,
      schema: { querystring: LanguagesQuery, response: { 200: env(Type.Array(Language)) } },
    },
    async (req) => ok(await service.languages(req.query.pid, req.query.all)),
  );
  app.get(
    '/api/get-problem-languages',
    { config: anonymous, schema: { querystring: PidQuery, response: { 200: env(Type.Array(Language)) } } },
    async (req) => ok(await service.problemLanguages(req.query.pid, req.user ?? null)),
  );
  app.get(
    '/api/get-full-screen-problem-list',
    {
      config: login,
      schema: { querystring: FullScreenQuery, response: { 200: env(Type.Array(FullScreenProblem)) } },
    },
    async (req) => ok(await service.fullScreenList(req.user!, req.query.tid, req.query.cid)),
  );
  app.post(
    '/api/get-user-problem-status',
    {
      config: login,
      schema: {
        body: UserProblemStatusBody,
        response: {
          200: env(
            Type.Record(
              Type.String(),
              Type.Object({
                status: Type.Integer(),
                score: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
              }),
            ),
          ),
        },
      },
    },
    async (req) => ok(await service.userProblemStatus(req.user!, req.body)),
  );
}

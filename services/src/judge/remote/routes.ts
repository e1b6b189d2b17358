// HTTP shape of the remote judge's back office (groups-admin-files.md §4.6 import, remote accounts).
import { Type } from '@sinclair/typebox';
import { EmptyEnvelope, EnvelopeOf } from '@oj/protocol';
import {
  ImportRemoteContestQuery,
  ImportRemoteQuery,
  ImportRemoteTrainingQuery,
  RemoteAccountBody,
  RemoteAccountIdQuery,
  RemoteAccountListQuery,
  RemoteAccountView,
  RemoteProblemPreview,
} from '@oj/protocol/judge/remote';
import type { App } from '../../platform/http/app';
import { ok, okEmpty } from '../../platform/http/envelope';
import type { RemoteJudgeService } from './service';
import { RemoteMessages as RM } from './messages';

const tags = ['remote-judge'];
const problemAdmins = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
const rootOnly = { access: 'login', roles: ['root'] } as const;

export function registerRemoteJudgeRoutes(app: App, s: RemoteJudgeService) {
  app.get(
    '/api/admin/problem/import-remote-oj-problem',
    {
      config: problemAdmins,
      schema: { tags, querystring: ImportRemoteQuery, response: { 200: EmptyEnvelope } },
    },
    async (req) => {
      await s.importProblem(req.user!, req.query.name, req.query.problemId);
      return okEmpty(RM.IMPORT_OK);
    },
  );
  app.get(
    '/api/admin/training/import-remote-oj-problem',
    {
      config: problemAdmins,
      schema: { tags, querystring: ImportRemoteTrainingQuery, response: { 200: EmptyEnvelope } },
    },
    async (req) => {
      await s.importIntoTraining(req.user!, req.query.name, req.query.problemId, req.query.tid);
      return okEmpty(RM.IMPORT_OK);
    },
  );
  app.get(
    '/api/admin/contest/import-remote-oj-problem',
    {
      config: problemAdmins,
      schema: { tags, querystring: ImportRemoteContestQuery, response: { 200: EmptyEnvelope } },
    },
    async (req) => {
      const q = req.query;
      await s.importIntoContest(req.user!, q.name, q.problemId, q.cid, q.displayId);
      return okEmpty(RM.IMPORT_OK);
    },
  );
  app.get(
    '/api/admin/problem/remote-oj-problem-preview',
    {
      config: problemAdmins,
      schema: { tags, querystring: ImportRemoteQuery, response: { 200: EnvelopeOf(RemoteProblemPreview) } },
    },
    async (req) => ok(await s.preview(req.query.name, req.query.problemId)),
  );
  app.get(
    '/api/admin/remote-judge/accounts',
    {
      config: rootOnly,
      schema: {
        tags,
        querystring: RemoteAccountListQuery,
        response: { 200: EnvelopeOf(Type.Array(RemoteAccountView)) },
      },
    },
    async (req) => ok(await s.listAccounts(req.query.oj)),
  );
  app.post(
    '/api/admin/remote-judge/account',
    { config: rootOnly, schema: { tags, body: RemoteAccountBody, response: { 200: EmptyEnvelope } } },
    async (req) => {
      await s.saveAccount(req.body);
      return okEmpty();
    },
  );
  app.delete(
    '/api/admin/remote-judge/account',
    {
      config: rootOnly,
      schema: { tags, querystring: RemoteAccountIdQuery, response: { 200: EmptyEnvelope } },
    },
    async (req) => {
      await s.deleteAccount(req.query.id);
      return okEmpty();
    },
  );
}

// HTTP shape of discussion posts (reference contests-trainings-discussions.md §3) and their back
// office (groups-admin-files.md §4.12).
import { Permission } from '@oj/protocol';
import {
  AdminDiscussionBody,
  AdminDiscussionDeleteBody,
  CategoryBody,
  DiscussionBody,
  DiscussionDeleteQuery,
  DiscussionDetailQuery,
  DiscussionLikeQuery,
  DiscussionListQuery,
  ReportBody,
  ReportListQuery,
  ReportUpdateBody,
} from '@oj/protocol/discussion/posts';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { PostService } from './post-service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;
const root = { access: 'login', roles: ['root'] } as const;
const staff = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
const perm = (p: string) => ({ access: 'login', permissions: [p] }) as const;

export function registerPostRoutes(app: App, s: PostService): void {
  app.get('/api/discussion-category', { config: anonymous }, async () => ok(await s.categories()));
  app.post('/api/discussion-category', { config: root, schema: { body: CategoryBody } }, async (req) =>
    ok(await s.saveCategories(req.body)),
  );
  app.get(
    '/api/get-discussion-list',
    { config: anonymous, schema: { querystring: DiscussionListQuery } },
    async (req) => ok(await s.list(req.user ?? null, req.query)),
  );
  app.get(
    '/api/get-discussion-detail',
    { config: anonymous, schema: { querystring: DiscussionDetailQuery } },
    async (req) => ok(await s.detail(req.user ?? null, req.query.did)),
  );
  // Issue #26 item 4 (not in the reference): the posting rule and the caller's progress.
  app.get('/api/discussion-write-rule', { config: login }, async (req) => ok(await s.writeRule(req.user!)));
  app.post(
    '/api/discussion',
    { config: perm(Permission.DISCUSSION_ADD), schema: { body: DiscussionBody } },
    async (req) => ok(await s.create(req.user!, req.body), 'success'),
  );
  app.put(
    '/api/discussion',
    { config: perm(Permission.DISCUSSION_EDIT), schema: { body: DiscussionBody } },
    async (req) => ok(await s.update(req.user!, req.body)),
  );
  app.delete(
    '/api/discussion',
    { config: perm(Permission.DISCUSSION_DEL), schema: { querystring: DiscussionDeleteQuery } },
    async (req) => ok(await s.remove(req.user!, req.query.did)),
  );
  app.get(
    '/api/discussion-like',
    { config: login, schema: { querystring: DiscussionLikeQuery } },
    async (req) => {
      const q = req.query;
      return ok(await s.like(req.user!, q.did, q.toLike));
    },
  );
  app.post('/api/discussion-report', { config: login, schema: { body: ReportBody } }, async (req) =>
    ok(await s.report(req.user!, req.body)),
  );

  app.put('/api/admin/discussion', { config: staff, schema: { body: AdminDiscussionBody } }, async (req) =>
    ok(await s.adminUpdate(req.body)),
  );
  app.delete(
    '/api/admin/discussion',
    { config: staff, schema: { body: AdminDiscussionDeleteBody } },
    async (req) => ok(await s.adminDelete(req.body)),
  );
  app.get(
    '/api/admin/discussion-report',
    { config: staff, schema: { querystring: ReportListQuery } },
    async (req) => ok(await s.reports(req.query)),
  );
  app.put(
    '/api/admin/discussion-report',
    { config: staff, schema: { body: ReportUpdateBody } },
    async (req) => {
      const b = req.body;
      return ok(await s.handleReport(b.id, b.status));
    },
  );
}

// Import verification routes (issue #25 item 3): the stored table of a problem's shipped
// solutions, and running them again. Root only, as the package import that made them.
import { problemOperations as O } from '@oj/protocol/problem/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../../platform/http/app';
import { ok } from '../../platform/http/envelope';
import type { VerificationService } from './service';

const ROOT = { access: 'login', roles: ['root'] } as const;

export function registerVerificationRoutes(app: App, verification: VerificationService): void {
  app.get(
    '/api/admin/problem/verification',
    {
      config: ROOT,
      schema: routeSchema(O['GET /api/admin/problem/verification']),
    },
    async (req) => ok(await verification.view(req.query.pid)),
  );
  app.post(
    '/api/admin/problem/verification/rerun',
    {
      config: ROOT,
      schema: routeSchema(O['POST /api/admin/problem/verification/rerun']),
    },
    async (req) => ok({ verifying: await verification.rerun(req.user!.uid, req.body.pid) }),
  );
}

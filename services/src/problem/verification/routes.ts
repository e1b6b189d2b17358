// Import verification routes (issue #25 item 3): the stored table of a problem's shipped
// solutions, and running them again. Root only, as the package import that made them.
import { Type } from '@sinclair/typebox';
import { EnvelopeOf } from '@oj/protocol';
import { ProblemVerificationSchema } from '@oj/protocol/problem';
import type { App } from '../../platform/http/app';
import { ok } from '../../platform/http/envelope';
import { INT32_MAX } from '../../platform/http/request-bounds';
import type { VerificationService } from './service';

const ROOT = { access: 'login', roles: ['root'] } as const;
const Pid = Type.Integer({ minimum: 1, maximum: INT32_MAX });

export function registerVerificationRoutes(app: App, verification: VerificationService): void {
  app.get(
    '/api/admin/problem/verification',
    {
      config: ROOT,
      schema: {
        querystring: Type.Object({ pid: Pid }),
        response: { 200: EnvelopeOf(ProblemVerificationSchema) },
      },
    },
    async (req) => ok(await verification.view(req.query.pid)),
  );
  app.post(
    '/api/admin/problem/verification/rerun',
    {
      config: ROOT,
      schema: {
        body: Type.Object({ pid: Pid }),
        response: { 200: EnvelopeOf(Type.Object({ verifying: Type.Integer() })) },
      },
    },
    async (req) => ok({ verifying: await verification.rerun(req.user!.uid, req.body.pid) }),
  );
}

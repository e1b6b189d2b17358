// Browser-test hook (only with OJ_TEST_HOOKS=1): stop and start the embedded judge runner, so a
// test can watch a runner go quiet and come back on the dashboard. The process start (serve.ts)
// plugs the control in once the runner exists.
import { Type } from '@sinclair/typebox';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import { fail } from '../platform/http/errors';

export interface RunnerControl {
  stop(): Promise<void>;
  start(): Promise<void>;
}

let control: RunnerControl | null = null;

export function setEmbeddedRunnerControl(c: RunnerControl | null): void {
  control = c;
}

export const testHooksEnabled = () => process.env.OJ_TEST_HOOKS === '1';

export function registerTestHooks(app: App): void {
  if (!testHooksEnabled()) return;
  app.post(
    '/api/admin/test/embedded-runner',
    {
      config: { access: 'login', roles: ['root'] },
      schema: {
        hide: true,
        body: Type.Object({ action: Type.Union([Type.Literal('stop'), Type.Literal('start')]) }),
      },
    },
    async (req) => {
      if (!control) throw fail('no embedded runner');
      await (req.body.action === 'stop' ? control.stop() : control.start());
      return ok(null);
    },
  );
}

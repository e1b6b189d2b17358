// Problems and submissions end to end on the embedded default: PGlite, the in-process bus,
// the in-process judge runner with its real sandbox, and socket.io on the same server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Runner } from '@oj/judge-runner';
import { loadConfig } from '../../src/platform/config';
import { createPlatform, type Platform } from '../../src/compose';
import { startEmbeddedJudge } from '../../src/platform/embedded-judge';
import { codeFromOutbox, runSubmissionScenario } from './scenario';

const dataDir = mkdtempSync(join(tmpdir(), 'oj-e2e-'));
let platform: Platform;
let runner: Runner | null;
let base: string;

beforeAll(async () => {
  const config = loadConfig({ OJ_DATA_DIR: dataDir, OJ_ROOT_PASSWORD: 'root-pass-1', LOG_LEVEL: 'silent' });
  platform = await createPlatform({ config, attachGateway: true });
  runner = await startEmbeddedJudge(platform.ctx);
  if (!runner)
    throw new Error('the judge runner did not start: this test needs root, bubblewrap and cgroups');
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await runner?.stop();
  await platform?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded default: PGlite + in-process bus + in-process runner', () => {
  it('registers, submits, and receives every verdict by push; counters, solved list and rank follow', async () => {
    await runSubmissionScenario({
      base,
      registerCode: (email) => codeFromOutbox(platform.ctx.db, email),
    });
  }, 240_000);
});

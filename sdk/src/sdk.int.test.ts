// The SDK stays the platform's contract: the committed OpenAPI document and the types generated
// from it are what the platform serves today (a schema change without `npm run generate -w
// @oj/sdk` fails here), and the client talks to a real platform with the envelope intact.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '@oj/services/compose';
import { loadConfig } from '@oj/services/platform/config';
import { buildOpenApiText } from '../scripts/document';
import { createOjClient } from './index';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const committed = (path: string) => readFileSync(join(sdkDir, path), 'utf8');

/** Where a fresh generation first departs from the committed file (null: identical), short enough to read. */
function firstDifference(committedText: string, generatedText: string): string | null {
  if (committedText === generatedText) return null;
  const before = committedText.split('\n');
  const after = generatedText.split('\n');
  let line = 0;
  while (before[line] === after[line]) line += 1;
  return `stale from line ${line + 1}: committed ${JSON.stringify(before[line])}, generated ${JSON.stringify(after[line])}`;
}

describe('the generated files', () => {
  const work = mkdtempSync(join(tmpdir(), 'oj-sdk-generate-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('equal a fresh generation from the platform (run `npm run generate -w @oj/sdk` after a schema change)', async () => {
    const document = join(work, 'openapi.json');
    const types = join(work, 'schema.d.ts');
    writeFileSync(document, await buildOpenApiText());
    // The same generator and options as the package's `generate` script.
    execFileSync('npx', ['--no-install', 'openapi-typescript', document, '-o', types], {
      cwd: sdkDir,
      stdio: 'pipe',
    });
    expect(firstDifference(committed('openapi.json'), readFileSync(document, 'utf8'))).toBeNull();
    expect(firstDifference(committed('src/schema.d.ts'), readFileSync(types, 'utf8'))).toBeNull();
  });
});

describe('the client against a running platform', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-sdk-client-'));
  let platform: Platform;
  let baseUrl = '';

  beforeAll(async () => {
    const config = loadConfig({ OJ_DATA_DIR: dataDir, OJ_ROOT_PASSWORD: 'root-pass-1', LOG_LEVEL: 'silent' });
    platform = await createPlatform({ config });
    await platform.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await platform?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs in, keeps the token from the answer, and sends it on the next call', async () => {
    const client = createOjClient({ baseUrl });
    const anonymous = await client.GET('/api/get-user-auth-info');
    expect(anonymous.data?.status).not.toBe(200);

    const login = await client.POST('/api/login', { body: { username: 'root', password: 'root-pass-1' } });
    expect(login.data?.status).toBe(200);
    expect(login.data?.data?.username).toBe('root');
    expect(client.token()).toBe(login.response.headers.get('Authorization'));

    const auth = await client.GET('/api/get-user-auth-info');
    expect(auth.data?.status).toBe(200);
    expect(auth.data?.data).toBeTruthy();
  });

  it('answers a typed list call with the envelope, its data the page', async () => {
    const client = createOjClient({ baseUrl });
    const { data } = await client.GET('/api/get-problem-list', {
      params: { query: { currentPage: 1, limit: 5 } },
    });
    expect(data?.status).toBe(200);
    expect(typeof data?.msg).toBe('string');
    expect(data?.data?.records.length).toBeGreaterThan(0);
    expect(data?.data?.records[0]?.problemId).toEqual(expect.any(String));
  });
});

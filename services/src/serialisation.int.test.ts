// Issue #30 item 2: answers are serialised through the route table's schema, so a property a
// service puts on a row that the schema does not declare never leaves the server. Composed
// platform; the judge service's rank list is wrapped to add an undeclared field to its row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePage } from '@oj/protocol';
import { loadConfig } from './platform/config';
import { createPlatform, type Platform } from './compose';

const dataDir = mkdtempSync(join(tmpdir(), 'oj-serialisation-'));
let platform: Platform;

beforeAll(async () => {
  platform = await createPlatform({ config: loadConfig({ OJ_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
  await platform.app.ready();
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await platform?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const row = {
  uid: 'u-1',
  username: 'alice',
  nickname: null,
  avatar: null,
  titleName: null,
  titleColor: null,
  signature: 'hello',
  ac: 3,
  total: 5,
};

describe('response serialisation through the schema', () => {
  it('drops a property the schema does not declare and keeps the declared ones', async () => {
    vi.spyOn(platform.judge.service, 'rankList').mockResolvedValue(
      makePage([{ ...row, secretField: 'password-hash' }], 1, 30, 1),
    );
    const res = await platform.app.inject({ url: '/api/get-rank-list?type=0&currentPage=1&limit=30' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secretField');
    expect(res.body).not.toContain('password-hash');
    const body = res.json() as {
      status: number;
      data: { records: Record<string, unknown>[]; total: number };
    };
    expect(body.status).toBe(200);
    expect(body.data.total).toBe(1);
    expect(body.data.records).toEqual([row]);
  });
});

// Issue 13: a login from another address than the last one leaves a Sys notice in the message
// center (groups-admin-files.md §4.1), through the account capability's NoticePort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, PASSWORD, type Harness } from '../account/harness.test-support';
import { createMessageCapability, type MessageCapability } from './index';
import { silentLog } from '../judge/test-harness';
import { createMemoryBus } from '@oj/protocol/bus';

describe('remote-login notice on postgres', () => {
  let h: Harness;
  let message: MessageCapability;
  beforeAll(async () => {
    h = await startHarness('postgres');
    message = createMessageCapability({
      config: {} as never,
      db: h.db,
      bus: createMemoryBus(),
      blobs: null as never,
      log: silentLog,
    });
    h.cap.useNotices(message.service.noticePort);
  });
  afterAll(async () => h?.close());

  const login = (ip: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { username: 'alice', password: PASSWORD },
    });

  it('tells the user when the address changes, not when it stays', async () => {
    expect((await login('10.0.0.1')).json().status).toBe(200);
    expect((await login('10.0.0.1')).json().status).toBe(200);
    expect((await message.service.unread(h.users.alice)).sys).toBe(0);
    expect((await login('10.9.9.9')).json().status).toBe(200);
    expect((await message.service.unread(h.users.alice)).sys).toBe(1);
    const page = await message.service.notices(
      { uid: h.users.alice, username: 'alice', roleIds: [], roles: [], permissions: [] },
      'Sys',
      {},
    );
    expect(page.records[0]!.title).toBe('账号异地登录通知(Account Remote Login Notice)');
    expect(page.records[0]!.content).toContain('10.9.9.9');
    await message.service.idle();
  });
});

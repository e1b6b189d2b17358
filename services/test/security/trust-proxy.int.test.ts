// Behind the shipped nginx every request comes from nginx's address (issue #23 item 12): the
// client is what the configured proxies' X-Forwarded-For says (OJ_TRUST_PROXY), so one client's
// wrong passwords lock that client, never every login; a header from anyone else is ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startSecurityPlatform, type SecurityPlatform } from './platform';

const NGINX = '172.20.0.5';
let env: SecurityPlatform;

beforeAll(async () => {
  env = await startSecurityPlatform({ env: { OJ_TRUST_PROXY: '172.16.0.0/12' } });
}, 120_000);

afterAll(async () => {
  await env?.close();
});

function login(username: string, password: string, remoteAddress: string, forwardedFor?: string) {
  return env.platform.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

describe('client addresses behind a trusted proxy', () => {
  it("one client's 30 wrong passwords through nginx do not lock another client's login", async () => {
    // Wrong passwords for names that do not exist: only the per-address failure count grows.
    for (let i = 0; i < 31; i++) await login(`nobody${i}`, 'wrong-password', NGINX, '198.51.100.7');
    const attacker = await login('sec_user', PASSWORD, NGINX, '198.51.100.7');
    expect(attacker.json().msg).toBe('请求过于频繁，请稍后再试！');
    const other = await login('sec_user', PASSWORD, NGINX, '203.0.113.8');
    expect(other.json().status).toBe(200);
  }, 120_000);

  it("counts an account's wrong passwords per account, beside the per-address counts", async () => {
    // Five addresses, one wrong password each: no address is near its limit, the account is.
    for (let i = 0; i < 5; i++) await login('sec_participant', 'wrong-password', NGINX, `192.0.2.${i + 1}`);
    const fresh = await login('sec_participant', PASSWORD, NGINX, '192.0.2.77');
    expect(fresh.json().msg).toBe('登录失败次数过多，请先完成验证码验证！');
    const otherAccount = await login('sec_padmin', PASSWORD, NGINX, '192.0.2.1');
    expect(otherAccount.json().status).toBe(200);
  }, 120_000);

  it('ignores X-Forwarded-For from an address that is not a configured proxy', async () => {
    for (let i = 0; i < 31; i++)
      await login(`ghost${i}`, 'wrong-password', '198.51.100.99', `203.0.113.${i}`);
    const res = await login('sec_admin', PASSWORD, '198.51.100.99', '203.0.113.200');
    expect(res.json().msg).toBe('请求过于频繁，请稍后再试！');
  }, 120_000);
});

// Account defences on the composed platform: tokens revoked on password change and reset,
// per-IP login limits, single-use captcha keys, security headers on real answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { PASSWORD, startSecurityPlatform, type SecurityPlatform } from './platform';
import { multipartBody } from './requests';

let env: SecurityPlatform;

beforeAll(async () => {
  env = await startSecurityPlatform();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

const inject = (opts: InjectOptions) => env.platform.app.inject(opts);

async function login(username: string, password: string, ip: string) {
  return inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });
}

async function authInfo(token: string) {
  return inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: token } });
}

async function captcha(): Promise<{ key: string; answer: string }> {
  const res = await inject({ method: 'GET', url: '/api/captcha' });
  const key: string = res.json().data.captchaKey;
  const { rows } = await sql<{ code: string }>`select code from account_code
      where kind = 'captcha' and key = ${key}`.execute(env.platform.ctx.db);
  return { key, answer: rows[0]!.code };
}

describe('account defences', () => {
  it('a password change ends every session of the account', async () => {
    const other = String((await login('sec_user', PASSWORD, '10.1.0.1')).headers.authorization);
    expect((await authInfo(other)).statusCode).toBe(200);
    const changed = await inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { authorization: env.tokens.user },
      payload: { oldPassword: PASSWORD, newPassword: 'new-pass-22' },
    });
    expect(changed.json().status).toBe(200);
    expect((await authInfo(other)).statusCode).toBe(401);
    expect((await authInfo(env.tokens.user)).statusCode).toBe(401);
    expect((await login('sec_user', 'new-pass-22', '10.1.0.1')).json().status).toBe(200);
  });

  it('a password reset ends every session of the account', async () => {
    const token = String((await login('sec_participant', PASSWORD, '10.1.0.2')).headers.authorization);
    const c = await captcha();
    const apply = await inject({
      method: 'POST',
      url: '/api/apply-reset-password',
      payload: { email: 'sec_participant@example.com', captcha: c.answer, captchaKey: c.key },
    });
    expect(apply.json().status).toBe(200);
    const { rows } = await sql<{ code: string }>`select code from account_code
        where kind = 'reset-password' and key = 'sec_participant'`.execute(env.platform.ctx.db);
    const reset = await inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { username: 'sec_participant', password: 'reset-pass-3', code: rows[0]!.code },
    });
    expect(reset.json().status).toBe(200);
    expect((await authInfo(token)).statusCode).toBe(401);
  });

  it('a captcha key answers once: a right answer after a wrong one is refused', async () => {
    const c = await captcha();
    const wrong = String(Number(c.answer) + 1);
    const body = (captchaText: string) => ({
      email: 'sec_admin@example.com',
      captcha: captchaText,
      captchaKey: c.key,
    });
    const first = await inject({ method: 'POST', url: '/api/apply-reset-password', payload: body(wrong) });
    expect(first.json().msg).toBe('验证码不正确');
    const second = await inject({
      method: 'POST',
      url: '/api/apply-reset-password',
      payload: body(c.answer),
    });
    expect(second.json().msg).toBe('验证码不正确');
  });

  it('limits failed logins per address, whatever the usernames; other addresses still log in', async () => {
    const ip = '10.66.0.1';
    let refused = 0;
    for (let i = 0; i < 32; i++) {
      const r = await login(`nobody_${i}`, 'wrong-pass-1', ip);
      if (r.json().msg === '请求过于频繁，请稍后再试！') refused++;
    }
    expect(refused).toBeGreaterThanOrEqual(1);
    // Even the right password is refused from that address now; another address is not limited.
    expect((await login('sec_admin', PASSWORD, ip)).json().msg).toBe('请求过于频繁，请稍后再试！');
    expect((await login('sec_admin', PASSWORD, '10.66.0.2')).json().status).toBe(200);
  }, 60_000);

  it('refuses an avatar whose bytes are not an image, whatever its name', async () => {
    const token = String((await login('sec_admin', PASSWORD, '10.1.0.9')).headers.authorization);
    const upload = (content: Buffer) => {
      const mp = multipartBody([{ name: 'image', filename: 'a.png', content, type: 'image/png' }]);
      return inject({
        method: 'POST',
        url: '/api/file/upload-avatar',
        payload: mp.body,
        headers: { 'content-type': mp.contentType, authorization: token },
      });
    };
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'));
    expect(svg.json()).toMatchObject({ status: 400, msg: '请选择jpg,jpeg,gif,png,webp格式的头像图片！' });
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(32),
    ]);
    expect((await upload(png)).json().status).toBe(200);
  });

  it('sends the security headers and refuses foreign origins credentials on real routes', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/get-website-config',
      headers: { host: 'oj.test', origin: 'https://evil.example' },
    });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

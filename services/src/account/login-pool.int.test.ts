// Sign-ins on the password pool (issue #22.5, #29.3): past the pool's bounded line a sign-in is
// answered "busy, retry in N s" as an envelope with Retry-After, not queued without end; below it
// the pool checks the password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startHarness, type Harness } from './harness.test-support';
import {
  createPasswordPool,
  passwordPool,
  PoolBusy,
  usePasswordPool,
  type PasswordPool,
} from './password-workers';

describe('sign-in on the password pool', () => {
  let h: Harness;
  let real: PasswordPool;
  beforeAll(async () => {
    h = await startHarness('pglite');
    real = passwordPool();
  }, 60_000);
  afterAll(async () => {
    usePasswordPool(real);
    await h?.close();
  });

  const login = (username: string, password: string, lang?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: lang ? { 'accept-language': lang } : {},
    });

  it('checks the password on the pool', async () => {
    let checks = 0;
    usePasswordPool({ ...real, verify: (hash, pw, line) => (checks++, real.verify(hash, pw, line)) });
    const r = await login('alice', PASSWORD);
    expect(r.json().status).toBe(200);
    expect(checks).toBe(1);
  });

  it('answers busy with Retry-After when the line is full, for known and unknown names', async () => {
    const full: PasswordPool = {
      ...real,
      verify: () => Promise.reject(new PoolBusy(3)),
      hash: () => Promise.reject(new PoolBusy(3)),
    };
    usePasswordPool(full);
    for (const name of ['alice', 'nobody-here']) {
      const r = await login(name, PASSWORD);
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('3');
      expect(r.json()).toEqual({ status: 503, msg: '服务器繁忙，请在3秒后重试！', data: null });
    }
    const en = await login('alice', PASSWORD, 'en-US');
    expect(en.json().msg).toBe('The server is busy, please retry in 3 s!');
    // A busy answer is not a wrong password: no failure was counted against the account.
    usePasswordPool(real);
    const ok = await login('alice', PASSWORD);
    expect(ok.json().status).toBe(200);
  });

  it('a real pool with a full line refuses at once', async () => {
    const tiny = createPasswordPool({ size: 1, maxWaiting: 1 });
    usePasswordPool(tiny);
    try {
      // One running and one waiting fill it; the sign-in that comes next is refused, not queued.
      const held = [tiny.hash('x'), tiny.hash('y')];
      const verify = tiny.verify('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'z');
      await expect(verify).rejects.toBeInstanceOf(PoolBusy);
      await Promise.all(held);
    } finally {
      usePasswordPool(real);
      await tiny.close();
    }
  });
});

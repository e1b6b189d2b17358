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

  it('a burst of sign-ins on a small pool: each signs in or is told busy with Retry-After, none fails', async () => {
    // One worker, 300 ms of wait allowed: the burst is more than that worker can serve in time.
    const tiny = createPasswordPool({ size: 1, maxWaitMs: 300 });
    usePasswordPool(tiny);
    try {
      const replies = await Promise.all(Array.from({ length: 24 }, () => login('bob', PASSWORD)));
      let ok = 0;
      let busy = 0;
      for (const r of replies) {
        if (r.json().status === 200) ok++;
        else {
          expect(r.statusCode).toBe(503);
          expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          expect(r.json()).toMatchObject({ status: 503, data: null });
          expect(r.json().msg).toMatch(/^服务器繁忙，请在\d+秒后重试！$/);
          busy++;
        }
      }
      expect(ok).toBeGreaterThanOrEqual(1);
      expect(ok + busy).toBe(24);
    } finally {
      usePasswordPool(real);
      await tiny.close();
    }
  });

  it('a burst that fits in the wait bound is served whole, however long the line', async () => {
    const two = createPasswordPool({ size: 2, maxWaitMs: 120_000 });
    usePasswordPool(two);
    try {
      const replies = await Promise.all(Array.from({ length: 24 }, () => login('alice', PASSWORD)));
      expect(replies.map((r) => r.json().status)).toEqual(Array(24).fill(200));
    } finally {
      usePasswordPool(real);
      await two.close();
    }
  }, 180_000);

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

// Load shedding and the disk-full envelope of the app factory (issues #22.3, #23.4, #23.5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { ok } from './envelope';
import { BusyError } from './errors';
import { createLoadGauge, shedExempt } from './load-shedding';

let app: App;
const waiting: Array<() => void> = [];

beforeAll(async () => {
  app = await buildApp({ shedding: { maxInFlight: 2, maxLagMs: 200, lagMinInFlight: 1, retryAfterS: 3 } });
  app.get('/api/fast', { config: { access: 'anonymous' } }, async () => ok('fast'));
  app.get('/api/slow', { config: { access: 'anonymous' } }, async () => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return ok('slow');
  });
  app.get('/metrics', { config: { access: 'anonymous' } }, async () => 'metrics 1');
  app.get('/api/busy', { config: { access: 'anonymous' } }, async () => {
    throw new BusyError(4);
  });
  app.post('/api/write', { config: { access: 'anonymous' } }, async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
  });
  app.get('/api/pg-full', { config: { access: 'anonymous' } }, async () => {
    throw new Error('insert failed', {
      cause: Object.assign(new Error('could not extend file'), { code: '53100' }),
    });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('load shedding', () => {
  it('refuses past the in-flight bound with a busy envelope and Retry-After; probes and metrics pass', async () => {
    const first = app.inject({ url: '/api/slow' });
    const second = app.inject({ url: '/api/slow' });
    await expect.poll(() => waiting.length).toBe(2);
    expect(app.loadGauge.inFlight).toBe(2);

    const shed = await app.inject({ url: '/api/fast' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('3');
    expect(shed.json()).toEqual({ status: 503, msg: '服务器繁忙，请在3秒后重试！', data: null });
    const en = await app.inject({ url: '/api/fast', headers: { 'accept-language': 'en-US' } });
    expect(en.json().msg).toBe('The server is busy, please retry in 3 s!');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics' })).body).toBe('metrics 1');

    // The two in flight are answered; then the process takes requests again.
    for (const resume of waiting.splice(0)) resume();
    expect((await first).json().data).toBe('slow');
    expect((await second).json().data).toBe('slow');
    await expect.poll(() => app.loadGauge.inFlight).toBe(0);
    expect((await app.inject({ url: '/api/fast' })).json().data).toBe('fast');
  });

  it('refuses while the event loop lags past its bound with requests piling up', async () => {
    app.loadGauge.setLagForTest(500);
    // A lagging loop with nothing else waiting still answers: shedding would not relieve it.
    expect((await app.inject({ url: '/api/fast' })).statusCode).toBe(200);
    const held = app.inject({ url: '/api/slow' });
    await expect.poll(() => waiting.length).toBe(1);
    const shed = await app.inject({ url: '/api/fast' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('3');
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    app.loadGauge.setLagForTest(0);
    expect((await app.inject({ url: '/api/fast' })).statusCode).toBe(200);
    for (const resume of waiting.splice(0)) resume();
    expect((await held).json().data).toBe('slow');
  });

  it('measures a sustained lag, not a single pause', async () => {
    const gauge = createLoadGauge(
      { maxInFlight: 0, maxLagMs: 30, lagMinInFlight: 0, retryAfterS: 1 },
      100,
      3,
    );
    const busy = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        /* the loop is held */
      }
    };
    try {
      // One long pause: a single window sees it; no sustained lag.
      busy(400);
      await expect.poll(() => gauge.overloaded()).toBeNull();
      // A loop held again and again (an overloaded process): every window sees it.
      let sustained = false;
      for (let i = 0; i < 60 && !sustained; i++) {
        busy(150);
        await new Promise<void>((resolve) => setTimeout(resolve, 0));
        sustained = gauge.overloaded() === 'lag';
      }
      expect(sustained).toBe(true);
      expect(gauge.lagMs).toBeGreaterThan(30);
    } finally {
      gauge.close();
    }
  });

  it('a BusyError thrown by a service carries Retry-After', async () => {
    app.loadGauge.setLagForTest(0);
    const r = await app.inject({ url: '/api/busy' });
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('4');
    expect(r.json()).toEqual({ status: 503, msg: '服务器繁忙，请在4秒后重试！', data: null });
  });

  it('exempts probes, metrics, preflights, static files and the API docs', () => {
    expect(shedExempt('GET', '/healthz')).toBe(true);
    expect(shedExempt('GET', '/metrics?x=1')).toBe(true);
    expect(shedExempt('OPTIONS', '/api/submit-problem-judge')).toBe(true);
    expect(shedExempt('GET', '/assets/index.js')).toBe(true);
    expect(shedExempt('GET', '/api/docs/json')).toBe(true);
    expect(shedExempt('POST', '/api/login')).toBe(false);
  });

  it('does not count the Contest API event feed (a long-lived stream) as a request in flight', () => {
    expect(shedExempt('GET', '/api/ccs/contests/12/event-feed?since_token=x')).toBe(true);
    expect(shedExempt('GET', '/api/ccs/contests/12/teams')).toBe(false);
    expect(shedExempt('GET', '/api/ccs/contests/12/event-feed/x')).toBe(false);
  });
});

describe('disk full', () => {
  it('answers ENOSPC with an envelope that says the disk is full, not a bare 500', async () => {
    app.loadGauge.setLagForTest(0);
    const r = await app.inject({ method: 'POST', url: '/api/write', payload: {} });
    expect(r.statusCode).toBe(507);
    expect(r.json()).toEqual({ status: 500, msg: '服务器磁盘已满，请联系管理员！', data: null });
    const en = await app.inject({
      method: 'POST',
      url: '/api/write',
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().msg).toBe("The server's disk is full, please tell an administrator!");
  });

  it("recognises PostgreSQL's disk_full (53100) as the cause", async () => {
    const r = await app.inject({ url: '/api/pg-full' });
    expect(r.statusCode).toBe(507);
    expect(r.json().msg).toBe('服务器磁盘已满，请联系管理员！');
  });
});

describe('a read that is not answered in time', () => {
  it('answers busy with Retry-After once its bound passes; the late answer is dropped', async () => {
    const slow = await buildApp({ readAnswerTimeoutMs: 300 });
    let finish: () => void = () => undefined;
    slow.get('/api/stalled', { config: { access: 'anonymous' } }, async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return ok('late');
    });
    slow.get('/api/quick', { config: { access: 'anonymous' } }, async () => ok('quick'));
    await slow.ready();
    try {
      const r = await slow.inject({ url: '/api/stalled' });
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json()).toEqual({ status: 503, msg: '服务器繁忙，请在2秒后重试！', data: null });
      finish();
      expect((await slow.inject({ url: '/api/quick' })).json().data).toBe('quick');
    } finally {
      await slow.close();
    }
  });
});

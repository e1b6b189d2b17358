// /metrics is never public (issue #23 item 15): on the API port only to the configured bearer
// token, or alone on its own port; with neither configured it is not served at all.
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../platform/http/app';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { createMetrics, type Metrics } from './metrics';

/** The one query the queue gauge runs at scrape time, answered with an empty queue. */
function fakeDb(): never {
  const chain: Record<string, unknown> = {};
  for (const m of ['selectFrom', 'select', 'where']) chain[m] = () => chain;
  chain.executeTakeFirst = async () => ({ n: '0' });
  return chain as never;
}

let app: App | null = null;
let metrics: Metrics | null = null;
let bus: Bus | null = null;

async function start(exposure: { token?: string; port?: number }) {
  bus = createMemoryBus();
  metrics = createMetrics({ db: fakeDb(), exposure: { ...exposure, host: '127.0.0.1' }, pingMs: 60_000 });
  app = await buildApp({ shedding: false });
  metrics.routes(app);
  await app.ready();
  await metrics.start(bus);
  return app;
}

afterEach(async () => {
  await metrics?.stop();
  await app?.close();
  await bus?.close?.();
  app = metrics = bus = null;
});

describe('/metrics exposure', () => {
  it('is not served on the API port when nothing is configured', async () => {
    const a = await start({});
    const res = await a.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('oj_process');
  });

  it('answers only the configured bearer token on the API port', async () => {
    const a = await start({ token: 'a-metrics-token-of-32-characters' });
    for (const authorization of [undefined, 'Bearer wrong', 'Bearer a-metrics-token-of-32-characterX']) {
      const res = await a.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(404);
      expect(res.body).not.toContain('oj_process');
    }
    const ok = await a.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer a-metrics-token-of-32-characters' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('oj_judge_queue_depth 0');
  });

  it('is served alone on its own port, and not on the API port', async () => {
    const a = await start({ port: 0 });
    expect((await a.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const port = metrics!.port();
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('oj_judge_queue_depth 0');
    expect((await fetch(`http://127.0.0.1:${port}/api/get-contest-list`)).status).toBe(404);
  });
});

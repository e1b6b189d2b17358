// Basic auth of the Contest API refuses an address after repeated failures without checking
// (each check is an argon2 hash), and answers in the Contest API's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../platform/http/app';
import { BASIC_FAILURES_ALLOWED, registerCcsRoutes } from './routes';
import type { CcsService } from './service';
import type { CcsFeeds } from './feed';

describe('Contest API basic auth', () => {
  let app: App;
  let checks = 0;
  beforeAll(async () => {
    app = await buildApp({ shedding: false });
    const service = { apiInfo: () => ({}), contests: async () => [] } as unknown as CcsService;
    await registerCcsRoutes(
      app,
      service,
      async (u, p) => {
        checks++;
        return u === 'judge' && p === 'right'
          ? { uid: 'j', username: 'judge', roleIds: [], roles: [], permissions: [] }
          : null;
      },
      {} as CcsFeeds,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const basic = (u: string, p: string) => ({
    authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`,
  });
  const call = (headers: Record<string, string>, remoteAddress: string) =>
    app.inject({ method: 'GET', url: '/api/ccs/contests', headers, remoteAddress });

  it('401 for wrong credentials, then 429 unchecked from that address; other addresses unaffected', async () => {
    for (let i = 0; i < BASIC_FAILURES_ALLOWED; i++) {
      const r = await call(basic('judge', `wrong${i}`), '10.0.0.1');
      expect(r.statusCode).toBe(401);
      expect(r.headers['www-authenticate']).toContain('Basic');
    }
    expect(checks).toBe(BASIC_FAILURES_ALLOWED);
    const refused = await call(basic('judge', 'right'), '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: expect.any(String) });
    expect(checks).toBe(BASIC_FAILURES_ALLOWED);
    const other = await call(basic('judge', 'right'), '10.0.0.2');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { EnvelopeOf } from '@oj/protocol';
import { OptionalNullable } from '@oj/protocol/nullable';
import { buildApp, type App } from './app';
import { fail, notFound } from './errors';
import { ok } from './envelope';
import type { Authenticator } from './access';

const users = {
  'tok-user': {
    uid: 'u1',
    username: 'alice',
    roleIds: [1002],
    roles: ['default_user'],
    permissions: ['submit'],
  },
  'tok-admin': {
    uid: 'u2',
    username: 'bob',
    roleIds: [1001],
    roles: ['admin'],
    permissions: ['submit', 'problem_admin'],
  },
};

const authenticator: Authenticator = {
  async authenticate(token, mayRenew) {
    if (token === 'tok-old')
      return mayRenew
        ? { kind: 'ok', user: users['tok-user'], token, renewedToken: 'tok-new' }
        : { kind: 'ok', user: users['tok-user'], token };
    const user = users[token as keyof typeof users];
    return user ? { kind: 'ok', user, token } : { kind: 'rejected', msg: '登录状态已失效，请重新登录！' };
  },
};

let app: App;
beforeAll(async () => {
  app = await buildApp({ authenticator });
  const Who = EnvelopeOf(Type.Object({ username: Type.Union([Type.String(), Type.Null()]) }));
  app.get('/api/anon', { config: { access: 'anonymous' }, schema: { response: { 200: Who } } }, async (req) =>
    ok({ username: req.user?.username ?? null }),
  );
  app.get(
    '/api/strict',
    { config: { access: 'anonymous-strict' }, schema: { response: { 200: Who } } },
    async (req) => ok({ username: req.user?.username ?? null }),
  );
  app.get(
    '/api/login-only',
    { config: { access: 'login' }, schema: { response: { 200: Who } } },
    async (req) => ok({ username: req.user!.username }),
  );
  app.get('/api/default', {}, async () => ok(null));
  app.post(
    '/api/body-login',
    { config: { access: 'login' }, schema: { body: Type.Object({ n: Type.Integer() }) } },
    async () => ok(null),
  );
  app.post(
    '/api/nullable',
    {
      config: { access: 'anonymous' },
      schema: {
        body: Type.Object({
          gid: Type.Union([Type.Integer(), Type.Null()]),
          s: Type.Optional(Type.String()),
        }),
      },
    },
    async (req) => ok({ gid: req.body.gid }),
  );
  app.get('/api/admin-only', { config: { access: 'login', roles: ['root', 'admin'] } }, async () => ok(null));
  app.get('/api/perm', { config: { access: 'login', permissions: ['problem_admin'] } }, async () => ok(null));
  app.get('/api/biz', { config: { access: 'anonymous' } }, async () => {
    throw fail('nope');
  });
  app.get('/api/missing', { config: { access: 'anonymous' } }, async () => {
    throw notFound('gone');
  });
  app.get('/api/crash', { config: { access: 'anonymous' } }, async () => {
    throw new Error('boom');
  });
  app.get(
    '/api/query',
    { config: { access: 'anonymous' }, schema: { querystring: Type.Object({ submitId: Type.Integer() }) } },
    async (req) => ok((req.query as { submitId: number }).submitId),
  );
  app.post(
    '/api/body',
    {
      config: { access: 'anonymous' },
      schema: {
        body: Type.Object({ username: Type.String({ minLength: 1, errorMessage: '用户名不能为空' }) }),
      },
    },
    async (req) => ok((req.body as { username: string }).username),
  );
  const Maybe = Type.Object({
    n: OptionalNullable(Type.Integer()),
    s: OptionalNullable(Type.String()),
    b: OptionalNullable(Type.Boolean()),
    q: OptionalNullable(Type.Integer()),
  });
  app.post(
    '/api/nullable-echo',
    {
      config: { access: 'anonymous' },
      schema: { body: Maybe, querystring: Type.Object({ q: OptionalNullable(Type.Integer()) }) },
    },
    async (req) => ok({ ...req.body, q: req.query.q }),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

describe('access levels', () => {
  it('anonymous routes ignore bad tokens and never renew', async () => {
    expect((await get('/api/anon', 'garbage')).json()).toEqual({
      status: 200,
      msg: 'success',
      data: { username: null },
    });
    const r = await get('/api/anon', 'tok-old');
    expect(r.json().data.username).toBe('alice');
    expect(r.headers['refresh-token']).toBeUndefined();
  });
  it('anonymous-strict refuses a bad token with HTTP 401 but lets anonymous in', async () => {
    const r = await get('/api/strict', 'garbage');
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ status: 401, msg: '登录状态已失效，请重新登录！' });
    expect((await get('/api/strict')).json().data.username).toBeNull();
  });
  it('login routes refuse anonymous with HTTP 401 and the catalogue text', async () => {
    const r = await get('/api/login-only');
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ status: 401, msg: '请您先登录！', data: null });
    expect((await get('/api/login-only', 'tok-user')).json().data.username).toBe('alice');
  });
  it('routes without an access level are login-only', async () => {
    expect((await get('/api/default')).statusCode).toBe(401);
    expect((await get('/api/default', 'tok-user')).statusCode).toBe(200);
  });
  it('role and permission guards answer HTTP 403', async () => {
    const r = await get('/api/admin-only', 'tok-user');
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ status: 403, msg: '对不起，您无权限进行此操作！', data: null });
    expect((await get('/api/admin-only', 'tok-admin')).statusCode).toBe(200);
    expect((await get('/api/perm', 'tok-user')).statusCode).toBe(403);
    expect((await get('/api/perm', 'tok-admin')).statusCode).toBe(200);
  });
  it('sliding renewal sets Authorization and Refresh-Token and echoes Url-Type', async () => {
    const r = await app.inject({
      method: 'GET',
      url: '/api/login-only',
      headers: { authorization: 'tok-old', 'url-type': 'general' },
    });
    expect(r.headers.authorization).toBe('tok-new');
    expect(r.headers['refresh-token']).toBe('true');
    expect(r.headers['url-type']).toBe('general');
  });
});

describe('envelope errors', () => {
  it('business errors are HTTP 200 with the envelope status', async () => {
    const r = await get('/api/biz');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 400, msg: 'nope', data: null });
    expect((await get('/api/missing')).json()).toEqual({ status: 404, msg: 'gone', data: null });
  });
  it('unexpected errors are HTTP 500 without leaking the message', async () => {
    const r = await get('/api/crash');
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ status: 500, msg: 'Server Error!', data: null });
  });
  it('missing and malformed query parameters are HTTP 400 with the catalogue text', async () => {
    const r = await get('/api/query');
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(
      "The required request parameters are missing：Required parameter 'submitId' is not present",
    );
    expect((await get('/api/query?submitId=abc')).statusCode).toBe(400);
    expect((await get('/api/query?submitId=7')).json().data).toBe(7);
  });
  it('malformed JSON and schema-declared messages', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 400, msg: 'Failed to parse parameter format!', data: null });
    const blank = await app.inject({ method: 'POST', url: '/api/body', payload: { username: '' } });
    expect(blank.json()).toEqual({ status: 400, msg: '用户名不能为空', data: null });
  });
  it('unknown paths get a 404 envelope', async () => {
    const r = await get('/api/nowhere');
    expect(r.statusCode).toBe(404);
    expect(r.json().status).toBe(404);
  });
});

describe('platform routes and headers', () => {
  it('answers preflight without auth and echoes CORS headers to its own origin only', async () => {
    const r = await app.inject({
      method: 'OPTIONS',
      url: '/api/login-only',
      headers: {
        host: 'x.test',
        origin: 'http://x.test',
        'access-control-request-headers': 'authorization,url-type',
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('http://x.test');
    expect(r.headers['access-control-allow-credentials']).toBe('true');
    expect(r.headers['access-control-allow-headers']).toBe('authorization,url-type');
    const evil = await app.inject({
      method: 'GET',
      url: '/api/anon',
      headers: { host: 'x.test', origin: 'https://evil.example' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
  });
  it('sends CSP, frame, nosniff and referrer headers on every answer', async () => {
    for (const url of ['/api/anon', '/api/nothing-here', '/healthz']) {
      const h = (await get(url)).headers;
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy']).toContain("script-src 'self'");
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
  it('authenticates before validating: an anonymous bad request gets 401, not a validation message', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/body-login', payload: { n: 'not a number' } });
    expect(r.statusCode).toBe(401);
  });
  it('keeps JSON null of an integer-or-null field null (no coercion to 0), and 0 stays 0', async () => {
    const n = await app.inject({ method: 'POST', url: '/api/nullable', payload: { gid: null } });
    expect(n.json().data).toEqual({ gid: null });
    const z = await app.inject({ method: 'POST', url: '/api/nullable', payload: { gid: 0 } });
    expect(z.json().data).toEqual({ gid: 0 });
  });
  it('refuses integers beyond 32 bits and NUL characters with 400', async () => {
    const big = await app.inject({ method: 'POST', url: '/api/nullable', payload: { gid: 2 ** 31 } });
    expect(big.statusCode).toBe(400);
    const huge = await app.inject({ method: 'POST', url: '/api/nullable', payload: { gid: 1e308 } });
    expect(huge.statusCode).toBe(400);
    const nul = await app.inject({ method: 'POST', url: '/api/nullable', payload: { gid: 1, s: 'a\u0000' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().status).toBe(400);
  });
  it('keeps a given request id and makes one otherwise', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-1' } })).headers[
        'x-request-id'
      ],
    ).toBe('abc-1');
    expect((await get('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('serves an OpenAPI document of the routes', async () => {
    const doc = (await get('/api/docs')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/query');
  });
});

describe('web client serving', () => {
  it('serves static files and falls back to index.html for client routes, never for /api', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dir, 'index.html'), '<html>shell</html>');
    writeFileSync(join(dir, 'app.js'), 'console.log(1)');
    const web = await buildApp({ webRoot: dir });
    await web.ready();
    expect((await web.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    const home = await web.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('shell');
    const page = await web.inject({ url: '/problem/1000' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('shell');
    const api = await web.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe(404);
    await web.close();
  });
});

describe('nullable fields under type coercion', () => {
  const echo = async (body: object, query = '') =>
    (await app.inject({ method: 'POST', url: `/api/nullable-echo${query}`, payload: body })).json() as {
      status: number;
      data: Record<string, unknown>;
    };

  it('keeps a null a null (coercion does not turn it into 0, "" or false)', async () => {
    const r = await echo({ n: null, s: null, b: null });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ n: null, s: null, b: null });
  });

  it('keeps 0, "" and false as sent, and still coerces strings from query and body', async () => {
    expect((await echo({ n: 0, s: '', b: false })).data).toMatchObject({ n: 0, s: '', b: false });
    expect((await echo({ n: '5', b: 'true' }, '?q=7')).data).toMatchObject({ n: 5, b: true, q: 7 });
  });

  it('refuses what is neither the type nor null with the envelope', async () => {
    const r = await echo({ n: 'x' });
    expect(r.status).toBe(400);
  });
});

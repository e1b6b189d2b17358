import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureClient, requestEnvelope } from './client';

type FetchArgs = [string, RequestInit];

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
}

describe('HTTP client', () => {
  let token: string | null;
  const calls = { unauthorized: [] as string[], forbidden: [] as string[], errors: [] as string[] };
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    token = 'old-token';
    calls.unauthorized = [];
    calls.forbidden = [];
    calls.errors = [];
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    configureClient({
      getToken: () => token,
      setToken: (t) => (token = t),
      onUnauthorized: (type) => calls.unauthorized.push(type),
      onForbidden: (type) => calls.forbidden.push(type),
      notifyError: (text) => calls.errors.push(text),
      translate: (key) => `T(${key})`,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the token and resolves with data', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 200, msg: 'success', data: { comment: 3 } }));
    await expect(api.get('/api/msg/unread')).resolves.toEqual({ comment: 3 });
    const [url, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(url).toBe('/api/msg/unread');
    expect(new Headers(init.headers).get('authorization')).toBe('old-token');
    expect(new Headers(init.headers).get('url-type')).toBe('general');
  });

  it('stores the token from a login response and sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(
      reply(200, { status: 200, msg: 'success', data: { username: 'a' } }, { Authorization: 'fresh' }),
    );
    const env = await requestEnvelope('POST', '/api/login', { body: { username: 'a', password: 'b' } });
    expect(env.data).toEqual({ username: 'a' });
    expect(token).toBe('fresh');
    const [, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(new Headers(init.headers).get('authorization')).toBeNull();
    expect(init.body).toBe('{"username":"a","password":"b"}');
  });

  it('replaces the token on a sliding refresh even when the call fails', async () => {
    fetchMock.mockResolvedValue(
      reply(
        200,
        { status: 400, msg: 'nope', data: null },
        { Authorization: 'rolled', 'Refresh-Token': 'true' },
      ),
    );
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(token).toBe('rolled');
    expect(calls.errors).toEqual(['nope']);
  });

  it('rejects a non-200 envelope with its msg and no session side effects', async () => {
    fetchMock.mockResolvedValue(
      reply(200, { status: 401, msg: '对不起！本站暂未开启注册功能！', data: null }),
    );
    await expect(api.get('/api/get-register-code', { email: 'a@b.c' })).rejects.toThrow(
      '对不起！本站暂未开启注册功能！',
    );
    expect(calls.unauthorized).toEqual([]);
    expect((fetchMock.mock.calls[0] as FetchArgs)[0]).toBe('/api/get-register-code?email=a%40b.c');
  });

  it('HTTP 401 on an admin URL reports admin; without msg it stays silent', async () => {
    fetchMock.mockResolvedValue(reply(401, ''));
    await expect(api.get('/api/admin/user/get-user-list')).rejects.toBeInstanceOf(ApiError);
    expect(calls.unauthorized).toEqual(['admin']);
    expect(calls.errors).toEqual([]);
  });

  it('HTTP 401 with msg on a general URL toasts it', async () => {
    fetchMock.mockResolvedValue(reply(401, { status: 401, msg: '登录状态已失效，请重新登录！' }));
    await expect(api.get('/api/msg/unread')).rejects.toBeInstanceOf(ApiError);
    expect(calls.unauthorized).toEqual(['general']);
    expect(calls.errors).toEqual(['登录状态已失效，请重新登录！']);
  });

  it('HTTP 403 asks for a role refresh', async () => {
    fetchMock.mockResolvedValue(reply(403, { status: 403, msg: 'no', data: null }));
    await expect(api.post('/api/admin/problem', {})).rejects.toBeInstanceOf(ApiError);
    expect(calls.forbidden).toEqual(['admin']);
  });

  it('HTTP 404 and 500 use the fixed texts when there is no msg', async () => {
    fetchMock.mockResolvedValueOnce(reply(404, { status: 404, error: 'Not Found' }));
    await expect(api.get('/api/nothing')).rejects.toThrow('T(error.notFound)');
    fetchMock.mockResolvedValueOnce(reply(500, ''));
    await expect(api.get('/api/boom')).rejects.toThrow('T(error.server)');
  });

  it('quiet calls do not toast', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 500, msg: 'x', data: null }));
    await expect(api.get('/api/home-carousel', undefined, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(calls.errors).toEqual([]);
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toThrow('T(error.network)');
  });

  it('aborts after the timeout and reports it as a timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/api/slow', undefined, { timeoutMs: 90_000 });
    const check = expect(pending).rejects.toThrow('T(error.timeout)');
    await vi.advanceTimersByTimeAsync(89_999);
    expect(calls.errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    await check;
  });
});
